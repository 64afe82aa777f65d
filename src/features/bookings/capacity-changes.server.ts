import { and, asc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { BookingKind, BookingStatus } from "~/config/booking-kinds";
import type { PoolDefault } from "~/config/booking-pools";
import { bookingBlocks } from "~/db/schema";
import { addDays, daysBetween, isCalendarDay } from "~/lib/calendar-days";
import type { Database } from "~/server/db.server";
import {
  active,
  checkDay,
  checkSpan,
  loadAtChanges,
  loadByDay,
  maxSpanDays,
  overNow,
  overWithCapacity,
  overWithOneMoreBlock,
  storeStep,
} from "./capacity-load.server";
import type { BookingBlock } from "./capacity.server";

/**
 * What staff change of a pool, through the same capacity rule (capacity-load.server.ts): its
 * capacity and its blocks, each one conditional statement that applies only when every active
 * booking keeps its place (unless forced), with the bookings in the way named for staff to call;
 * and the pools and blocks the Blocks page and `npm run bookings -- capacity` show.
 */

/** A booking on a day that is (or a proposed change would make) over capacity, with those days. */
export interface AffectedBooking {
  reference: string;
  status: BookingStatus;
  start: string;
  end: string;
  /** What it holds, as the booking list says it ("6 Seater, 3 days from ..."). */
  summary: string;
  firstName: string;
  lastName: string;
  phone: string;
  overDays: string[];
}

/** A row of `affectedStatement`: one per booking and over-capacity day. */
export interface AffectedBookingDay {
  reference: string;
  status: BookingStatus;
  start: string;
  end: string;
  day: string;
  /** What it holds, as the booking list says it ("6 Seater, 3 days from ..."). */
  summary: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/**
 * The active bookings covering the days of [first, end) where `condition` holds, one row per booking
 * and day, with the customer's name and phone for the staff tool, which lists who to call.
 */
function affectedStatement(pool: string, first: string, end: SQL, condition: SQL): SQL {
  return sql`
      ${loadByDay(pool, first, end)}
      SELECT b.reference AS reference, b.status AS status, b.start_day AS start, b.end_day AS "end", load.day AS day,
        b.summary AS summary, b.first_name AS firstName, b.last_name AS lastName, b.phone AS phone
      FROM load JOIN bookings AS b
        ON b.pool = ${pool} AND b.status IN ${active} AND b.start_day <= load.day AND b.end_day > load.day
      WHERE ${condition}
      ORDER BY b.start_day, b.reference, load.day`;
}

/** The rows of `affectedStatement` as one entry per booking, in the statement's order, with its days. */
export function affectedByBooking(rows: readonly AffectedBookingDay[]): AffectedBooking[] {
  const found = new Map<string, AffectedBooking>();
  for (const { day, ...booking } of rows) {
    const entry = found.get(booking.reference) ?? { ...booking, overDays: [] };
    entry.overDays.push(day);
    found.set(booking.reference, entry);
  }
  return [...found.values()];
}

async function affectedBookings(db: Database, statement: SQL): Promise<AffectedBooking[]> {
  return affectedByBooking(await storeStep("read over capacity", () => db.all<AffectedBookingDay>(statement)));
}

/**
 * The last day (exclusive) any active booking of the pool covers, within reach of a day-by-day
 * table: the capacity checks look no further. Pools with open-ended holds (vehicles) are set by the
 * catalogue, not by these commands.
 */
const lastHeld = (pool: string, today: string) => sql`min(
    coalesce((SELECT max(end_day) FROM bookings WHERE pool = ${pool} AND status IN ${active}), ${today}),
    ${addDays(today, maxSpanDays)})`;

/** Applied or not, the bookings over capacity: those that refused the change, or, when forced, those it left over. */
export interface CapacityChange {
  applied: boolean;
  affected: AffectedBooking[];
}

function checkCapacity(capacity: number, today: string): void {
  if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`setCapacity: ${capacity} is not a count`);
  checkDay(today, "setCapacity");
}

/**
 * A pool's capacity. Unforced, it applies (and returns the capacity) only when no day from `today`
 * on would have more active bookings than places. Days before `today` are history: bookings there
 * are never released, and a smaller fleet now must not be refused for last summer's.
 */
export function setCapacityStatement(
  pool: Pick<PoolDefault, "pool" | "kind">,
  capacity: number,
  options: { today: string; force?: boolean },
): SQL {
  checkCapacity(capacity, options.today);
  const upsert = sql`INSERT INTO booking_pools (pool, kind, capacity)`;
  const conflict = sql`ON CONFLICT (pool) DO UPDATE SET capacity = excluded.capacity RETURNING capacity`;
  if (options.force) return sql`${upsert} VALUES (${pool.pool}, ${pool.kind}, ${capacity}) ${conflict}`;
  return sql`
      ${loadAtChanges(pool.pool, options.today, lastHeld(pool.pool, options.today))}
      ${upsert}
      SELECT ${pool.pool}, ${pool.kind}, ${capacity}
      WHERE NOT EXISTS (SELECT 1 FROM load WHERE ${overWithCapacity(capacity)})
      ${conflict}`;
}

/**
 * The held days from `today` on that would be over capacity with `capacity` places (the bookings
 * that refuse `setCapacityStatement`), or, with "now", that are over capacity as things stand.
 */
export function capacityConflictsStatement(pool: string, capacity: number | "now", today: string): SQL {
  return affectedStatement(
    pool,
    today,
    lastHeld(pool, today),
    capacity === "now" ? overNow : overWithCapacity(capacity),
  );
}

export async function setCapacity(
  db: Database,
  pool: Pick<PoolDefault, "pool" | "kind">,
  capacity: number,
  options: { today: string; force?: boolean },
): Promise<CapacityChange> {
  const applied = await storeStep("set capacity", () =>
    db.all<{ capacity: number }>(setCapacityStatement(pool, capacity, options)),
  );
  if (options.force) {
    return {
      applied: true,
      affected: await affectedBookings(db, capacityConflictsStatement(pool.pool, "now", options.today)),
    };
  }
  if (applied.length > 0) return { applied: true, affected: [] };
  return {
    applied: false,
    affected: await affectedBookings(db, capacityConflictsStatement(pool.pool, capacity, options.today)),
  };
}

/**
 * Not applied with `twin` set: a block like it (same pool, days and note) was added after the one
 * `unlessAddedAfter` named, so this request is a second tap of the same form.
 */
export type BlockChange = ({ applied: true; id: number } | { applied: false; twin?: number }) & {
  affected: AffectedBooking[];
};

export interface BlockOptions {
  force?: boolean;
  note?: string;
  /**
   * The newest block id when the form asking for this block was shown: a block like this one with a
   * higher id came from the same form (a double tap, a resent POST), so the INSERT writes nothing.
   * Ids are never reused (AUTOINCREMENT), and no clock is compared.
   */
  unlessAddedAfter?: number;
}

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
 * The block's INSERT, returning its id. Unforced, it applies only when every active booking on
 * those days keeps its place.
 */
export function addBlockStatement(pool: string, firstDay: string, lastDay: string, options: BlockOptions = {}): SQL {
  const end = blockEnd(firstDay, lastDay);
  const note = options.note ?? null;
  const insert = sql`INSERT INTO booking_blocks (pool, first_day, end_day, note)`;
  const after = options.unlessAddedAfter;
  if (after !== undefined && !(Number.isInteger(after) && after >= 0)) {
    throw new RangeError(`addBlock: ${after} is not a block id`);
  }
  const noTwin =
    after === undefined
      ? sql``
      : sql`AND NOT EXISTS (SELECT 1 FROM booking_blocks AS twin WHERE twin.pool = ${pool}
          AND twin.first_day = ${firstDay} AND twin.end_day = ${end} AND twin.note IS ${note} AND twin.id > ${after})`;
  if (options.force) {
    if (after === undefined) return sql`${insert} VALUES (${pool}, ${firstDay}, ${end}, ${note}) RETURNING id`;
    return sql`${insert} SELECT ${pool}, ${firstDay}, ${end}, ${note} WHERE 1 ${noTwin} RETURNING id`;
  }
  return sql`
      ${loadAtChanges(pool, firstDay, sql`${end}`)}
      ${insert}
      SELECT ${pool}, ${firstDay}, ${end}, ${note}
      WHERE NOT EXISTS (SELECT 1 FROM load WHERE ${overWithOneMoreBlock}) ${noTwin}
      RETURNING id`;
}

/**
 * The held days from `firstDay` to `lastDay` that one more block would put over capacity (the
 * bookings that refuse `addBlockStatement`), or, with "now", that are over capacity as things stand.
 */
export function blockConflictsStatement(
  pool: string,
  firstDay: string,
  lastDay: string,
  blocks: "one more" | "now",
): SQL {
  const end = blockEnd(firstDay, lastDay);
  return affectedStatement(pool, firstDay, sql`${end}`, blocks === "now" ? overNow : overWithOneMoreBlock);
}

/**
 * Takes one of a pool out of service from `firstDay` to `lastDay` (both included), in one
 * conditional INSERT that applies only when every active booking on those days keeps its place.
 */
export async function addBlock(
  db: Database,
  pool: string,
  firstDay: string,
  lastDay: string,
  options: BlockOptions = {},
): Promise<BlockChange> {
  const statement = addBlockStatement(pool, firstDay, lastDay, options);
  const [row] = await storeStep("add block", () => db.all<{ id: number }>(statement));
  const after = options.unlessAddedAfter;
  if (!row && after !== undefined) {
    const [twin] = await storeStep("read block twin", () =>
      db
        .select({ id: bookingBlocks.id })
        .from(bookingBlocks)
        .where(
          and(
            eq(bookingBlocks.pool, pool),
            eq(bookingBlocks.firstDay, firstDay),
            eq(bookingBlocks.endDay, addDays(lastDay, 1)),
            options.note === undefined ? isNull(bookingBlocks.note) : eq(bookingBlocks.note, options.note),
            gt(bookingBlocks.id, after),
          ),
        )
        .orderBy(asc(bookingBlocks.id))
        .limit(1),
    );
    if (twin) return { applied: false, twin: twin.id, affected: [] };
  }
  if (options.force) {
    return {
      applied: true,
      id: row!.id,
      affected: await affectedBookings(db, blockConflictsStatement(pool, firstDay, lastDay, "now")),
    };
  }
  if (row) return { applied: true, id: row.id, affected: [] };
  return {
    applied: false,
    affected: await affectedBookings(db, blockConflictsStatement(pool, firstDay, lastDay, "one more")),
  };
}

/** Deletes a block, returning what it was (no row: there was no such block). */
export function removeBlockStatement(id: number): SQL {
  return sql`DELETE FROM booking_blocks WHERE id = ${id}
    RETURNING id, pool, first_day AS firstDay, end_day AS endDay, note`;
}

/** A block as `removeBlockStatement` and `blocksAheadStatement` return it; `endDay` is exclusive. */
export type BlockRow = Pick<BookingBlock, "id" | "pool" | "firstDay" | "endDay" | "note">;

/** What the block was, or null when there was no such block (a second tap finds it gone). */
export async function removeBlock(db: Database, id: number): Promise<BlockRow | null> {
  const [row] = await storeStep("remove block", () => db.all<BlockRow>(removeBlockStatement(id)));
  return row ?? null;
}

/**
 * The pools staff set (not the vehicles', which the catalogue sets), each with the places held on
 * `today`: what `npm run bookings -- capacity` and the Blocks page show.
 */
export function poolsHeldStatement(today: string): SQL {
  return sql`SELECT p.pool, p.kind, p.capacity,
      (SELECT count(*) FROM bookings AS b WHERE b.pool = p.pool AND b.status IN ${active}
        AND b.start_day <= ${today} AND b.end_day > ${today}) AS held
      FROM booking_pools AS p WHERE p.kind != 'reservation' ORDER BY p.kind, p.pool`;
}

export interface PoolHeld {
  pool: string;
  kind: BookingKind;
  capacity: number;
  held: number;
}

/** The blocks not yet over on `today`, the soonest first. */
export function blocksAheadStatement(today: string): SQL {
  return sql`SELECT id, pool, first_day AS firstDay, end_day AS endDay, note FROM booking_blocks
      WHERE end_day > ${today} ORDER BY first_day, id`;
}

/**
 * What the Blocks page shows: the pools with the places held `today`, the blocks to come, and the
 * newest block id, which its form carries so that a second tap adds nothing (`unlessAddedAfter`).
 */
export async function poolsAndBlocksOn(
  db: Database,
  today: string,
): Promise<{ pools: PoolHeld[]; blocks: BlockRow[]; newestBlock: number }> {
  checkDay(today, "poolsAndBlocksOn");
  const [pools, blocks, newest] = await storeStep("read capacity", () =>
    Promise.all([
      db.all<PoolHeld>(poolsHeldStatement(today)),
      db.all<BlockRow>(blocksAheadStatement(today)),
      db.all<{ id: number }>(sql`SELECT coalesce(max(id), 0) AS id FROM booking_blocks`),
    ]),
  );
  return { pools, blocks, newestBlock: newest[0]?.id ?? 0 };
}

export async function listBlocks(db: Database, pool?: string): Promise<BookingBlock[]> {
  return storeStep("list blocks", () =>
    db
      .select()
      .from(bookingBlocks)
      .where(pool ? eq(bookingBlocks.pool, pool) : undefined)
      .orderBy(asc(bookingBlocks.firstDay), asc(bookingBlocks.id)),
  );
}

/**
 * The site config's pools as one statement for setup: it writes only pools that do not exist yet,
 * so it never puts back the config's numbers over the staff's own `capacity`.
 */
export function poolSeedSql(pools: readonly PoolDefault[]): string {
  const rows = pools.map(({ pool, kind, capacity, closedWeekdays }) => {
    if (!Number.isInteger(capacity) || capacity < 0)
      throw new RangeError(`capacity of ${pool}: ${capacity} is not a count`);
    const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
    return `(${quoted(pool)}, ${quoted(kind)}, ${capacity}, ${quoted(closedWeekdays.join(""))})`;
  });
  if (rows.length === 0) return "";
  return `INSERT OR IGNORE INTO booking_pools (pool, kind, capacity, closed_weekdays) VALUES ${rows.join(", ")};`;
}
