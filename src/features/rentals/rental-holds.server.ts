import { and, asc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { rentalPlans, type RentalPlan } from "~/config/rental-plans";
import { rentalBlocks, rentalFleet, rentalHolds, type RentalHoldStatus } from "~/db/schema";
import { addDays, daysBetween, isCalendarDay } from "~/lib/calendar-days";
import type { Database } from "~/server/db.server";
import { newReference, newToken, normalReference, tokenHash } from "~/server/booking-keys.server";
import { errorKind } from "~/server/error-kind";

/**
 * Rental holds, the fleet and maintenance blocks in D1. The one rule that matters: a class never has
 * more active holds (requested or confirmed) on a day than carts in service that day. Every write
 * that could break it is a single conditional statement that checks the days and writes in one
 * step, because D1 runs one statement at a time: a check the Worker made first and a write it made
 * after could be overtaken between them by another renter's request.
 */

type PlanId = RentalPlan["id"];

export type { RentalHoldStatus };

/** A hold as the pages, e-mails and CLI see it: everything but the hash of the renter's token. */
export type RentalHold = Omit<typeof rentalHolds.$inferSelect, "tokenHash">;

export type RentalBlock = typeof rentalBlocks.$inferSelect;

/** A hold on a day that is (or a proposed change would make) over capacity. */
export interface AffectedHold {
  reference: string;
  status: RentalHoldStatus;
  start: string;
  days: number;
  /** The hold's days that are over capacity. */
  overDays: string[];
}

/**
 * A database failure, told by the step and SQLite's result code only. The error drizzle throws
 * spells out every bound value (a renter's name, e-mail and phone among them) and would reach a log
 * wherever it is caught; this one is thrown in its place and carries nothing else.
 */
export class RentalStoreError extends Error {
  override name = "RentalStoreError";
  constructor(
    readonly step: string,
    readonly code: string,
  ) {
    super(`rental store: ${step} failed (${code})`);
  }
}

async function storeStep<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new RentalStoreError(step, errorKind(error));
  }
}

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const activeStatuses: RentalHoldStatus[] = ["requested", "confirmed"];

const holdColumns = {
  reference: rentalHolds.reference,
  plan: rentalHolds.plan,
  startDay: rentalHolds.startDay,
  endDay: rentalHolds.endDay,
  days: rentalHolds.days,
  status: rentalHolds.status,
  request: rentalHolds.request,
  quote: rentalHolds.quote,
  firstName: rentalHolds.firstName,
  lastName: rentalHolds.lastName,
  email: rentalHolds.email,
  phone: rentalHolds.phone,
  createdAt: rentalHolds.createdAt,
  updatedAt: rentalHolds.updatedAt,
  decidedAt: rentalHolds.decidedAt,
} satisfies Record<keyof RentalHold, unknown>;

/**
 * `WITH RECURSIVE` tables for a plan over the days `first` up to (not including) `end`: `load`
 * has, per day, the active holds covering it, the blocks covering it and the plan's fleet count
 * (0 when the plan has no fleet row, so a class nobody set up is never bookable). `first` is always
 * a row, even when `end` is not after it. The conditions the callers put on `load` are the whole
 * capacity rule, so the write and the read that explains a refusal use the same one.
 */
function loadOver(plan: string, first: string, end: SQL): SQL {
  return sql`WITH RECURSIVE span(day) AS (
      SELECT ${first}
      UNION ALL
      -- The next day by its Julian day number: no date modifier text for a figure check to misread.
      SELECT date(julianday(day) + 1) FROM span WHERE date(julianday(day) + 1) < ${end}
    ),
    load(day, held, blocked, carts) AS (
      SELECT
        span.day,
        (SELECT count(*) FROM rental_holds
          WHERE rental_holds.plan = ${plan} AND rental_holds.status IN ('requested', 'confirmed')
            AND rental_holds.start_day <= span.day AND rental_holds.end_day > span.day),
        (SELECT count(*) FROM rental_blocks
          WHERE rental_blocks.plan = ${plan}
            AND rental_blocks.first_day <= span.day AND rental_blocks.end_day > span.day),
        coalesce((SELECT carts FROM rental_fleet WHERE rental_fleet.plan = ${plan}), 0)
      FROM span
    )`;
}

// The conditions on `load`. Only days someone holds count as over: blocking more carts than a class
// has hurts no renter, and such a day still refuses every new hold.
const fullForOneMore = sql`held + 1 > carts - blocked`;
const overNow = sql`held > 0 AND held + blocked > carts`;
const overWithOneMoreBlock = sql`held > 0 AND held + blocked + 1 > carts`;
const overWithCarts = (carts: number) => sql`held > 0 AND held + blocked > ${carts}`;

/**
 * The active holds covering the days of `load` where `condition` holds: one row per hold and day.
 * The renter's name comes along for the staff CLI, which lists who to call.
 */
function affectedHoldsStatement(plan: string, first: string, end: SQL, condition: SQL): SQL {
  return sql`
      ${loadOver(plan, first, end)}
      SELECT h.reference AS reference, h.status AS status, h.start_day AS start, h.days AS days, load.day AS day,
        h.first_name AS firstName, h.last_name AS lastName
      FROM load JOIN rental_holds AS h
        ON h.plan = ${plan} AND h.status IN ('requested', 'confirmed')
          AND h.start_day <= load.day AND h.end_day > load.day
      WHERE ${condition}
      ORDER BY h.start_day, h.reference, load.day`;
}

/** A row of `affectedHoldsStatement`. */
export interface AffectedHoldDay {
  reference: string;
  status: RentalHoldStatus;
  start: string;
  days: number;
  day: string;
  firstName: string;
  lastName: string;
}

/** The active holds covering the days of `load` where `condition` holds, with those days. */
async function affectedHolds(db: Database, step: string, statement: SQL): Promise<AffectedHold[]> {
  const rows = await storeStep(step, () => db.all<AffectedHoldDay>(statement));
  const holds = new Map<string, AffectedHold>();
  for (const row of rows) {
    const hold = holds.get(row.reference) ?? { ...row, overDays: [] };
    hold.overDays.push(row.day);
    holds.set(row.reference, hold);
  }
  return [...holds.values()].map(({ reference, status, start, days, overDays }) => ({
    reference,
    status,
    start,
    days,
    overDays,
  }));
}

// Bounds the day tables the statements build; a rental is at most 30 days and the calendar shows two
// months, so anything near this is a caller's mistake rather than a request.
const maxSpanDays = 800;

function checkSpan(first: string, days: number, what: string): void {
  if (!isCalendarDay(first)) throw new RangeError(`${what}: ${JSON.stringify(first)} is not a YYYY-MM-DD day`);
  if (!Number.isInteger(days) || days < 1 || days > maxSpanDays) {
    throw new RangeError(`${what}: ${days} days is outside 1 to ${maxSpanDays}`);
  }
}

export interface HoldInput {
  plan: PlanId;
  /** The first day held, "YYYY-MM-DD". */
  start: string;
  days: number;
  /** The booking request as the renter made it (delivery choice, drivers), stored as JSON. */
  request: unknown;
  /** The price breakdown the renter was shown, stored as JSON. */
  quote: unknown;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export type PlaceHoldResult =
  | { placed: true; reference: string; /** For the renter's private link: shown once, never stored. */ token: string }
  | { placed: false; fullDays: string[] };

const placeAttempts = 5;

/**
 * Holds one cart of the plan for `days` days from `start`, in one INSERT that writes the row only
 * when every one of those days has a cart to spare. When it writes nothing, the full days are read
 * for the renter's message; if none is full (a new reference happened to be taken, or a cart was
 * freed in between), it tries again with a new reference.
 */
export async function placeHold(db: Database, input: HoldInput): Promise<PlaceHoldResult> {
  checkSpan(input.start, input.days, "placeHold");
  const end = addDays(input.start, input.days);
  const request = JSON.stringify(input.request ?? null);
  const quote = JSON.stringify(input.quote ?? null);
  for (let attempt = 0; attempt < placeAttempts; attempt += 1) {
    const reference = newReference("R");
    const token = newToken();
    const hash = await tokenHash(token);
    const placed = await storeStep("place hold", () =>
      db.all<{ reference: string }>(sql`
        ${loadOver(input.plan, input.start, sql`${end}`)}
        INSERT INTO rental_holds
          (reference, token_hash, plan, start_day, end_day, days, request, quote, first_name, last_name, email, phone)
        SELECT ${reference}, ${hash}, ${input.plan}, ${input.start}, ${end}, ${input.days}, ${request}, ${quote},
          ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone}
        WHERE NOT EXISTS (SELECT 1 FROM load WHERE ${fullForOneMore})
        ON CONFLICT (reference) DO NOTHING
        RETURNING reference`),
    );
    if (placed.length > 0) return { placed: true, reference, token };
    const full = await storeStep("read full days", () =>
      db.all<{ day: string }>(sql`
        ${loadOver(input.plan, input.start, sql`${end}`)}
        SELECT day FROM load WHERE ${fullForOneMore} ORDER BY day`),
    );
    if (full.length > 0) return { placed: false, fullDays: full.map((row) => row.day) };
  }
  throw new RentalStoreError("place hold", "NO_FREE_REFERENCE");
}

/** Carts still free per day for `count` days from `from` (never below 0). */
export async function availability(
  db: Database,
  plan: PlanId,
  from: string,
  count: number,
): Promise<{ date: string; remaining: number }[]> {
  checkSpan(from, count, "availability");
  return storeStep("availability", () =>
    db.all<{ date: string; remaining: number }>(sql`
      ${loadOver(plan, from, sql`${addDays(from, count)}`)}
      SELECT day AS date, max(0, carts - blocked - held) AS remaining FROM load ORDER BY day`),
  );
}

export async function findHoldByReference(db: Database, reference: string): Promise<RentalHold | null> {
  const [hold] = await storeStep("find hold", () =>
    db
      .select(holdColumns)
      .from(rentalHolds)
      .where(eq(rentalHolds.reference, normalReference(reference)))
      .limit(1),
  );
  return hold ?? null;
}

export async function findHoldByToken(db: Database, token: string): Promise<RentalHold | null> {
  const hash = await tokenHash(token);
  const [hold] = await storeStep("find hold by token", () =>
    db.select(holdColumns).from(rentalHolds).where(eq(rentalHolds.tokenHash, hash)).limit(1),
  );
  return hold ?? null;
}

export async function listHolds(
  db: Database,
  filter: { status?: RentalHoldStatus; plan?: PlanId } = {},
): Promise<RentalHold[]> {
  const conditions = [
    filter.status ? eq(rentalHolds.status, filter.status) : undefined,
    filter.plan ? eq(rentalHolds.plan, filter.plan) : undefined,
  ];
  return storeStep("list holds", () =>
    db
      .select(holdColumns)
      .from(rentalHolds)
      .where(and(...conditions))
      .orderBy(asc(rentalHolds.startDay), asc(rentalHolds.createdAt), asc(rentalHolds.reference)),
  );
}

/** Whether a status change happened; when not, the hold's status then (null: no such hold). */
export type HoldChange = { changed: true; hold: RentalHold } | { changed: false; status: RentalHoldStatus | null };

/** The statuses a staff decision (or a renter's cancellation) moves a hold from, and to. */
export const holdDecisions = {
  confirm: { from: ["requested"], to: "confirmed" },
  decline: { from: ["requested"], to: "declined" },
  cancel: { from: activeStatuses, to: "cancelled" },
} as const satisfies Record<string, { from: readonly RentalHoldStatus[]; to: RentalHoldStatus }>;

export type HoldDecision = keyof typeof holdDecisions;

/** The hold with this reference, as staff type it. */
export function holdWithReference(reference: string): SQL {
  return eq(rentalHolds.reference, normalReference(reference));
}

/**
 * One guarded UPDATE: of two changes racing (staff confirming while the cron job expires, a renter
 * cancelling while staff decline), exactly one finds the status it expects. Returned unrun, so the
 * staff CLI can send the very same statement through wrangler.
 */
export function statusChangeQuery(db: Database, which: SQL, decision: HoldDecision) {
  const { from, to } = holdDecisions[decision];
  return db
    .update(rentalHolds)
    .set({ status: to, updatedAt: now, decidedAt: now })
    .where(and(which, inArray(rentalHolds.status, [...from])))
    .returning(holdColumns);
}

async function changeStatus(db: Database, step: string, which: SQL, decision: HoldDecision): Promise<HoldChange> {
  const [hold] = await storeStep(step, () => statusChangeQuery(db, which, decision));
  if (hold) return { changed: true, hold };
  const [current] = await storeStep(step, () =>
    db.select({ status: rentalHolds.status }).from(rentalHolds).where(which).limit(1),
  );
  return { changed: false, status: current?.status ?? null };
}

export function confirmHold(db: Database, reference: string): Promise<HoldChange> {
  return changeStatus(db, "confirm hold", holdWithReference(reference), "confirm");
}

export function declineHold(db: Database, reference: string): Promise<HoldChange> {
  return changeStatus(db, "decline hold", holdWithReference(reference), "decline");
}

export function cancelHold(db: Database, reference: string): Promise<HoldChange> {
  return changeStatus(db, "cancel hold", holdWithReference(reference), "cancel");
}

/** The renter's own cancellation, from the private link. */
export async function cancelHoldByToken(db: Database, token: string): Promise<HoldChange> {
  return changeStatus(db, "cancel hold by token", eq(rentalHolds.tokenHash, await tokenHash(token)), "cancel");
}

/**
 * Releases requests staff have not answered within `holdHours` of their placing, returning them so
 * one e-mail can tell staff which. Confirmed holds are never touched.
 */
export async function expireStaleHolds(db: Database, at: Date, holdHours: number): Promise<RentalHold[]> {
  const cutoff = new Date(at.getTime() - holdHours * 3_600_000).toISOString();
  return storeStep("expire holds", () =>
    db
      .update(rentalHolds)
      .set({ status: "expired", updatedAt: now, decidedAt: now })
      .where(and(eq(rentalHolds.status, "requested"), lt(rentalHolds.createdAt, cutoff)))
      .returning(holdColumns),
  );
}

/** Carts per class; a class with no fleet row has none (and is never bookable). */
export async function fleetCounts(db: Database): Promise<Record<PlanId, number>> {
  const rows = await storeStep("read fleet", () => db.select().from(rentalFleet));
  const carts = new Map(rows.map((row) => [row.plan, row.carts]));
  return Object.fromEntries(rentalPlans.map((plan) => [plan.id, carts.get(plan.id) ?? 0])) as Record<PlanId, number>;
}

/**
 * Applied or not, the holds over capacity: the ones that refused the change, or, when forced, the
 * ones it left over capacity (for staff to call).
 */
export type FleetChange = { applied: boolean; affected: AffectedHold[] };

function checkFleetChange(carts: number, today: string): void {
  if (!Number.isInteger(carts)) throw new RangeError(`setFleet: ${carts} is not a whole number of carts`);
  if (!isCalendarDay(today)) throw new RangeError(`setFleet: ${JSON.stringify(today)} is not a day`);
}

/** The last day any active hold of the plan covers (exclusive): the fleet checks look no further. */
const lastHeld = (plan: string) => sql`(SELECT max(end_day) FROM rental_holds
    WHERE plan = ${plan} AND status IN ('requested', 'confirmed'))`;

/**
 * The fleet count's upsert. Unforced, it applies (and returns `carts`) only when no day from `today`
 * on would have more active holds than carts in service. Days before `today` are history: holds
 * there are never released, and a smaller fleet now must not be refused for last summer's.
 */
export function setFleetStatement(plan: PlanId, carts: number, options: { today: string; force?: boolean }): SQL {
  checkFleetChange(carts, options.today);
  if (options.force) {
    return sql`INSERT INTO rental_fleet (plan, carts) VALUES (${plan}, ${carts})
      ON CONFLICT (plan) DO UPDATE SET carts = excluded.carts
      RETURNING carts`;
  }
  return sql`
      ${loadOver(plan, options.today, lastHeld(plan))}
      INSERT INTO rental_fleet (plan, carts)
      SELECT ${plan}, ${carts}
      WHERE NOT EXISTS (SELECT 1 FROM load WHERE ${overWithCarts(carts)})
      ON CONFLICT (plan) DO UPDATE SET carts = excluded.carts
      RETURNING carts`;
}

/**
 * The held days from `today` on that would be over capacity with `carts` carts (the holds that
 * refuse `setFleetStatement`), or, with "now", that are over capacity as the fleet stands.
 */
export function fleetConflictsStatement(plan: PlanId, carts: number | "now", today: string): SQL {
  return affectedHoldsStatement(plan, today, lastHeld(plan), carts === "now" ? overNow : overWithCarts(carts));
}

/**
 * Sets a class's fleet count with `setFleetStatement`; forced, it then reads the holds the new count
 * left over capacity.
 */
export async function setFleet(
  db: Database,
  plan: PlanId,
  carts: number,
  options: { today: string; force?: boolean },
): Promise<FleetChange> {
  checkFleetChange(carts, options.today);
  const applied = await storeStep("set fleet", () =>
    db.all<{ carts: number }>(setFleetStatement(plan, carts, options)),
  );
  if (options.force) {
    return {
      applied: true,
      affected: await affectedHolds(db, "read over capacity", fleetConflictsStatement(plan, "now", options.today)),
    };
  }
  if (applied.length > 0) return { applied: true, affected: [] };
  return {
    applied: false,
    affected: await affectedHolds(db, "read over capacity", fleetConflictsStatement(plan, carts, options.today)),
  };
}

export type BlockChange = ({ applied: true; id: number } | { applied: false }) & { affected: AffectedHold[] };

/** The exclusive end of a block from `firstDay` to `lastDay`, both included; throws for a bad span. */
function blockEnd(firstDay: string, lastDay: string): string {
  if (!isCalendarDay(lastDay) || lastDay < firstDay) {
    throw new RangeError(`addBlock: ${JSON.stringify(lastDay)} is not a day on or after the first`);
  }
  const end = addDays(lastDay, 1);
  checkSpan(firstDay, daysBetween(firstDay, end), "addBlock");
  return end;
}

/**
 * The block's INSERT, returning its id. Unforced, it applies only when every active hold on those
 * days keeps its cart.
 */
export function addBlockStatement(
  plan: PlanId,
  firstDay: string,
  lastDay: string,
  options: { force?: boolean; note?: string } = {},
): SQL {
  const end = blockEnd(firstDay, lastDay);
  const note = options.note ?? null;
  if (options.force) {
    return sql`INSERT INTO rental_blocks (plan, first_day, end_day, note)
      VALUES (${plan}, ${firstDay}, ${end}, ${note})
      RETURNING id`;
  }
  return sql`
      ${loadOver(plan, firstDay, sql`${end}`)}
      INSERT INTO rental_blocks (plan, first_day, end_day, note)
      SELECT ${plan}, ${firstDay}, ${end}, ${note}
      WHERE NOT EXISTS (SELECT 1 FROM load WHERE ${overWithOneMoreBlock})
      RETURNING id`;
}

/**
 * The held days from `firstDay` to `lastDay` that one more block would put over capacity (the
 * holds that refuse `addBlockStatement`), or, with "now", that are over capacity as things stand.
 */
export function blockConflictsStatement(
  plan: PlanId,
  firstDay: string,
  lastDay: string,
  blocks: "one more" | "now",
): SQL {
  const end = blockEnd(firstDay, lastDay);
  return affectedHoldsStatement(plan, firstDay, sql`${end}`, blocks === "now" ? overNow : overWithOneMoreBlock);
}

/**
 * Takes one cart of a class out of service from `firstDay` to `lastDay` (both included), in one
 * conditional INSERT that applies only when every active hold on those days keeps its cart.
 */
export async function addBlock(
  db: Database,
  plan: PlanId,
  firstDay: string,
  lastDay: string,
  options: { force?: boolean; note?: string } = {},
): Promise<BlockChange> {
  const statement = addBlockStatement(plan, firstDay, lastDay, options);
  const [row] = await storeStep("add block", () => db.all<{ id: number }>(statement));
  if (options.force) {
    return {
      applied: true,
      id: row!.id,
      affected: await affectedHolds(db, "read over capacity", blockConflictsStatement(plan, firstDay, lastDay, "now")),
    };
  }
  if (row) return { applied: true, id: row.id, affected: [] };
  return {
    applied: false,
    affected: await affectedHolds(
      db,
      "read over capacity",
      blockConflictsStatement(plan, firstDay, lastDay, "one more"),
    ),
  };
}

/** Deletes a block, returning what it was (no row: there was no such block). */
export function removeBlockStatement(id: number): SQL {
  return sql`DELETE FROM rental_blocks WHERE id = ${id}
    RETURNING id, plan, first_day AS firstDay, end_day AS endDay, note`;
}

/** True when there was such a block. */
export async function removeBlock(db: Database, id: number): Promise<boolean> {
  const rows = await storeStep("remove block", () => db.all<{ id: number }>(removeBlockStatement(id)));
  return rows.length > 0;
}

export async function listBlocks(db: Database, plan?: PlanId): Promise<RentalBlock[]> {
  return storeStep("list blocks", () =>
    db
      .select()
      .from(rentalBlocks)
      .where(plan ? eq(rentalBlocks.plan, plan) : undefined)
      .orderBy(asc(rentalBlocks.firstDay), asc(rentalBlocks.id)),
  );
}

/**
 * The fleet defaults as one statement for setup: it writes only into an empty table, so it never
 * puts back the site config's numbers over the staff's own `fleet set`.
 */
export function fleetSeedSql(fleet: Readonly<Record<string, number>>): string {
  const rows = Object.entries(fleet).map(([plan, carts]) => {
    if (!Number.isInteger(carts) || carts < 0) throw new RangeError(`fleet of ${plan}: ${carts} is not a cart count`);
    return `('${plan.replace(/'/g, "''")}', ${carts})`;
  });
  if (rows.length === 0) return "";
  return `INSERT INTO rental_fleet (plan, carts) SELECT column1, column2 FROM (VALUES ${rows.join(", ")}) WHERE NOT EXISTS (SELECT 1 FROM rental_fleet);`;
}
