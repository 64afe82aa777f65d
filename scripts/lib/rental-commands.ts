import { rentalPlans, type RentalPlan } from "~/config/rental-plans";
import { site } from "~/config/site";
import {
  addBlockStatement,
  blockConflictsStatement,
  fleetConflictsStatement,
  holdDecisions,
  holdWithReference,
  removeBlockStatement,
  setFleetStatement,
  statusChangeQuery,
  type AffectedHoldDay,
  type HoldDecision,
  type RentalHoldStatus,
} from "~/features/rentals/rental-holds.server";
import { addDays, daysBetween, isCalendarDay, localMoment } from "~/lib/calendar-days";
import { normalReference } from "~/server/booking-keys.server";
import { formatMoney } from "~/lib/format";
import { query, queryEach, type D1Target } from "./d1";
import {
  blockRowSql,
  fleetCartsSql,
  fleetSql,
  holdRowSql,
  holdRowsSql,
  type BlockRow,
  type HoldRow,
} from "./rental-sql";
import { StaffRefusal as Refusal, where } from "./staff-messages";
import { offlineDatabase, sqlText } from "./statement-text";

/** Arguments that do not make a command: the CLI prints the message and its usage, and exits with 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

export const holdStatuses = [
  "requested",
  "confirmed",
  "declined",
  "cancelled",
  "expired",
] as const satisfies readonly RentalHoldStatus[];

type PlanId = RentalPlan["id"];

export function planArgument(value: string | undefined): PlanId {
  const plan = rentalPlans.find((candidate) => candidate.id === value);
  if (!plan) {
    throw new UsageError(
      `${value === undefined ? "No class given" : `"${value}" is not a rental class`}: use one of ${rentalPlans.map((candidate) => candidate.id).join(", ")}.`,
    );
  }
  return plan.id;
}

export function statusArgument(value: string): RentalHoldStatus {
  const status = holdStatuses.find((candidate) => candidate === value);
  if (!status) throw new UsageError(`"${value}" is not a hold status: use one of ${holdStatuses.join(", ")}.`);
  return status;
}

// A fleet this size is a typing slip (an extra zero), not a dealer's carts.
const maxCarts = 999;

export function cartsArgument(value: string | undefined): number {
  const carts = /^\d{1,4}$/.test(value ?? "") ? Number(value) : Number.NaN;
  if (!Number.isInteger(carts) || carts > maxCarts) {
    throw new UsageError(`"${value ?? ""}" is not a number of carts: give a whole number from 0 to ${maxCarts}.`);
  }
  return carts;
}

export function dayArgument(value: string | undefined, what: string): string {
  if (value === undefined || !isCalendarDay(value)) {
    throw new UsageError(`The ${what} "${value ?? ""}" is not a date: write it as YYYY-MM-DD, e.g. 2026-12-24.`);
  }
  return value;
}

export function blockIdArgument(value: string | undefined): number {
  if (!/^[1-9]\d{0,9}$/.test(value ?? "")) {
    throw new UsageError(`"${value ?? ""}" is not a block number: the numbers are in: npm run rentals -- fleet`);
  }
  return Number(value);
}

/** The dealer's today: the day fleet changes start counting from. */
const dealerToday = () => localMoment(new Date(), site.timeZone).day;

const planTitle = (plan: string) => rentalPlans.find((candidate) => candidate.id === plan)?.title ?? plan;
const cartWord = (count: number) => (count === 1 ? "1 cart" : `${count} carts`);
const holdWord = (count: number) => (count === 1 ? "1 hold" : `${count} holds`);

/** "2026-12-24 – 2026-12-27 (3 days)": out on the first day, back on the second. */
function holdDates(start: string, days: number): string {
  return `${start} – ${addDays(start, days)} (${days === 1 ? "1 day" : `${days} days`})`;
}

function describeHold(hold: HoldRow): string {
  const total = hold.total === null ? "no total" : formatMoney(hold.total);
  return `${hold.reference} (${planTitle(hold.plan)}, ${holdDates(hold.start_day, hold.days)}, ${hold.first_name} ${hold.last_name} ${hold.phone}, ${total})`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]!.length))) ?? [];
  return rows.map((row) =>
    `  ${row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  ")}`.trimEnd(),
  );
}

export function listHolds(target: D1Target, status: RentalHoldStatus | undefined): number {
  const holds = query<HoldRow>(target, holdRowsSql(status));
  if (holds.length === 0) {
    console.log(`No ${status ? `${status} ` : ""}holds ${where(target)}.`);
    return 0;
  }
  console.log(`${holdWord(holds.length)}${status ? ` ${status}` : ""} ${where(target)}, by start day:`);
  const rows = holds.map((hold) => [
    hold.reference,
    hold.status,
    planTitle(hold.plan),
    holdDates(hold.start_day, hold.days),
    `${hold.first_name} ${hold.last_name}`,
    hold.phone,
    hold.total === null ? "" : formatMoney(hold.total),
  ]);
  for (const line of table(rows)) console.log(line);
  return 0;
}

const pastTense: Record<HoldDecision, string> = { confirm: "confirmed", decline: "declined", cancel: "cancelled" };

/** Why a hold in `status` cannot take `decision`, in words staff can act on. */
function wrongStatus(reference: string, status: RentalHoldStatus, decision: HoldDecision): string {
  const { to } = holdDecisions[decision];
  if (status === to) return `${reference} is already ${status}; nothing was changed.`;
  const lines = [`${reference} is ${status}, so it cannot be ${pastTense[decision]}; nothing was changed.`];
  if (decision === "decline" && status === "confirmed") {
    lines.push(`To release a confirmed hold's cart, cancel it: npm run rentals -- cancel ${reference}`);
  }
  if (status === "expired") {
    lines.push(
      `Nobody confirmed it within ${site.rentalBooking.holdHours} hours, so its cart was released; the renter can book again.`,
    );
  }
  return lines.join("\n");
}

const unknownHold = (reference: string, target: D1Target) =>
  `No hold has the reference ${reference} ${where(target)}; nothing was changed. The references are in: npm run rentals -- list`;

const decisionDone: Record<HoldDecision, string> = {
  confirm: "The renter's status page now says confirmed.",
  decline: "Its cart is free again for those days.",
  cancel: "Its cart is free again for those days.",
};

export function decide(target: D1Target, decision: HoldDecision, typed: string, dryRun: boolean): number {
  const reference = normalReference(typed);
  if (dryRun) {
    const [hold] = query<HoldRow>(target, holdRowSql(reference));
    if (!hold) throw new Refusal(unknownHold(reference, target));
    if (!(holdDecisions[decision].from as readonly string[]).includes(hold.status)) {
      throw new Refusal(wrongStatus(reference, hold.status, decision));
    }
    console.log(`Would ${decision} ${describeHold(hold)} ${where(target)} (dry run, nothing written).`);
    return 0;
  }
  // The Worker's own guarded UPDATE, then the hold as it stands, in one batch: a refusal names the
  // status the UPDATE found, not one read a moment later.
  const [changed, [hold]] = queryEach(
    target,
    [sqlText(statusChangeQuery(offlineDatabase, holdWithReference(reference), decision)), holdRowSql(reference)].join(
      ";\n",
    ),
  ) as [unknown[], HoldRow[]];
  if (!hold) throw new Refusal(unknownHold(reference, target));
  if (changed.length === 0) throw new Refusal(wrongStatus(reference, hold.status, decision));
  const verb = pastTense[decision];
  console.log(
    `${verb[0]!.toUpperCase()}${verb.slice(1)} ${describeHold(hold)} ${where(target)}. ${decisionDone[decision]}`,
  );
  return 0;
}

/** "2026-12-24 to 2026-12-26, 2026-12-29": the days, with runs of consecutive ones joined. */
function dayRuns(days: string[]): string {
  const runs: [string, string][] = [];
  for (const day of [...days].sort()) {
    const last = runs.at(-1);
    if (last && daysBetween(last[1], day) === 1) last[1] = day;
    else if (!last || last[1] !== day) runs.push([day, day]);
  }
  return runs.map(([first, last]) => (first === last ? first : `${first} to ${last}`)).join(", ");
}

/** One line per hold: who to call, and on which days there are more renters than carts. */
function affectedLines(rows: AffectedHoldDay[]): string[] {
  const holds = new Map<string, { row: AffectedHoldDay; days: string[] }>();
  for (const row of rows) {
    const hold = holds.get(row.reference) ?? { row, days: [] };
    hold.days.push(row.day);
    holds.set(row.reference, hold);
  }
  return table(
    [...holds.values()].map(({ row, days }) => [
      row.reference,
      row.status,
      holdDates(row.start, row.days),
      `${row.firstName} ${row.lastName}`,
      `over capacity on ${dayRuns(days)}`,
    ]),
  );
}

const countHolds = (rows: AffectedHoldDay[]) => new Set(rows.map((row) => row.reference)).size;

export function showFleet(target: D1Target): number {
  const [fleet, blocks] = queryEach(target, fleetSql(dealerToday())) as [{ plan: string; carts: number }[], BlockRow[]];
  const carts = new Map(fleet.map((row) => [row.plan, row.carts]));
  console.log(`Rental fleet ${where(target)}:`);
  for (const line of table(
    rentalPlans.map((plan) => [plan.id, carts.has(plan.id) ? cartWord(carts.get(plan.id)!) : "not set (not bookable)"]),
  ))
    console.log(line);
  if (blocks.length === 0) {
    console.log("No maintenance blocks today or later.");
    return 0;
  }
  console.log("Maintenance blocks (one cart each), today or later:");
  for (const line of table(
    blocks.map((block) => [
      `${block.id}`,
      block.plan,
      `${block.firstDay} to ${addDays(block.endDay, -1)}`,
      block.note ?? "",
    ]),
  ))
    console.log(line);
  return 0;
}

export function setFleet(
  target: D1Target,
  plan: PlanId,
  carts: number,
  options: { force: boolean; dryRun: boolean },
): number {
  const today = dealerToday();
  const change = `${planTitle(plan)} fleet to ${cartWord(carts)}`;
  // One batch, so the holds listed are the ones the write found: unforced, what stands in the way is
  // read before the conditional write; forced, what the write left over capacity is read after it.
  const write = sqlText(setFleetStatement(plan, carts, { today, force: options.force }));
  const conflictsRead = sqlText(fleetConflictsStatement(plan, options.force && !options.dryRun ? "now" : carts, today));
  const steps = options.dryRun ? [conflictsRead] : options.force ? [write, conflictsRead] : [conflictsRead, write];
  const [beforeRows, ...results] = queryEach(target, [fleetCartsSql(plan), ...steps].join(";\n"));
  const before = (beforeRows as { carts: number }[])[0]?.carts;
  const was = before === undefined ? "not set before" : before === carts ? "unchanged" : `was ${before}`;
  const conflicts = results[steps.indexOf(conflictsRead)] as AffectedHoldDay[];
  const written = steps.includes(write) && (results[steps.indexOf(write)] as unknown[]).length > 0;
  if (options.dryRun) {
    if (conflicts.length > 0 && !options.force)
      throw new Refusal(strandedMessage(`Setting the ${change}`, conflicts, true));
    console.log(`Would set the ${change} ${where(target)} (${was}; dry run, nothing written).`);
    if (conflicts.length > 0) console.log(attentionMessage(conflicts, true));
    return 0;
  }
  if (!written) {
    if (conflicts.length === 0) {
      throw new Refusal(`The database did not take the new count; nothing was changed. Run the command again.`);
    }
    throw new Refusal(strandedMessage(`Setting the ${change}`, conflicts, false));
  }
  console.log(`Set the ${change} ${where(target)} (${was}).`);
  if (conflicts.length > 0) console.log(attentionMessage(conflicts, false));
  return 0;
}

function strandedMessage(change: string, conflicts: AffectedHoldDay[], dryRun: boolean): string {
  return [
    `${change} would leave ${countHolds(conflicts) === 1 ? "this hold" : "these holds"} without a cart, so nothing was ${dryRun ? "written (dry run)" : "changed"}:`,
    ...affectedLines(conflicts),
    "Cancel or move those holds first, or run the same command with --force to change it anyway (then call those renters).",
  ].join("\n");
}

function attentionMessage(conflicts: AffectedHoldDay[], dryRun: boolean): string {
  const one = countHolds(conflicts) === 1;
  const verb = dryRun ? "would be" : one ? "is" : "are";
  return [
    `${one ? "This hold" : "These holds"} ${verb} on days with more renters than carts; call the renters:`,
    ...affectedLines(conflicts),
  ].join("\n");
}

export function block(
  target: D1Target,
  plan: PlanId,
  firstDay: string,
  lastDay: string,
  options: { note?: string; force: boolean; dryRun: boolean },
): number {
  if (lastDay < firstDay) throw new UsageError(`The last day ${lastDay} is before the first day ${firstDay}.`);
  const span = `${firstDay} to ${lastDay}`;
  const change = `Taking a ${planTitle(plan)} cart out of service from ${span}`;
  let write: string;
  let conflictsRead: string;
  try {
    write = sqlText(addBlockStatement(plan, firstDay, lastDay, { note: options.note, force: options.force }));
    conflictsRead = sqlText(
      blockConflictsStatement(plan, firstDay, lastDay, options.force && !options.dryRun ? "now" : "one more"),
    );
  } catch (error) {
    // The store's own bound on a span of days (a block of years is a typing slip).
    if (error instanceof RangeError) {
      const days = daysBetween(firstDay, lastDay) + 1;
      throw new UsageError(`${span} is ${days} days, too long for one block; check the dates.`);
    }
    throw error;
  }
  // As for `fleet set`: one batch, the read before an unforced write and after a forced one.
  const steps = options.dryRun ? [conflictsRead] : options.force ? [write, conflictsRead] : [conflictsRead, write];
  const results = queryEach(target, steps.join(";\n"));
  const conflicts = results[steps.indexOf(conflictsRead)] as AffectedHoldDay[];
  const inserted = (steps.includes(write) ? results[steps.indexOf(write)] : []) as { id: number }[];
  if (options.dryRun) {
    if (conflicts.length > 0 && !options.force) throw new Refusal(strandedMessage(change, conflicts, true));
    console.log(
      `Would take one ${planTitle(plan)} cart out of service from ${span} ${where(target)} (dry run, nothing written).`,
    );
    if (conflicts.length > 0) console.log(attentionMessage(conflicts, true));
    return 0;
  }
  const [row] = inserted;
  if (!row) {
    if (conflicts.length === 0)
      throw new Refusal("The database did not take the block; nothing was changed. Run the command again.");
    throw new Refusal(strandedMessage(change, conflicts, false));
  }
  console.log(
    `Took one ${planTitle(plan)} cart out of service from ${span} ${where(target)}: block ${row.id}. To put it back: npm run rentals -- unblock ${row.id}`,
  );
  if (conflicts.length > 0) console.log(attentionMessage(conflicts, false));
  return 0;
}

export function unblock(target: D1Target, id: number, dryRun: boolean): number {
  const rows = query<BlockRow>(target, dryRun ? blockRowSql(id) : sqlText(removeBlockStatement(id)));
  const [removed] = rows;
  if (!removed) {
    throw new Refusal(
      `No maintenance block has the number ${id} ${where(target)}; nothing was changed. The blocks are in: npm run rentals -- fleet`,
    );
  }
  const what = `block ${removed.id} (${planTitle(removed.plan)}, ${removed.firstDay} to ${addDays(removed.endDay, -1)}${removed.note ? `, ${removed.note}` : ""})`;
  if (dryRun) console.log(`Would remove ${what} ${where(target)} (dry run, nothing written).`);
  else console.log(`Removed ${what} ${where(target)}: that cart is back in service.`);
  return 0;
}
