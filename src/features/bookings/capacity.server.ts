import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  activeBookingStatuses,
  bookingDecisions,
  bookingKinds,
  type BookingDecisionName,
  bookingKindNames,
  type BookingKind,
  type BookingStatus,
} from "~/config/booking-kinds";
import type { PoolDefault } from "~/config/booking-pools";
import { visitorLimits, type Sender, type SenderLimits } from "~/config/visitor-limits";
import { bookingBlocks, bookingPools, bookings } from "~/db/schema";
import { addDays, daysBetween, isCalendarDay } from "~/lib/calendar-days";
import { newReference, newToken, normalReference, tokenHash } from "~/server/booking-keys.server";
import type { Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { emailKey, phoneKey } from "~/server/person-keys.server";
import {
  anHourAgo,
  placedFromSender,
  secondsUntilSenderRoom,
  senderKeys,
  senders,
  waitingFromSender,
  withinSenderLimits,
  type SenderKeys,
} from "./sender-limits.server";

/**
 * The one capacity engine every kind of booking goes through: rental carts, service drop-off
 * slots, storage spaces and buyers' holds on a vehicle's units. A pool has a capacity per day
 * (none on its closed weekdays), blocks take one of it out of service for some days, and a booking
 * takes one of it for every day of its span. The rule: on no day does a pool have more active
 * bookings (requested or confirmed) than its capacity less its blocks. Every write that could break
 * it is one conditional statement that checks and writes in one step, because D1 runs one statement
 * at a time: a check the Worker made first and a write it made after could be overtaken between
 * them by another customer's request. Status changes are one guarded UPDATE each.
 */

/** The end of a span with no last day: a buyer's hold lasts until staff decide. */
export const openEnd = "9999-12-31";

export type { BookingKind, BookingStatus };

/** A booking as pages, e-mails and the staff tool see it: everything but the token's hash. */
export type Booking = Omit<typeof bookings.$inferSelect, "tokenHash" | "kind" | "status"> & {
  kind: BookingKind;
  status: BookingStatus;
};

export type BookingBlock = typeof bookingBlocks.$inferSelect;

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

async function storeStep<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new BookingStoreError(step, errorKind(error));
  }
}

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const active = sql.raw(`(${activeBookingStatuses.map((status) => `'${status}'`).join(", ")})`);

const bookingColumns = {
  reference: bookings.reference,
  kind: bookings.kind,
  pool: bookings.pool,
  startDay: bookings.startDay,
  endDay: bookings.endDay,
  status: bookings.status,
  request: bookings.request,
  quote: bookings.quote,
  summary: bookings.summary,
  announcement: bookings.announcement,
  interest: bookings.interest,
  vehicleId: bookings.vehicleId,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  email: bookings.email,
  phone: bookings.phone,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
  decidedAt: bookings.decidedAt,
  emailKey: bookings.emailKey,
  phoneKey: bookings.phoneKey,
  decidedBy: bookings.decidedBy,
  holdUntil: bookings.holdUntil,
} satisfies Record<keyof Booking, unknown>;

const asBooking = (row: { [K in keyof Booking]: unknown }) => row as Booking;

// What a pool holds on the day `day` (an SQL expression naming a column of the caller's table): its
// active bookings, its blocks, its capacity (0 for a pool nobody set up: never bookable) and
// whether that day is one of its closed weekdays, when it has nothing to give whatever its capacity.
const heldOn = (pool: string, day: SQL) => sql`(SELECT count(*) FROM bookings AS b
    WHERE b.pool = ${pool} AND b.status IN ${active} AND b.start_day <= ${day} AND b.end_day > ${day})`;
const blockedOn = (pool: string, day: SQL) => sql`(SELECT count(*) FROM booking_blocks AS k
    WHERE k.pool = ${pool} AND k.first_day <= ${day} AND k.end_day > ${day})`;
const capacityOf = (pool: string) =>
  sql`coalesce((SELECT p.capacity FROM booking_pools AS p WHERE p.pool = ${pool}), 0)`;
const closedOn = (pool: string, day: SQL) => sql`coalesce((SELECT instr(p.closed_weekdays, strftime('%w', ${day})) > 0
    FROM booking_pools AS p WHERE p.pool = ${pool}), 0)`;

/**
 * A `load(day, held, blocked, capacity, closed)` table over the days of [first, end) on which the answer can
 * change: the first week (a closed weekday is one of those seven days) and every day a booking or
 * block of the pool starts. Between two such days nothing starts, so nothing grows: the fullest day
 * of the span is one of them. It stays small however long the span, even a hold with no last day.
 * The conditions callers put on `load` are the whole capacity rule.
 */
function loadAtChanges(pool: string, first: string, end: SQL): SQL {
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
function loadByDay(pool: string, first: string, end: SQL): SQL {
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
const room = (capacity: SQL) => sql`(CASE WHEN closed THEN 0 ELSE ${capacity} END)`;
const fullForOneMore = sql`held + 1 > ${room(sql`capacity`)} - blocked`;
const overNow = sql`held > 0 AND held + blocked > ${room(sql`capacity`)}`;
const overWithOneMoreBlock = sql`held > 0 AND held + blocked + 1 > ${room(sql`capacity`)}`;
const overWithCapacity = (capacity: number) => sql`held > 0 AND held + blocked > ${room(sql`${capacity}`)}`;

// Bounds the day-by-day tables; a stay is at most a year and a calendar a few months, so anything
// near this is a caller's mistake rather than a request.
const maxSpanDays = 800;

function checkDay(day: string, what: string): void {
  if (!isCalendarDay(day)) throw new RangeError(`${what}: ${JSON.stringify(day)} is not a YYYY-MM-DD day`);
}

function checkSpan(first: string, days: number, what: string): void {
  checkDay(first, what);
  if (!Number.isInteger(days) || days < 1 || days > maxSpanDays) {
    throw new RangeError(`${what}: ${days} days is outside 1 to ${maxSpanDays}`);
  }
}

/** What a customer asked to hold, and what staff will read about it. */
export interface BookingInput {
  kind: BookingKind;
  pool: string;
  /** The first day held, "YYYY-MM-DD". */
  start: string;
  /** The day after the last day held; `openEnd` for a hold with no last day. */
  end: string;
  /** What the customer asked for, stored as JSON. */
  request: unknown;
  /** The price as the customer was shown it, stored as JSON. */
  quote: unknown;
  /** One line for lists and notices; the e-mail announcing it to staff, given its reference. */
  describe: (reference: string) => { summary: string; announcement: string };
  /** The contact form's interest and vehicle, for the lead the announcement becomes. */
  interest: "sales" | "service";
  vehicleId?: string | null;
  /**
   * Pools (a LIKE pattern) among which `vehicleId` can be in one place at a time: a booking is not
   * placed while the vehicle holds another open one in any of them over the same days (a cart test
   * driven at the showroom at 10:00 cannot be at a driver's home at 10:00).
   */
  vehicleOnceAcross?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /**
   * The sender's client key (clientKey), for the limits on one client and on its network (what it
   * has waiting, on the days asked for, and placed within the hour); absent for a placing no
   * visitor sent (the engine's own callers), which those limits do not hold.
   */
  clientKey?: string;
}

/** What staff are told of a booking just placed (announceNewBooking sends it). */
export type BookingNotice = Pick<
  Booking,
  "reference" | "announcement" | "interest" | "vehicleId" | "firstName" | "lastName" | "email" | "phone"
>;

/**
 * Why nothing was held: the days asked for are full, the person already has as many requests of
 * this kind waiting for staff as one may, the sender (its client or its network) reached one of its
 * limits, or the kind took its hourly cap of requests from everyone.
 */
export type PlacingRefusal =
  | { reason: "full"; fullDays: string[] }
  | { reason: "person-limit" }
  | { reason: "client-limit"; sender: Sender; limit: keyof SenderLimits; retryAfterSeconds?: number }
  | { reason: "hourly-cap"; retryAfterSeconds: number };

export type PlaceBookingResult =
  | {
      placed: true;
      reference: string;
      /** For the private link: shown once, never stored. */
      token: string;
      notice: BookingNotice;
    }
  | ({ placed: false } & PlacingRefusal);

/** The limits a placing is held to; the hourly cap is the Worker's setting (bookingHourlyCap). */
export interface PlacingLimits {
  waitingPerPerson: number;
  client: SenderLimits;
  network: SenderLimits;
  perHour: number;
}

export const defaultPlacingLimits: PlacingLimits = {
  waitingPerPerson: visitorLimits.waitingRequestsPerPerson,
  client: visitorLimits.client,
  network: visitorLimits.network,
  perHour: visitorLimits.bookingsPerHour,
};

/** New requests of a kind within the last hour: BOOKING_HOURLY_CAP when it is a positive whole number. */
export function bookingHourlyCap(env: Pick<Env, "BOOKING_HOURLY_CAP">): number {
  const configured = Number(env.BOOKING_HOURLY_CAP);
  return Number.isInteger(configured) && configured > 0 ? configured : visitorLimits.bookingsPerHour;
}

/** The limits every placing from a visitor's request is held to, with the Worker's hourly cap. */
export function placingLimits(env: Pick<Env, "BOOKING_HOURLY_CAP">): PlacingLimits {
  return { ...defaultPlacingLimits, perHour: bookingHourlyCap(env) };
}

/** The person's requests of the kind that wait for staff's answer, by address and by phone. */
const waitingOf = (kind: BookingKind, column: SQL, key: string) => sql`(SELECT count(*) FROM bookings AS w
    WHERE ${column} = ${key} AND w.kind = ${kind} AND w.status = 'requested')`;
/** Forgets the placings no hourly limit reads any more (the cron job), with the senders' addresses in them. */
export async function forgetOldPlacements(db: Database): Promise<void> {
  await storeStep("forget placements", () =>
    db.run(sql`DELETE FROM booking_placements WHERE created_at <= ${anHourAgo}`),
  );
}

const placedThisHour = (kind: BookingKind) => sql`(SELECT count(*) FROM bookings AS h
    WHERE h.kind = ${kind} AND h.created_at > ${anHourAgo})`;
// Seconds until the oldest request of the last hour leaves the window, making room for one more.
const secondsUntilRoom = (kind: BookingKind) => sql`(SELECT CAST(ceil((julianday(min(h.created_at))
    - julianday('now')) * 86400 + ${visitorLimits.windowSeconds}) AS INTEGER)
    FROM bookings AS h WHERE h.kind = ${kind} AND h.created_at > ${anHourAgo})`;

const placeAttempts = 5;

function checkBookingSpan(input: Pick<BookingInput, "start" | "end">): void {
  checkDay(input.start, "placeBooking");
  if (input.end !== openEnd) checkSpan(input.start, daysBetween(input.start, input.end), "placeBooking");
}

/**
 * The days of a refused span that have no room: every one, day by day, for a span with a last day;
 * for a hold with no last day, the first (from then on the place is taken).
 */
async function fullDaysOf(db: Database, pool: string, start: string, end: string): Promise<string[]> {
  const open = end === openEnd;
  const load = open ? loadAtChanges(pool, start, sql`${end}`) : loadByDay(pool, start, sql`${end}`);
  const rows = await storeStep("read full days", () =>
    db.all<{ day: string }>(sql`
      ${load}
      SELECT day FROM load WHERE ${fullForOneMore} ORDER BY day ${open ? sql`LIMIT 1` : sql``}`),
  );
  return rows.map((row) => row.day);
}

type SenderCounts = Record<keyof SenderLimits, number> & { wait: number | null };

/** What the sender has of the kind, as the placing statement counted it. */
async function senderCounts(
  db: Database,
  input: Pick<BookingInput, "kind" | "start" | "end">,
  sender: Sender,
  keys: SenderKeys,
): Promise<SenderCounts | undefined> {
  const [row] = await storeStep("read sender limits", () =>
    db.all<SenderCounts>(sql`
      SELECT ${waitingFromSender(input.kind, sender, keys)} AS waiting,
        ${waitingFromSender(input.kind, sender, keys, input)} AS waitingOnTheDays,
        ${placedFromSender(input.kind, sender, keys)} AS placedPerHour,
        ${secondsUntilSenderRoom(input.kind, sender, keys)} AS wait`),
  );
  return row;
}

/** Which limit refused a placing that wrote nothing, if any did; null when it was the days. */
async function limitThatRefused(
  db: Database,
  input: Pick<BookingInput, "kind" | "start" | "end">,
  keys: { email: string; phone: string; sender: SenderKeys },
  limits: PlacingLimits,
): Promise<Exclude<PlacingRefusal, { reason: "full" }> | null> {
  const { kind } = input;
  const [row] = await storeStep("read limits", () =>
    db.all<{ byEmail: number; byPhone: number; thisHour: number; wait: number | null }>(sql`
      SELECT ${waitingOf(kind, sql`w.email_key`, keys.email)} AS byEmail,
        ${waitingOf(kind, sql`w.phone_key`, keys.phone)} AS byPhone,
        ${placedThisHour(kind)} AS thisHour, ${secondsUntilRoom(kind)} AS wait`),
  );
  if (!row) return null;
  if (row.byEmail >= limits.waitingPerPerson || row.byPhone >= limits.waitingPerPerson) {
    return { reason: "person-limit" };
  }
  for (const sender of senders) {
    const counts = await senderCounts(db, input, sender, keys.sender);
    if (!counts) continue;
    const limit = (["waiting", "waitingOnTheDays", "placedPerHour"] as const).find(
      (each) => counts[each] >= limits[sender][each],
    );
    if (limit === "placedPerHour") {
      const retryAfterSeconds = Math.min(visitorLimits.windowSeconds, Math.max(1, counts.wait ?? 60));
      return { reason: "client-limit", sender, limit, retryAfterSeconds };
    }
    if (limit) return { reason: "client-limit", sender, limit };
  }
  if (row.thisHour >= limits.perHour) {
    return {
      reason: "hourly-cap",
      retryAfterSeconds: Math.min(visitorLimits.windowSeconds, Math.max(1, row.wait ?? 60)),
    };
  }
  return null;
}

/**
 * Holds one of the pool for every day from `start` up to `end`, in one INSERT that writes the row
 * only when each of those days has one to spare, the person (by e-mail address and by phone) has
 * fewer requests of this kind waiting for staff than its limit, the client and the network that
 * sent it are within theirs (waiting, on those days, placed within the hour: migration 0024's
 * trigger records the placing in the same statement), and the kind has taken fewer than its
 * hourly cap: racers cannot all pass a limit checked apart from the write. When it writes
 * nothing, the reason is read for the customer's message; if there is none (a new reference
 * happened to be taken, or a place was freed in between), it tries again with a new reference.
 */
export async function placeBooking(
  db: Database,
  input: BookingInput,
  limits: PlacingLimits = defaultPlacingLimits,
): Promise<PlaceBookingResult> {
  checkBookingSpan(input);
  const request = JSON.stringify(input.request ?? null);
  const quote = JSON.stringify(input.quote ?? null);
  const end = sql`${input.end}`;
  const keys = { email: emailKey(input.email), phone: phoneKey(input.phone), sender: senderKeys(input.clientKey) };
  for (let attempt = 0; attempt < placeAttempts; attempt += 1) {
    const reference = newReference(bookingKinds[input.kind].prefix);
    const token = newToken();
    const hash = await tokenHash(token);
    const { summary, announcement } = input.describe(reference);
    const placed = await storeStep("place booking", () =>
      db.all<{ reference: string }>(sql`
        ${loadAtChanges(input.pool, input.start, end)}
        INSERT INTO bookings
          (reference, token_hash, kind, pool, start_day, end_day, request, quote, summary, announcement, interest,
           vehicle_id, first_name, last_name, email, phone, email_key, phone_key, client_key, network_key)
        SELECT ${reference}, ${hash}, ${input.kind}, ${input.pool}, ${input.start}, ${input.end}, ${request}, ${quote},
          ${summary}, ${announcement}, ${input.interest}, ${input.vehicleId ?? null},
          ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone}, ${keys.email}, ${keys.phone},
          ${keys.sender?.client ?? ""}, ${keys.sender?.network ?? ""}
        WHERE NOT EXISTS (SELECT 1 FROM load WHERE ${fullForOneMore})
          AND ${waitingOf(input.kind, sql`w.email_key`, keys.email)} < ${limits.waitingPerPerson}
          AND ${waitingOf(input.kind, sql`w.phone_key`, keys.phone)} < ${limits.waitingPerPerson}
          AND ${withinSenderLimits(input, keys.sender, limits)}
          AND ${placedThisHour(input.kind)} < ${limits.perHour}
          AND ${vehicleIsFree(input)}
        ON CONFLICT (reference) DO NOTHING
        RETURNING reference`),
    );
    if (placed.length > 0) {
      const { firstName, lastName, email, phone, interest } = input;
      const notice = {
        reference,
        announcement,
        interest,
        vehicleId: input.vehicleId ?? null,
        firstName,
        lastName,
        email,
        phone,
      };
      return { placed: true, reference, token, notice };
    }
    const limit = await limitThatRefused(db, input, keys, limits);
    if (limit) return { placed: false, ...limit };
    if (input.vehicleOnceAcross && input.vehicleId) {
      const [busy] = await db.all<{ busy: number }>(sql`SELECT NOT ${vehicleIsFree(input)} AS busy`);
      if (busy?.busy) return { placed: false, reason: "full", fullDays: [input.start] };
    }
    const full = await fullDaysOf(db, input.pool, input.start, input.end);
    if (full.length > 0) return { placed: false, reason: "full", fullDays: full };
  }
  throw new BookingStoreError("place booking", "NO_FREE_REFERENCE");
}

/** True (in SQL) unless the booking's vehicle already holds an open booking across its pools over its days. */
function vehicleIsFree(input: Pick<BookingInput, "vehicleId" | "vehicleOnceAcross" | "start" | "end">) {
  if (!input.vehicleOnceAcross || !input.vehicleId) return sql`1`;
  return sql`NOT EXISTS (
    SELECT 1 FROM bookings held
    WHERE held.vehicle_id = ${input.vehicleId} AND held.pool LIKE ${input.vehicleOnceAcross}
      AND held.status IN ${active} AND held.start_day < ${input.end} AND held.end_day > ${input.start})`;
}

/** The pools (matching `pattern`) and first days where `vehicleId` holds an open booking, from `from` for `count` days. */
export async function vehicleHolds(
  db: Database,
  vehicleId: string,
  pattern: string,
  from: string,
  count: number,
): Promise<{ pool: string; startDay: string }[]> {
  return storeStep("read vehicle holds", () =>
    db.all<{ pool: string; startDay: string }>(sql`
      SELECT pool, start_day AS startDay FROM bookings
      WHERE vehicle_id = ${vehicleId} AND pool LIKE ${pattern} AND status IN ${active}
        AND start_day >= ${from} AND start_day < ${addDays(from, count)}`),
  );
}

/** Places still free in the pool per day for `count` days from `from` (never below 0). */
export async function availability(
  db: Database,
  pool: string,
  from: string,
  count: number,
): Promise<{ date: string; remaining: number }[]> {
  checkSpan(from, count, "availability");
  return storeStep("availability", () =>
    db.all<{ date: string; remaining: number }>(sql`
      ${loadByDay(pool, from, sql`${addDays(from, count)}`)}
      SELECT day AS date, max(0, ${room(sql`capacity`)} - blocked - held) AS remaining FROM load ORDER BY day`),
  );
}

/** Each pool's capacity as set (vehicles' pools included). */
export async function poolCapacities(db: Database, kind?: BookingKind): Promise<Map<string, number>> {
  const rows = await storeStep("read pools", () =>
    db
      .select({ pool: bookingPools.pool, capacity: bookingPools.capacity })
      .from(bookingPools)
      .where(kind ? eq(bookingPools.kind, kind) : undefined),
  );
  return new Map(rows.map((row) => [row.pool, row.capacity]));
}

export async function findBooking(db: Database, reference: string): Promise<Booking | null> {
  const [row] = await storeStep("find booking", () =>
    db.select(bookingColumns).from(bookings).where(bookingWithReference(reference)).limit(1),
  );
  return row ? asBooking(row) : null;
}

/** The booking a private link opens, if it is of `kind`: a rental's link never opens a storage page. */
export async function findBookingByToken(db: Database, token: string, kind: BookingKind): Promise<Booking | null> {
  const hash = await tokenHash(token);
  const [row] = await storeStep("find booking by token", () =>
    db
      .select(bookingColumns)
      .from(bookings)
      .where(and(eq(bookings.tokenHash, hash), eq(bookings.kind, kind)))
      .limit(1),
  );
  return row ? asBooking(row) : null;
}

export async function listBookings(
  db: Database,
  filter: { kind?: BookingKind; status?: BookingStatus; pool?: string } = {},
): Promise<Booking[]> {
  const rows = await storeStep("list bookings", () =>
    db
      .select(bookingColumns)
      .from(bookings)
      .where(
        and(
          filter.kind ? eq(bookings.kind, filter.kind) : undefined,
          filter.status ? eq(bookings.status, filter.status) : undefined,
          filter.pool ? eq(bookings.pool, filter.pool) : undefined,
        ),
      )
      .orderBy(asc(bookings.startDay), asc(bookings.createdAt), asc(bookings.reference)),
  );
  return rows.map(asBooking);
}

export { bookingDecisions };
export type BookingDecision = BookingDecisionName;

/** The booking with this reference, as staff type it. */
export function bookingWithReference(reference: string): SQL {
  return eq(bookings.reference, normalReference(reference));
}

/** The booking of `kind` a private link names (by its token's hash). */
export async function bookingWithToken(token: string, kind: BookingKind): Promise<SQL> {
  return and(eq(bookings.tokenHash, await tokenHash(token)), eq(bookings.kind, kind))!;
}

/**
 * One guarded UPDATE: of two changes racing (staff confirming while the cron job expires it, a
 * customer cancelling while staff decline), exactly one finds the status it expects. Marking a
 * reservation sold takes its unit off the lot in the same statement (a trigger of migration 0011).
 * Returned unrun, so the staff tool sends the very same statement.
 */
export function statusChangeQuery(db: Database, which: SQL, decision: BookingDecision, by: DecidedBy = staffDecision) {
  const { from, to, kinds } = bookingDecisions[decision];
  return db
    .update(bookings)
    .set({ status: to, updatedAt: now, decidedAt: now, decidedBy: by })
    .where(and(which, inArray(bookings.status, [...from]), inArray(bookings.kind, [...kinds])))
    .returning(bookingColumns);
}

/**
 * Who changes a booking's status: the customer from their private page, the site's cron job, or
 * staff (the command says "terminal"). Only staff's answers are e-mailed past an address's hourly
 * limit (migration 0016's trigger reads it).
 */
export type DecidedBy = "customer" | "site" | (string & {});
export const staffDecision = "terminal";

/** Whether a status change happened; when not, the booking's status then (null: no such booking). */
export type BookingChange = { changed: true; booking: Booking } | { changed: false; status: BookingStatus | null };

export async function changeBookingStatus(
  db: Database,
  which: SQL,
  decision: BookingDecision,
  by: DecidedBy = staffDecision,
): Promise<BookingChange> {
  const [row] = await storeStep(`${decision} booking`, () => statusChangeQuery(db, which, decision, by));
  if (row) return { changed: true, booking: asBooking(row) };
  const [current] = await storeStep(`${decision} booking`, () =>
    db.select({ status: bookings.status }).from(bookings).where(which).limit(1),
  );
  return { changed: false, status: (current?.status as BookingStatus | undefined) ?? null };
}

/**
 * Releases requests staff have not answered within their kind's hold hours of their placing (or by
 * the end of the longer hold a paid deposit bought them),
 * returning them so one e-mail can tell staff which. Confirmed bookings are never touched.
 */
export async function expireStaleBookings(db: Database, at: Date): Promise<Booking[]> {
  const cutoff = (kind: BookingKind) => new Date(at.getTime() - bookingKinds[kind].holdHours * 3_600_000).toISOString();
  const cutoffByKind = sql.join(
    bookingKindNames.map((kind) => sql`WHEN ${kind} THEN ${cutoff(kind)}`),
    sql` `,
  );
  const rows = await storeStep("expire bookings", () =>
    db
      .update(bookings)
      .set({ status: "expired", updatedAt: now, decidedAt: now, decidedBy: "site" })
      .where(
        and(
          eq(bookings.status, "requested"),
          // A paid deposit's hold (hold_until) replaces the kind's hold hours from placing.
          sql`((${bookings.holdUntil} IS NULL AND ${bookings.createdAt} < (CASE ${bookings.kind} ${cutoffByKind} END)) OR ${bookings.holdUntil} < ${at.toISOString()})`,
        ),
      )
      .returning(bookingColumns),
  );
  return rows.map(asBooking);
}

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
