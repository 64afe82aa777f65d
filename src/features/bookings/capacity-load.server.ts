import { sql, type SQL } from "drizzle-orm";
import { activeBookingStatuses } from "~/config/booking-kinds";
import { isCalendarDay } from "~/lib/calendar-days";
import { errorKind } from "~/server/error-kind";

/**
 * The capacity rule in SQL, shared by the statements that place bookings (capacity.server.ts) and
 * those that change what a pool has (capacity-changes.server.ts): what a pool holds, has blocked
 * and may give on a day, as a `load` table whose conditions are the whole rule, and the checks on
 * the days a caller names. A store failure is told without the values it carried.
 */

/**
 * A database failure, told by the step and SQLite's result code only. The error drizzle throws
 * spells out every bound value (a customer's name, e-mail and phone among them) and would reach a
 * log wherever it is caught; this one is thrown in its place and carries nothing else.
 */
export class BookingStoreError extends Error {
  override name = "BookingStoreError";
  constructor(
    readonly step: string,
    readonly code: string,
  ) {
    super(`booking store: ${step} failed (${code})`);
  }
}

export async function storeStep<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new BookingStoreError(step, errorKind(error));
  }
}

export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
export const active = sql.raw(`(${activeBookingStatuses.map((status) => `'${status}'`).join(", ")})`);

// What a pool holds on the day `day` (an SQL expression naming a column of the caller's table): its
// active bookings, its blocks, its capacity (0 for a pool nobody set up: never bookable) and
// whether that day is one of its closed weekdays, when it has nothing to give whatever its capacity.
export const heldOn = (pool: string, day: SQL) => sql`(SELECT count(*) FROM bookings AS b
    WHERE b.pool = ${pool} AND b.status IN ${active} AND b.start_day <= ${day} AND b.end_day > ${day})`;
export const blockedOn = (pool: string, day: SQL) => sql`(SELECT count(*) FROM booking_blocks AS k
    WHERE k.pool = ${pool} AND k.first_day <= ${day} AND k.end_day > ${day})`;
export const capacityOf = (pool: string) =>
  sql`coalesce((SELECT p.capacity FROM booking_pools AS p WHERE p.pool = ${pool}), 0)`;
export const closedOn = (
  pool: string,
  day: SQL,
) => sql`coalesce((SELECT instr(p.closed_weekdays, strftime('%w', ${day})) > 0
    FROM booking_pools AS p WHERE p.pool = ${pool}), 0)`;

/**
 * A `load(day, held, blocked, capacity, closed)` table over the days of [first, end) on which the answer can
 * change: the first week (a closed weekday is one of those seven days) and every day a booking or
 * block of the pool starts. Between two such days nothing starts, so nothing grows: the fullest day
 * of the span is one of them. It stays small however long the span, even a hold with no last day.
 * The conditions callers put on `load` are the whole capacity rule.
 */
export function loadAtChanges(pool: string, first: string, end: SQL): SQL {
  return sql`WITH RECURSIVE week(day) AS (
      SELECT ${first}
      UNION ALL
      -- The next day by its Julian day number: no date modifier text for a figure check to misread.
      SELECT date(julianday(day) + 1) FROM week
        WHERE date(julianday(day) + 1) < min(${end}, date(julianday(${first}) + 7))
    ),
    points(day) AS (
      SELECT day FROM week
      UNION SELECT start_day FROM bookings
        WHERE pool = ${pool} AND status IN ${active} AND start_day > ${first} AND start_day < ${end}
      UNION SELECT first_day FROM booking_blocks WHERE pool = ${pool} AND first_day > ${first} AND first_day < ${end}
    ),
    load(day, held, blocked, capacity, closed) AS (
      SELECT points.day, ${heldOn(pool, sql`points.day`)}, ${blockedOn(pool, sql`points.day`)},
        ${capacityOf(pool)}, ${closedOn(pool, sql`points.day`)}
      FROM points
    )`;
}

/** The same `load` table, one row for every day of [first, end): what calendars and listings show. */
export function loadByDay(pool: string, first: string, end: SQL): SQL {
  return sql`WITH RECURSIVE span(day) AS (
      SELECT ${first}
      UNION ALL
      SELECT date(julianday(day) + 1) FROM span WHERE date(julianday(day) + 1) < ${end}
    ),
    load(day, held, blocked, capacity, closed) AS (
      SELECT span.day, ${heldOn(pool, sql`span.day`)}, ${blockedOn(pool, sql`span.day`)},
        ${capacityOf(pool)}, ${closedOn(pool, sql`span.day`)}
      FROM span
    )`;
}

// The conditions on `load`. A day's room is its capacity, or none on a closed weekday. Only days
// someone holds count as over: blocking more than a pool has hurts no customer, and such a day
// still refuses every new booking.
export const room = (capacity: SQL) => sql`(CASE WHEN closed THEN 0 ELSE ${capacity} END)`;
export const fullForOneMore = sql`held + 1 > ${room(sql`capacity`)} - blocked`;
export const overNow = sql`held > 0 AND held + blocked > ${room(sql`capacity`)}`;
export const overWithOneMoreBlock = sql`held > 0 AND held + blocked + 1 > ${room(sql`capacity`)}`;
export const overWithCapacity = (capacity: number) => sql`held > 0 AND held + blocked > ${room(sql`${capacity}`)}`;

// Bounds the day-by-day tables; a stay is at most a year and a calendar a few months, so anything
// near this is a caller's mistake rather than a request.
export const maxSpanDays = 800;

export function checkDay(day: string, what: string): void {
  if (!isCalendarDay(day)) throw new RangeError(`${what}: ${JSON.stringify(day)} is not a YYYY-MM-DD day`);
}

export function checkSpan(first: string, days: number, what: string): void {
  checkDay(first, what);
  if (!Number.isInteger(days) || days < 1 || days > maxSpanDays) {
    throw new RangeError(`${what}: ${days} days is outside 1 to ${maxSpanDays}`);
  }
}

/** What a customer asked to hold, and what staff will read about it. */
