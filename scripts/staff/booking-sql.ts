import type { BookingKind, BookingStatus } from "~/config/booking-kinds";
import { blocksAheadStatement, poolsHeldStatement } from "~/features/bookings/capacity-changes.server";
import { literal } from "./catalogue-sql";
import { sqlText } from "./statement-text";

/** The booking store's rows as the staff tool reads them. */

/** A booking as the staff tool shows it: what was booked, who to call, at what price. */
export interface BookingRow {
  reference: string;
  kind: BookingKind;
  pool: string;
  status: BookingStatus;
  summary: string;
  start_day: string;
  first_name: string;
  last_name: string;
  phone: string;
  created_at: string;
  /** Dollars, from the price the customer was shown; null when it has none (service is quoted later). */
  total: number | null;
  /** When its status last changed; null while nobody has answered it. */
  decided_at: string | null;
  /** Who changed it last: a staff member's address, "terminal", "customer" or "site". */
  decided_by: string | null;
  /** A rental's additional drivers, each of whom signs a waiver (issue 56). */
  drivers: number | null;
  /** A rental's paperwork signatures, as JSON: [{ signer, name, at }]. */
  paperwork: string | null;
  /** Its deposit payments, as JSON: [{ state, amountCents, refundCents }] (issue 57). */
  payments: string | null;
}

const rowColumns =
  "reference, kind, pool, status, summary, start_day, first_name, last_name, phone, created_at, json_extract(quote, '$.total') AS total, decided_at, decided_by, json_extract(request, '$.drivers') AS drivers, (SELECT json_group_array(json_object('signer', signer, 'name', signer_name, 'at', signed_at)) FROM paperwork_signatures WHERE paperwork_signatures.reference = bookings.reference) AS paperwork, (SELECT json_group_array(json_object('state', state, 'amountCents', amount_cents, 'refundCents', refund_cents)) FROM booking_payments WHERE booking_payments.reference = bookings.reference) AS payments";

export function bookingRowSql(reference: string): string {
  return `SELECT ${rowColumns} FROM bookings WHERE reference = ${literal(reference)}`;
}

/** By first day, then as they were placed. */
export function bookingRowsSql(filter: { kind?: BookingKind; status?: BookingStatus }): string {
  const conditions = [
    filter.kind ? `kind = ${literal(filter.kind)}` : null,
    filter.status ? `status = ${literal(filter.status)}` : null,
  ].filter(Boolean);
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(" AND ")}` : "";
  return `SELECT ${rowColumns} FROM bookings${where} ORDER BY start_day, created_at, reference`;
}

export type { BlockRow, PoolHeld as PoolRow } from "~/features/bookings/capacity-changes.server";

export function blockRowSql(id: number): string {
  return `SELECT id, pool, first_day AS firstDay, end_day AS endDay, note FROM booking_blocks WHERE id = ${literal(id)}`;
}

/**
 * The engine's reads the Blocks staff page makes too (the pools with the places held today, then
 * the blocks not yet over), as one batch, so both are of the same moment.
 */
export function capacitySql(today: string): string {
  return [sqlText(poolsHeldStatement(today)), sqlText(blocksAheadStatement(today))].join(";\n");
}

export function poolCapacitySql(pool: string): string {
  return `SELECT capacity FROM booking_pools WHERE pool = ${literal(pool)}`;
}
