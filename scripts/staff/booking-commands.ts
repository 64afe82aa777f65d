import { moneyWords, type MoneyRow } from "~/features/payments/deposit-money";
import {
  bookingDecisions,
  bookingKinds,
  bookingKindNames,
  bookingStatuses,
  type BookingDecisionName,
  type BookingKind,
  type BookingStatus,
} from "~/config/booking-kinds";
import { poolDefaults, type PoolDefault } from "~/config/booking-pools";
import { site } from "~/config/site";
import {
  affectedByBooking,
  addBlockStatement,
  blockConflictsStatement,
  capacityConflictsStatement,
  removeBlockStatement,
  setCapacityStatement,
  type AffectedBookingDay,
} from "~/features/bookings/capacity-changes.server";
import { bookingWithReference, staffDecision, statusChangeQuery } from "~/features/bookings/capacity.server";
import {
  decisionDone,
  decisionHeadline,
  decisionPastTense,
  decisionRefusal,
  lastChangeWords,
  unknownReference,
} from "~/features/bookings/booking-decisions";
import {
  attentionWords,
  blockIsOver,
  blockRemoved,
  blockTooLong,
  blockWords,
  heldToday,
  lastDayBeforeFirst,
  noBlocksAhead,
  noSuchBlock,
  notADay,
  notBookable,
  places,
  poolTitle,
  strandedRefusal,
  takingOutOfService,
  tookOutOfService,
  type CapacityWords,
} from "~/features/bookings/booking-capacity-words";
import { addDays, isCalendarDay, localMoment } from "~/lib/calendar-days";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { formatMoney } from "~/lib/format";
import { normalReference } from "~/server/booking-keys.server";
import { literal } from "./catalogue-sql";
import {
  blockRowSql,
  bookingRowSql,
  bookingRowsSql,
  capacitySql,
  poolCapacitySql,
  type BlockRow,
  type BookingRow,
  type PoolRow,
} from "./booking-sql";
import { sendChange, databaseName, query, queryEach, type D1Target } from "./d1";
import { StaffRefusal as Refusal, where } from "./staff-messages";
import { offlineDatabase } from "./offline-database";
import { sqlText } from "./statement-text";
import { visibleText } from "~/lib/visible-text";
import { visibleLines } from "./visible-lines";

/**
 * `npm run bookings`: the staff's one tool for every kind of booking (rentals, service drop-offs,
 * storage spaces, cart reservations), sending the capacity engine's own statements through wrangler.
 */

/** Arguments that do not make a command: the CLI prints the message and its usage, and exits with 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

export function kindArgument(value: string): BookingKind {
  const kind = bookingKindNames.find((candidate) => candidate === value);
  if (!kind) throw new UsageError(`"${value}" is not a kind of booking: use one of ${bookingKindNames.join(", ")}.`);
  return kind;
}

export function statusArgument(value: string): BookingStatus {
  const status = bookingStatuses.find((candidate) => candidate === value);
  if (!status) throw new UsageError(`"${value}" is not a booking status: use one of ${bookingStatuses.join(", ")}.`);
  return status;
}

export function poolArgument(value: string | undefined): PoolDefault {
  const pool = poolDefaults.find((candidate) => candidate.pool === value);
  if (!pool) {
    const vehicle = value?.startsWith("vehicle:")
      ? " A vehicle's units are its unitsInStock, set by catalogue import."
      : "";
    throw new UsageError(
      `${value === undefined ? "No pool given" : `"${value}" is not a pool`}: use one of ${poolDefaults.map((candidate) => candidate.pool).join(", ")}.${vehicle}`,
    );
  }
  return pool;
}

// A capacity this size is a typing slip (an extra zero), not a dealer's carts or spaces.
const maxCapacity = 999;

export function capacityArgument(value: string | undefined): number {
  const capacity = /^\d{1,4}$/.test(value ?? "") ? Number(value) : Number.NaN;
  if (!Number.isInteger(capacity) || capacity > maxCapacity) {
    throw new UsageError(`"${value ?? ""}" is not a number of places: give a whole number from 0 to ${maxCapacity}.`);
  }
  return capacity;
}

export function dayArgument(value: string | undefined, what: string): string {
  if (value === undefined || !isCalendarDay(value)) {
    throw new UsageError(notADay(what, value));
  }
  return value;
}

export function blockIdArgument(value: string | undefined): number {
  if (!/^[1-9]\d{0,9}$/.test(value ?? "")) {
    throw new UsageError(`"${value ?? ""}" is not a block number: the numbers are in: npm run bookings -- capacity`);
  }
  return Number(value);
}

/**
 * Every line this command prints, with stored text's control characters made visible: names,
 * summaries and notes come from visitors and staff, and an escape sequence among them would
 * otherwise drive the terminal.
 */
const print = (text: string) => console.log(visibleLines(text));

/** The dealer's today: the day capacity changes start counting from. */
const dealerToday = () => localMoment(new Date(), site.timeZone).day;

const bookingWord = (count: number) => (count === 1 ? "1 booking" : `${count} bookings`);

function table(cells: string[][]): string[] {
  // A cell is one value: a line break stored in it shows as \n rather than breaking the table.
  const rows = cells.map((row) => row.map((cell) => visibleText(cell)));
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]!.length))) ?? [];
  return rows.map((row) =>
    `  ${row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  ")}`.trimEnd(),
  );
}

const totalOf = (row: BookingRow) => (row.total === null ? "quoted later" : formatMoney(row.total));

function describe(row: BookingRow): string {
  const [summary, firstName, lastName, phone] = [row.summary, row.first_name, row.last_name, row.phone].map((text) =>
    visibleText(text),
  );
  return `${row.reference} (${bookingKinds[row.kind].label}: ${summary}, ${firstName} ${lastName} ${phone}, ${totalOf(row)})`;
}

/**
 * A confirmed rental's paperwork, each signer's in a few words: "paperwork: renter signed by Ada
 * Lovelace 2026-07-03 18:02 EDT, driver 1 not signed"; empty for anything else.
 */
function paperworkWords(row: BookingRow): string {
  if (row.kind !== "rental" || row.status !== "confirmed") return "";
  const signed = new Map(
    (JSON.parse(row.paperwork ?? "[]") as { signer: string; name: string; at: string }[]).map((entry) => [
      entry.signer,
      entry,
    ]),
  );
  const signers = [
    "renter",
    ...Array.from({ length: Math.max(0, row.drivers ?? 0) }, (_, index) => `driver-${index + 1}`),
  ];
  const words = signers.map((signer) => {
    const entry = signed.get(signer);
    const who = signer === "renter" ? "renter" : signer.replace("-", " ");
    return entry
      ? `${who} signed by ${visibleText(entry.name)} ${dealerTimestamp(new Date(entry.at))}`
      : `${who} not signed`;
  });
  return `paperwork: ${words.join(", ")}`;
}

export function listBookings(target: D1Target, filter: { kind?: BookingKind; status?: BookingStatus }): number {
  const rows = query<BookingRow>(target, bookingRowsSql(filter), `reading the bookings from ${databaseName(target)}`);
  const what = [filter.status, filter.kind ? `${filter.kind}` : null].filter(Boolean).join(" ");
  if (rows.length === 0) {
    print(`No ${what ? `${what} ` : ""}bookings ${where(target)}.`);
    return 0;
  }
  print(`${bookingWord(rows.length)}${what ? ` (${what})` : ""} ${where(target)}, by first day:`);
  const cells = rows.map((row) => [
    row.reference,
    row.status,
    row.kind,
    row.summary,
    `${row.first_name} ${row.last_name}`,
    row.phone,
    `placed ${dealerTimestamp(new Date(row.created_at))}`,
    totalOf(row),
    lastChangeWords({ status: row.status, by: row.decided_by, at: row.decided_at }) ?? "",
    paperworkWords(row),
    moneyWords(JSON.parse(row.payments ?? "[]") as MoneyRow[]),
  ]);
  for (const line of table(cells)) print(line);
  return 0;
}

const cancelCommand = (reference: string) => `npm run bookings -- cancel ${reference}`;

/** Why a booking in its status cannot take `decision`: the same words its staff page gives. */
const wrongStatus = (row: BookingRow, decision: BookingDecisionName) => decisionRefusal(row, decision, cancelCommand);

const unknownBooking = (reference: string, target: D1Target) =>
  unknownReference(reference, where(target), "npm run bookings -- list");

/** Seconds in SQLite's own terms, for a check of what was written in the last moments. */
const withinLast = (seconds: number) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${Math.ceil(seconds)} seconds')`;

export function decide(target: D1Target, decision: BookingDecisionName, typed: string, dryRun: boolean): number {
  const reference = normalReference(typed);
  const readBooking = (sql: string) =>
    query<BookingRow>(target, sql, `reading ${reference} from ${databaseName(target)}`)[0];
  if (dryRun) {
    const row = readBooking(bookingRowSql(reference));
    if (!row) throw new Refusal(unknownBooking(reference, target));
    const { from, kinds } = bookingDecisions[decision];
    if (!(from as readonly string[]).includes(row.status) || !(kinds as readonly string[]).includes(row.kind)) {
      throw new Refusal(wrongStatus(row, decision));
    }
    print(`Would mark ${describe(row)} ${decisionPastTense[decision]} ${where(target)} (dry run, nothing written).`);
    return 0;
  }
  // The Worker's own guarded UPDATE, then the booking as it stands, in one batch: a refusal names
  // the status the UPDATE found, not one read a moment later.
  const update = sqlText(statusChangeQuery(offlineDatabase, bookingWithReference(reference), decision));
  const { to } = bookingDecisions[decision];
  const [changed, [row]] = sendChange(target, [update, bookingRowSql(reference)].join(";\n"), {
    doing: `marking ${reference} ${decisionPastTense[decision]} in ${databaseName(target)}`,
    seeWith: `npm run bookings -- ${decision} ${reference} --dry-run`,
    // Checked: the UPDATE moves the booking only from the statuses the decision starts from (never
    // from the one it ends at), so it cannot apply twice: a cart is never sold twice, a customer
    // never told twice. After a lost answer, the booking found at the new status, decided from the
    // terminal since the lost try began (give or take retry.ts's minute), is that try's work (were
    // it a colleague's, the booking stands as asked either way); otherwise the UPDATE is sent again.
    safety: {
      applied: (since) => {
        const found = readBooking(
          `${bookingRowSql(reference)} AND status = '${to}' AND decided_by = '${staffDecision}' AND decided_at >= ${withinLast(since)}`,
        );
        return found ? [[found], [found]] : undefined;
      },
    },
  }) as [unknown[], BookingRow[]];
  if (!row) throw new Refusal(unknownBooking(reference, target));
  if (changed.length === 0) throw new Refusal(wrongStatus(row, decision));
  print(`${decisionHeadline(decision)}: ${describe(row)} ${where(target)}. ${decisionDone[decision]}`);
  return 0;
}

/** The shared words as the terminal prints them: the bookings as a table between their lines. */
function printed(words: CapacityWords): string {
  return [
    words.lead,
    ...table(words.bookings.map((booking) => booking.cells)),
    ...(words.after ? [words.after] : []),
  ].join("\n");
}

/** On the command line, a change is forced with a flag. */
const runWithForce = "run the same command with --force to change it anyway";

function strandedMessage(change: string, conflicts: AffectedBookingDay[], dryRun: boolean): string {
  return printed(strandedRefusal(change, affectedByBooking(conflicts), { dryRun, howToForce: runWithForce }));
}

function attentionMessage(conflicts: AffectedBookingDay[], dryRun: boolean): string {
  return printed(attentionWords(affectedByBooking(conflicts), dryRun));
}

export function showCapacity(target: D1Target): number {
  const [pools, blocks] = queryEach(
    target,
    capacitySql(dealerToday()),
    `reading the capacity and blocks from ${databaseName(target)}`,
  ) as [PoolRow[], BlockRow[]];
  const set = new Map(pools.map((row) => [row.pool, row]));
  print(`Booking capacity ${where(target)} (a vehicle's is its unitsInStock in the catalogue):`);
  for (const line of table(
    poolDefaults.map((pool) => {
      const row = set.get(pool.pool);
      return [pool.pool, row ? places(pool, row.capacity) : notBookable, row ? heldToday(row.held) : ""];
    }),
  ))
    print(line);
  if (blocks.length === 0) {
    print(noBlocksAhead);
    return 0;
  }
  print("Blocks (one place each out of service), today or later:");
  for (const line of table(
    blocks.map((block) => [
      `${block.id}`,
      block.pool,
      `${block.firstDay} to ${addDays(block.endDay, -1)}`,
      block.note ?? "",
    ]),
  ))
    print(line);
  return 0;
}

export function setCapacity(
  target: D1Target,
  pool: PoolDefault,
  capacity: number,
  options: { force: boolean; dryRun: boolean },
): number {
  const today = dealerToday();
  const setting = `${poolTitle(pool.pool)} to ${places(pool, capacity)}`;
  // One batch, so the bookings listed are the ones the write found: unforced, what stands in the way
  // is read before the conditional write; forced, what the write left over capacity is read after it.
  const write = sqlText(setCapacityStatement(pool, capacity, { today, force: options.force }));
  const conflictsRead = sqlText(
    capacityConflictsStatement(pool.pool, options.force && !options.dryRun ? "now" : capacity, today),
  );
  const steps = options.dryRun ? [conflictsRead] : options.force ? [write, conflictsRead] : [conflictsRead, write];
  const batch = [poolCapacitySql(pool.pool), ...steps].join(";\n");
  let answerLost = false;
  const [beforeRows, ...results] = options.dryRun
    ? queryEach(target, batch, `checking the bookings against ${setting} in ${databaseName(target)}`)
    : sendChange(target, batch, {
        doing: `setting ${setting} in ${databaseName(target)}`,
        seeWith: "npm run bookings -- capacity",
        // Repeatable: it sets the pool's number of places, not a difference, and the unforced write is
        // refused on the same bookings either time; only "was" may then read "unchanged".
        safety: { repeatable: true, afterLostAnswer: () => (answerLost = true) },
      });
  const before = (beforeRows as { capacity: number }[])[0]?.capacity;
  const was =
    before === undefined
      ? "not set before"
      : before !== capacity
        ? `was ${before}`
        : answerLost
          ? "what it was before is not known: wrangler lost the answer to a try that may have set it"
          : "unchanged";
  const conflicts = results[steps.indexOf(conflictsRead)] as AffectedBookingDay[];
  const written = steps.includes(write) && (results[steps.indexOf(write)] as unknown[]).length > 0;
  if (options.dryRun) {
    if (conflicts.length > 0 && !options.force)
      throw new Refusal(strandedMessage(`Setting ${setting}`, conflicts, true));
    print(`Would set ${setting} ${where(target)} (${was}; dry run, nothing written).`);
    if (conflicts.length > 0) print(attentionMessage(conflicts, true));
    return 0;
  }
  if (!written) {
    if (conflicts.length === 0)
      throw new Refusal("The database did not take the change; nothing was changed. Run the command again.");
    throw new Refusal(strandedMessage(`Setting ${setting}`, conflicts, false));
  }
  print(`Set ${setting} ${where(target)} (${was}), from today on.`);
  if (conflicts.length > 0) print(attentionMessage(conflicts, false));
  return 0;
}

export function block(
  target: D1Target,
  pool: PoolDefault,
  firstDay: string,
  lastDay: string,
  options: { note?: string; force: boolean; dryRun: boolean },
): number {
  if (lastDay < firstDay) throw new UsageError(lastDayBeforeFirst(firstDay, lastDay));
  // A block that is over would take nothing out of service and never show in `capacity`: a year typed wrong.
  const today = dealerToday();
  if (lastDay < today) {
    throw new UsageError(blockIsOver(firstDay, lastDay, today));
  }
  const span = `${firstDay} to ${lastDay}`;
  const taking = takingOutOfService(pool, firstDay, lastDay);
  let write: string;
  let conflictsRead: string;
  try {
    write = sqlText(addBlockStatement(pool.pool, firstDay, lastDay, { note: options.note, force: options.force }));
    conflictsRead = sqlText(
      blockConflictsStatement(pool.pool, firstDay, lastDay, options.force && !options.dryRun ? "now" : "one more"),
    );
  } catch (error) {
    // The store's own bound on a span of days (a block of years is a typing slip).
    if (error instanceof RangeError) throw new UsageError(blockTooLong(firstDay, lastDay));
    throw error;
  }
  // As for `capacity`: one batch, the read before an unforced write and after a forced one.
  const steps = options.dryRun ? [conflictsRead] : options.force ? [write, conflictsRead] : [conflictsRead, write];
  const note = options.note ?? null;
  const results = options.dryRun
    ? queryEach(target, steps.join(";\n"), `checking the bookings on ${span} in ${databaseName(target)}`)
    : sendChange(target, steps.join(";\n"), {
        doing: `adding the block of ${span} in ${databaseName(target)}`,
        seeWith: "npm run bookings -- capacity",
        // Checked, never sent blindly again: a second INSERT would take a second place out of service.
        // After a lost answer, a block of this pool, these days and this note added since the lost
        // try began (give or take retry.ts's minute) is that try's: the same block typed twice to
        // take two places out is typed minutes apart, not within one command's run; then
        // the bookings left over capacity are read afresh for a forced block (an unforced one went in
        // only because there were none).
        safety: {
          applied: (since) => {
            const [added] = query<{ id: number }>(
              target,
              `SELECT id FROM booking_blocks WHERE pool = ${literal(pool.pool)} AND first_day = ${literal(firstDay)}
                 AND end_day = ${literal(addDays(lastDay, 1))} AND note IS ${literal(note)}
                 AND created_at >= ${withinLast(since)} ORDER BY id DESC LIMIT 1`,
              `reading the blocks of ${span} from ${databaseName(target)}`,
            );
            if (!added) return undefined;
            const conflicts = options.force
              ? query(target, conflictsRead, `reading the bookings on ${span} from ${databaseName(target)}`)
              : [];
            return steps.map((step) => (step === write ? [added] : conflicts));
          },
        },
      });
  const conflicts = results[steps.indexOf(conflictsRead)] as AffectedBookingDay[];
  const inserted = (steps.includes(write) ? results[steps.indexOf(write)] : []) as { id: number }[];
  if (options.dryRun) {
    if (conflicts.length > 0 && !options.force) throw new Refusal(strandedMessage(taking, conflicts, true));
    print(`Would ${taking.replace(/^Taking/, "take")} ${where(target)} (dry run, nothing written).`);
    if (conflicts.length > 0) print(attentionMessage(conflicts, true));
    return 0;
  }
  const [row] = inserted;
  if (!row) {
    if (conflicts.length === 0)
      throw new Refusal("The database did not take the block; nothing was changed. Run the command again.");
    throw new Refusal(strandedMessage(taking, conflicts, false));
  }
  print(
    tookOutOfService(pool, { id: row.id, firstDay, lastDay }, where(target), `npm run bookings -- unblock ${row.id}`),
  );
  if (conflicts.length > 0) print(attentionMessage(conflicts, false));
  return 0;
}

export function unblock(target: D1Target, id: number, dryRun: boolean): number {
  const readBlock = () => query<BlockRow>(target, blockRowSql(id), `reading block ${id} from ${databaseName(target)}`);
  let goneAfterLostAnswer = false;
  const [removed] = dryRun
    ? readBlock()
    : (sendChange(target, sqlText(removeBlockStatement(id)), {
        doing: `removing block ${id} in ${databaseName(target)}`,
        seeWith: "npm run bookings -- capacity",
        // Checked: deleting the block twice could delete nothing else, but after a lost answer only a
        // read tells whether it went.
        safety: {
          applied: () => {
            if (readBlock().length > 0) return undefined;
            goneAfterLostAnswer = true;
            return [[]];
          },
        },
      })[0] as BlockRow[]);
  if (!removed && goneAfterLostAnswer) {
    print(
      `Block ${id} is gone ${where(target)}: wrangler lost the answer to its removal, which most likely made it (unless there was no such block). See: npm run bookings -- capacity`,
    );
    return 0;
  }
  if (!removed) {
    throw new Refusal(noSuchBlock(id, where(target), "npm run bookings -- capacity"));
  }
  const gone = { ...removed, lastDay: addDays(removed.endDay, -1) };
  if (dryRun) print(`Would remove ${blockWords(gone)} ${where(target)} (dry run, nothing written).`);
  else print(blockRemoved(gone, where(target)));
  return 0;
}
