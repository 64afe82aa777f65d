import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  bookingDecisions,
  bookingKinds,
  type BookingDecisionName,
  bookingKindNames,
  type BookingKind,
  type BookingStatus,
} from "~/config/booking-kinds";
import { visitorLimits, type Sender, type SenderLimits } from "~/config/visitor-limits";
import { bookingBlocks, bookingPools, bookings } from "~/db/schema";
import { addDays, daysBetween } from "~/lib/calendar-days";
import { newReference, newToken, normalReference, tokenHash } from "~/server/booking-keys.server";
import type { Database } from "~/server/db.server";
import { emailKey, phoneKey } from "~/server/person-keys.server";
import {
  active,
  BookingStoreError,
  checkDay,
  checkSpan,
  fullForOneMore,
  loadAtChanges,
  loadByDay,
  now,
  room,
  storeStep,
} from "./capacity-load.server";
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
 * them by another customer's request. Status changes are one guarded UPDATE each. Here: placing,
 * finding and answering bookings; the rule's SQL is in capacity-load.server.ts, and staff's changes
 * to a pool (capacity, blocks) in capacity-changes.server.ts.
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
