import type { RentalHoldStatus } from "~/features/rentals/rental-holds.server";
import { literal } from "./catalogue-sql";

/** The rental store's rows as the staff CLI reads them. */

/** A hold as the CLI shows it. */
export interface HoldRow {
  reference: string;
  plan: string;
  start_day: string;
  end_day: string;
  days: number;
  status: RentalHoldStatus;
  first_name: string;
  last_name: string;
  phone: string;
  /** Dollars, from the quote the renter was shown; null if the stored quote has none. */
  total: number | null;
}

const holdRowColumns =
  "reference, plan, start_day, end_day, days, status, first_name, last_name, phone, json_extract(quote, '$.total') AS total";

export function holdRowSql(reference: string): string {
  return `SELECT ${holdRowColumns} FROM rental_holds WHERE reference = ${literal(reference)}`;
}

/** In the order `listHolds` gives them: by start day, then as they were placed. */
export function holdRowsSql(status?: RentalHoldStatus): string {
  const filter = status ? ` WHERE status = ${literal(status)}` : "";
  return `SELECT ${holdRowColumns} FROM rental_holds${filter} ORDER BY start_day, created_at, reference`;
}

export interface BlockRow {
  id: number;
  plan: string;
  firstDay: string;
  endDay: string;
  note: string | null;
}

export function blockRowSql(id: number): string {
  return `SELECT id, plan, first_day AS firstDay, end_day AS endDay, note FROM rental_blocks WHERE id = ${literal(id)}`;
}

/** The fleet, then the blocks not yet over on `today`: one batch, so both are of the same moment. */
export function fleetSql(today: string): string {
  return [
    "SELECT plan, carts FROM rental_fleet",
    `SELECT id, plan, first_day AS firstDay, end_day AS endDay, note FROM rental_blocks WHERE end_day > ${literal(today)} ORDER BY first_day, id`,
  ].join(";\n");
}

export function fleetCartsSql(plan: string): string {
  return `SELECT carts FROM rental_fleet WHERE plan = ${literal(plan)}`;
}
