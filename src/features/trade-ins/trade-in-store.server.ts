import { desc, eq, lt, sql } from "drizzle-orm";
import { visitorLimits, type Sender } from "~/config/visitor-limits";
import { tradeIns, type TradeInPhoto } from "~/db/schema";
import { networkKey } from "~/server/client-key.server";
import { batchStatements } from "~/server/d1-batch.server";
import type { Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { countInHour, hourHasRoom } from "~/server/hourly-cap.server";
import { emailKey, phoneKey } from "~/server/person-keys.server";
import type { TradeInSubmission } from "./trade-in-schema.server";

export type TradeInRow = typeof tradeIns.$inferSelect;

/** Who reached a limit: the person (by e-mail or phone), their connection or its network. */
export type TradeInLimit = "email" | "phone" | Sender;

export type StoredTradeIn =
  | { stored: true; id: string; messageId: string }
  | { stored: false; reason: "limit"; limit: TradeInLimit; retryAfterSeconds: number }
  | { stored: false; reason: "hourly-cap" };

/**
 * A database failure on a trade-in, told by its id and the SQLite code only: the error drizzle
 * throws spells out every bound value, the customer's words among them.
 */
export class TradeInStoreError extends Error {
  override name = "TradeInStoreError";
  constructor(
    readonly step: string,
    readonly id: string,
    readonly code: string,
  ) {
    super(`trade-in ${id}: ${step} failed (${code})`);
  }
}

async function step<T>(name: string, id: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = errorKind(error);
    console.error("trade-in step failed", { tradeInId: id, step: name, code });
    throw new TradeInStoreError(name, id, code);
  }
}

const anHourAgo = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${visitorLimits.windowSeconds} seconds`})`;
const column = {
  email: sql.raw("email_key"),
  phone: sql.raw("phone_key"),
  client: sql.raw("client_key"),
  network: sql.raw("network_key"),
} satisfies Record<TradeInLimit, unknown>;

/** A person's requests still waiting for staff's answer; a sender's sent within the hour. */
const countFor = (limit: TradeInLimit, key: string) =>
  limit === "email" || limit === "phone"
    ? sql`(SELECT count(*) FROM trade_ins AS t WHERE t.${column[limit]} = ${key} AND t.status = 'waiting')`
    : sql`(SELECT count(*) FROM trade_ins AS t WHERE t.${column[limit]} = ${key} AND t.created_at > ${anHourAgo})`;

const figureOf: Record<TradeInLimit, number> = {
  email: visitorLimits.waitingRequestsPerPerson,
  phone: visitorLimits.waitingRequestsPerPerson,
  client: visitorLimits.contactMessagesFrom.client,
  network: visitorLimits.contactMessagesFrom.network,
};
const limitsInOrder: readonly TradeInLimit[] = ["email", "phone", "client", "network"];

export interface TradeInLimits {
  clientKey: string;
  at: Date;
  /** Messages from everyone that hour (CONTACT_HOURLY_CAP): a trade-in is one more message to staff. */
  cap: number;
}

/**
 * Stores a trade-in and its announcement in the outbox only while the person has fewer than their
 * figure waiting, their client and network have sent fewer than theirs within the hour, and
 * everyone's hour has room: the counts are conditions of the one INSERT that writes it, in one
 * batch (one transaction) with the outbox row and the hour's count, so racing posts cannot all pass.
 */
export async function storeTradeIn(
  db: Database,
  id: string,
  trade: TradeInSubmission,
  photos: readonly TradeInPhoto[],
  announcement: string,
  limits: TradeInLimits,
): Promise<StoredTradeIn> {
  const keys: Record<TradeInLimit, string> = {
    email: emailKey(trade.email),
    phone: phoneKey(trade.phone),
    client: limits.clientKey,
    network: networkKey(limits.clientKey),
  };
  const messageId = crypto.randomUUID();
  const [inserted] = await step("store", id, () =>
    batchStatements(db, [
      sql`INSERT INTO trade_ins
          (id, first_name, last_name, email, email_key, phone, phone_key, wanted_vehicle_id, cart_year, make, model,
           serial, power, battery, battery_year, seats, lifted, street_legal, condition_notes, photos, client_key, network_key)
        SELECT ${id}, ${trade.firstName}, ${trade.lastName}, ${trade.email}, ${keys.email}, ${trade.phone}, ${keys.phone},
          ${trade.vehicle ?? null}, ${trade.year}, ${trade.make}, ${trade.model}, ${trade.serial}, ${trade.power},
          ${trade.battery}, ${trade.batteryYear ?? null}, ${trade.seats}, ${trade.lifted ? 1 : 0},
          ${trade.streetLegal ? 1 : 0}, ${trade.conditionNotes}, ${JSON.stringify(photos)}, ${keys.client}, ${keys.network}
        WHERE ${sql.join(
          limitsInOrder.map((limit) => sql`${countFor(limit, keys[limit])} < ${figureOf[limit]}`),
          sql` AND `,
        )} AND ${hourHasRoom(limits.at, limits.cap)}`,
      sql`INSERT INTO contact_messages
          (id, first_name, last_name, email, email_key, phone, interest, message, vehicle_id, trade_in_id, trade_in_event)
        SELECT ${messageId}, first_name, last_name, email, email_key, phone, 'sales', ${announcement}, wanted_vehicle_id,
          id, 'received'
        FROM trade_ins WHERE id = ${id}`,
      ...countInHour(limits.at, sql`EXISTS (SELECT 1 FROM trade_ins WHERE id = ${id})`),
    ]),
  );
  if ((inserted?.meta.changes ?? 0) === 1) return { stored: true, id, messageId };

  const [row] = await step("read limits", id, () =>
    db.all<Record<TradeInLimit, number> & { hourFull: number }>(sql`
      SELECT ${countFor("email", keys.email)} AS email, ${countFor("phone", keys.phone)} AS phone,
        ${countFor("client", keys.client)} AS client, ${countFor("network", keys.network)} AS network,
        NOT ${hourHasRoom(limits.at, limits.cap)} AS hourFull`),
  );
  const limit = limitsInOrder.find((each) => (row?.[each] ?? 0) >= figureOf[each]);
  if (limit) {
    // A person's waiting requests free up only when staff answer; a sender's hour, within the hour.
    return { stored: false, reason: "limit", limit, retryAfterSeconds: visitorLimits.windowSeconds };
  }
  return { stored: false, reason: "hourly-cap" };
}

/** One trade-in, for its staff page and its e-mails. */
export async function loadTradeIn(db: Database, id: string): Promise<TradeInRow | null> {
  const [row] = await step("load", id, () => db.select().from(tradeIns).where(eq(tradeIns.id, id)).limit(1));
  return row ?? null;
}

/** Every trade-in, newest first (the staff list): a small dealer's year of them fits one page. */
export async function listTradeIns(db: Database, limit = 200): Promise<TradeInRow[]> {
  return step("list", "(all)", () => db.select().from(tradeIns).orderBy(desc(tradeIns.createdAt)).limit(limit));
}

/** How many wait for staff's answer (the staff day view's count). */
export async function waitingTradeIns(db: Database): Promise<number> {
  const [row] = await step("count waiting", "(all)", () =>
    db.all<{ waiting: number }>(sql`SELECT count(*) AS waiting FROM trade_ins WHERE status = 'waiting'`),
  );
  return row?.waiting ?? 0;
}

/** Staff's answer: a range of whole cents, a note, how many days it holds, who gave it and when. */
export interface TradeInAnswer {
  lowCents: number;
  highCents: number;
  note: string;
  days: number;
  by: string;
  at: Date;
}

export type AnswerOutcome =
  | { answered: true; messageId: string }
  | { answered: false; reason: "missing" }
  | { answered: false; reason: "stale"; current: TradeInRow };

/**
 * Records staff's answer only when the request is still at the version the page showed: the UPDATE
 * names the version, so an answer from a page shown before another answer (or any change) changes
 * nothing and is refused, never merged. The customer's e-mail is stored in the same batch, only
 * when this UPDATE wrote the answer.
 */
export async function answerTradeIn(
  db: Database,
  id: string,
  shownVersion: number,
  answer: TradeInAnswer,
): Promise<AnswerOutcome> {
  const at = answer.at.toISOString();
  const messageId = crypto.randomUUID();
  const [updated] = await step("answer", id, () =>
    batchStatements(db, [
      sql`UPDATE trade_ins SET status = 'answered', offer_low_cents = ${answer.lowCents},
          offer_high_cents = ${answer.highCents}, offer_note = ${answer.note}, offer_days = ${answer.days},
          answered_by = ${answer.by}, answered_at = ${at}, version = version + 1
        WHERE id = ${id} AND version = ${shownVersion}`,
      sql`INSERT INTO contact_messages
          (id, first_name, last_name, email, email_key, phone, interest, message, vehicle_id, trade_in_id, trade_in_event,
           staff_answer)
        SELECT ${messageId}, first_name, last_name, email, email_key, phone, 'sales', 'Trade-in answered', wanted_vehicle_id,
          id, 'answered', 1
        FROM trade_ins WHERE id = ${id} AND version = ${shownVersion + 1} AND answered_at = ${at}`,
    ]),
  );
  if ((updated?.meta.changes ?? 0) === 1) return { answered: true, messageId };
  const current = await loadTradeIn(db, id);
  return current ? { answered: false, reason: "stale", current } : { answered: false, reason: "missing" };
}

/** Trade-ins received before `cutoff`, with their photos' keys, to delete (the cron job). */
export async function expiredTradeIns(
  db: Database,
  cutoff: Date,
  limit = 100,
): Promise<Pick<TradeInRow, "id" | "photos">[]> {
  return step("find expired", "(all)", () =>
    db
      .select({ id: tradeIns.id, photos: tradeIns.photos })
      .from(tradeIns)
      .where(lt(tradeIns.createdAt, cutoff.toISOString()))
      .limit(limit),
  );
}

/**
 * Deletes a trade-in with its e-mails in the outbox: the announcement quotes what the customer
 * wrote, so it goes when the request goes, not with the contact messages' longer period.
 */
export async function deleteTradeIn(db: Database, id: string): Promise<void> {
  await step("delete", id, () =>
    batchStatements(db, [
      sql`DELETE FROM contact_messages WHERE trade_in_id = ${id}`,
      sql`DELETE FROM trade_ins WHERE id = ${id}`,
    ]),
  );
}

/** The sender's addresses are kept only for the hourly limits' window; then they are blanked. */
export async function forgetTradeInSenders(db: Database): Promise<void> {
  await step("forget senders", "(all)", () =>
    db.run(sql`UPDATE trade_ins SET client_key = '', network_key = ''
      WHERE client_key != '' AND created_at < ${anHourAgo}`),
  );
}
