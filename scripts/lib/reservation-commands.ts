import { purchaseTerms } from "~/config/site";
import {
  reservationDecisions,
  reservationStatusChangeQuery,
  reservationWithReference,
  type CartReservationStatus,
  type ReservationDecision,
} from "~/features/reservations/reservation-store.server";
import { findDeliveryTown } from "~/lib/delivery";
import { formatMoney } from "~/lib/format";
import { normalReference } from "~/server/booking-keys.server";
import { literal } from "./catalogue-sql";
import { query, queryEach, type D1Target } from "./d1";
import { StaffRefusal as Refusal, where } from "./staff-messages";
import { offlineDatabase, sqlText } from "./statement-text";

/** Arguments that do not make a command: the CLI prints the message and its usage, and exits with 2. */
export class ReservationUsageError extends Error {
  override name = "ReservationUsageError";
}

export const reservationStatuses = [
  "requested",
  "confirmed",
  "declined",
  "cancelled",
  "expired",
  "sold",
] as const satisfies readonly CartReservationStatus[];

export function reservationStatusArgument(value: string): CartReservationStatus {
  const status = reservationStatuses.find((candidate) => candidate === value);
  if (!status) {
    throw new ReservationUsageError(
      `"${value}" is not a reservation status: use one of ${reservationStatuses.join(", ")}.`,
    );
  }
  return status;
}

/** A reservation as the CLI shows it: who to call about which cart, at what price. */
interface ReservationRow {
  reference: string;
  status: CartReservationStatus;
  vehicle_id: string;
  vehicle_name: string | null;
  town: string | null;
  first_name: string;
  last_name: string;
  phone: string;
  total: number | null;
  created_at: string;
}

const rowColumns = `r.reference, r.status, r.vehicle_id, v.name AS vehicle_name,
  json_extract(r.delivery, '$.town') AS town, r.first_name, r.last_name, r.phone,
  json_extract(r.price, '$.total') AS total, r.created_at`;
const fromReservations = "FROM cart_reservations AS r LEFT JOIN vehicles AS v ON v.id = r.vehicle_id";

function rowSql(reference: string): string {
  return `SELECT ${rowColumns} ${fromReservations} WHERE r.reference = ${literal(reference)}`;
}

function rowsSql(status?: CartReservationStatus): string {
  const filter = status ? ` WHERE r.status = ${literal(status)}` : "";
  return `SELECT ${rowColumns} ${fromReservations}${filter} ORDER BY r.created_at, r.reference`;
}

const reservationWord = (count: number) => (count === 1 ? "1 reservation" : `${count} reservations`);
const cartOf = (row: ReservationRow) => row.vehicle_name ?? row.vehicle_id;
const placeOf = (row: ReservationRow) =>
  row.town ? `delivery to ${findDeliveryTown(row.town)?.name ?? row.town}` : "pickup";
const totalOf = (row: ReservationRow) => (row.total === null ? "no total" : formatMoney(row.total));

function describe(row: ReservationRow): string {
  return `${row.reference} (${cartOf(row)}, ${placeOf(row)}, ${row.first_name} ${row.last_name} ${row.phone}, ${totalOf(row)})`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]!.length))) ?? [];
  return rows.map((row) =>
    `  ${row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  ")}`.trimEnd(),
  );
}

export function listReservations(target: D1Target, status: CartReservationStatus | undefined): number {
  const rows = query<ReservationRow>(target, rowsSql(status));
  if (rows.length === 0) {
    console.log(`No ${status ? `${status} ` : ""}cart reservations ${where(target)}.`);
    return 0;
  }
  console.log(`${reservationWord(rows.length)}${status ? ` ${status}` : ""} ${where(target)}, oldest first:`);
  const cells = rows.map((row) => [
    row.reference,
    row.status,
    cartOf(row),
    placeOf(row),
    `${row.first_name} ${row.last_name}`,
    row.phone,
    row.created_at.slice(0, 16).replace("T", " "),
    totalOf(row),
  ]);
  for (const line of table(cells)) console.log(line);
  return 0;
}

const pastTense: Record<ReservationDecision, string> = { confirm: "confirmed", decline: "declined", sold: "sold" };

/** Why a reservation in `status` cannot take `decision`, in words staff can act on. */
function wrongStatus(reference: string, status: CartReservationStatus, decision: ReservationDecision): string {
  const { to } = reservationDecisions[decision];
  if (status === to) return `${reference} is already ${status}; nothing was changed.`;
  const lines = [`${reference} is ${status}, so it cannot be ${pastTense[decision]}; nothing was changed.`];
  if (status === "expired") {
    lines.push(
      `Nobody confirmed it within ${purchaseTerms.reservationHoldHours} hours, so its cart was released; the buyer can reserve again.`,
    );
  }
  return lines.join("\n");
}

const unknownReservation = (reference: string, target: D1Target) =>
  `No cart reservation has the reference ${reference} ${where(target)}; nothing was changed. The references are in: npm run reservations -- list`;

const decisionDone: Record<ReservationDecision, string> = {
  confirm: "The buyer's reservation page now says confirmed; the cart stays held for them.",
  decline: "The cart can be reserved again.",
  sold: "The unit is off the lot: the vehicle's stock count went down by one.",
};

export function decideReservation(
  target: D1Target,
  decision: ReservationDecision,
  typed: string,
  dryRun: boolean,
): number {
  const reference = normalReference(typed);
  if (dryRun) {
    const [row] = query<ReservationRow>(target, rowSql(reference));
    if (!row) throw new Refusal(unknownReservation(reference, target));
    if (!(reservationDecisions[decision].from as readonly string[]).includes(row.status)) {
      throw new Refusal(wrongStatus(reference, row.status, decision));
    }
    console.log(`Would mark ${describe(row)} ${pastTense[decision]} ${where(target)} (dry run, nothing written).`);
    return 0;
  }
  // The Worker's own guarded UPDATE, then the reservation as it stands, in one batch: a refusal
  // names the status the UPDATE found, not one read a moment later.
  const change = sqlText(reservationStatusChangeQuery(offlineDatabase, reservationWithReference(reference), decision));
  const [changed, [row]] = queryEach(target, [change, rowSql(reference)].join(";\n")) as [unknown[], ReservationRow[]];
  if (!row) throw new Refusal(unknownReservation(reference, target));
  if (changed.length === 0) throw new Refusal(wrongStatus(reference, row.status, decision));
  const verb = pastTense[decision];
  console.log(
    `${verb[0]!.toUpperCase()}${verb.slice(1)}: ${describe(row)} ${where(target)}. ${decisionDone[decision]}`,
  );
  return 0;
}
