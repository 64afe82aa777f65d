import { sql, type SQL } from "drizzle-orm";
import { visitorLimits } from "~/config/visitor-limits";
import type { PaymentState } from "~/db/schema";
import { batchStatements } from "~/server/d1-batch.server";
import type { Database } from "~/server/db.server";
import type { ReleasedDeposit } from "./refund-terms";

/**
 * The deposits' one state machine, as SQL: each change of a payment's state is a single statement
 * that names the state it expects, so two deliveries of one notice, a notice and the cron job, or
 * two checkouts of one booking can never both take effect. Migration 0028 says what each state
 * means.
 */

export interface PaymentRow {
  id: number;
  reference: string;
  attempt: number;
  amountCents: number;
  state: PaymentState;
  sessionId: string | null;
  paymentIntent: string | null;
  paidAt: string | null;
  refundCents: number;
  refundReason: string | null;
  refundId: string | null;
  refundedAt: string | null;
  createdAt: string;
}

const columns = sql.raw(
  `id, reference, attempt, amount_cents AS amountCents, state, session_id AS sessionId,
   payment_intent AS paymentIntent, paid_at AS paidAt, refund_cents AS refundCents,
   refund_reason AS refundReason, refund_id AS refundId, refunded_at AS refundedAt, created_at AS createdAt`,
);
const now = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const hourAgo = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${visitorLimits.windowSeconds} seconds`})`;

/** Every payment of a booking, oldest first. */
export async function paymentsOf(db: Database, reference: string): Promise<PaymentRow[]> {
  return db.all<PaymentRow>(sql`SELECT ${columns} FROM booking_payments WHERE reference = ${reference} ORDER BY id`);
}

export type OpenedAttempt =
  { opened: true; id: number; attempt: number } | { opened: false; why: "paid" | "limit" | "released" };

/**
 * A new checkout attempt for a booking that still holds its place and has no deposit counted yet,
 * within the hourly limits per booking, address, client and everyone, all checked in the INSERT
 * itself so that requests racing each other cannot pass a limit together.
 */
export async function openAttempt(
  db: Database,
  input: { reference: string; amountCents: number; clientKey: string; emailKey: string },
): Promise<OpenedAttempt> {
  const { perBooking, perEmail, perClient, everyone } = visitorLimits.checkouts;
  const recent = (where: SQL) =>
    sql`(SELECT count(*) FROM booking_payments WHERE ${where} AND created_at > ${hourAgo})`;
  const [row] = await db.all<{ id: number; attempt: number }>(sql`
    INSERT INTO booking_payments (reference, attempt, amount_cents, client_key, email_key)
    SELECT ${input.reference},
      coalesce((SELECT max(attempt) FROM booking_payments WHERE reference = ${input.reference}), 0) + 1,
      ${input.amountCents}, ${input.clientKey}, ${input.emailKey}
    WHERE EXISTS (SELECT 1 FROM bookings WHERE reference = ${input.reference} AND status IN ('requested', 'confirmed'))
      AND NOT EXISTS (SELECT 1 FROM booking_payments WHERE reference = ${input.reference} AND state = 'paid')
      AND ${recent(sql`reference = ${input.reference}`)} < ${perBooking}
      AND ${recent(sql`email_key = ${input.emailKey}`)} < ${perEmail}
      AND ${recent(sql`client_key = ${input.clientKey}`)} < ${perClient}
      AND ${recent(sql`1 = 1`)} < ${everyone}
    RETURNING id, attempt`);
  if (row) return { opened: true, ...row };
  const [why] = await db.all<{ released: number; paid: number }>(sql`
    SELECT
      (SELECT count(*) FROM bookings WHERE reference = ${input.reference} AND status IN ('requested', 'confirmed')) = 0 AS released,
      (SELECT count(*) FROM booking_payments WHERE reference = ${input.reference} AND state = 'paid') > 0 AS paid`);
  return { opened: false, why: why?.released ? "released" : why?.paid ? "paid" : "limit" };
}

/** Stripe's session for an attempt, once it answered. */
export async function recordSession(db: Database, id: number, sessionId: string): Promise<void> {
  await db.run(sql`UPDATE booking_payments SET session_id = ${sessionId}, updated_at = ${now}
    WHERE id = ${id} AND session_id IS NULL`);
}

/** An attempt Stripe would not open: it never reached the customer, so it is closed at once. */
export async function closeAttempt(db: Database, id: number): Promise<void> {
  await db.run(
    sql`UPDATE booking_payments SET state = 'expired', updated_at = ${now} WHERE id = ${id} AND state = 'open'`,
  );
}

const eventUnseen = (eventId: string) => sql`NOT EXISTS (SELECT 1 FROM payment_events WHERE id = ${eventId})`;
const takeEvent = (eventId: string, type: string) =>
  sql`INSERT OR IGNORE INTO payment_events (id, type) VALUES (${eventId}, ${type})`;

/** What a paid session did: counted toward its booking, or (its booking released, or paid twice) to be refunded. */
export type PaidOutcome = { changed: false } | { changed: true; payment: PaymentRow };

/**
 * A session Stripe reports paid, with the event that says so, in one transaction: the event is
 * taken once; the payment moves from open (or expired) to paid when its booking still holds its
 * place and no other deposit of it is counted, else straight to refunding in full; a paid
 * reservation that is still unanswered is held `holdDays` from now; its receipt is stored.
 */
export async function markPaid(
  db: Database,
  input: { eventId: string; eventType: string; sessionId: string; paymentIntent: string; holdDays: number },
): Promise<PaidOutcome> {
  const holds = sql`EXISTS (SELECT 1 FROM bookings b WHERE b.reference = booking_payments.reference AND b.status IN ('requested', 'confirmed'))`;
  const otherPaid = sql`EXISTS (SELECT 1 FROM booking_payments o WHERE o.reference = booking_payments.reference AND o.state = 'paid' AND o.id <> booking_payments.id)`;
  const counts = sql`(${holds} AND NOT ${otherPaid})`;
  // One instant bound into every statement: SQLite's 'now' may differ between a batch's statements.
  const paidAt = new Date().toISOString();
  const results = await batchStatements(db, [
    sql`UPDATE booking_payments SET
        state = CASE WHEN ${counts} THEN 'paid' ELSE 'refunding' END,
        refund_cents = CASE WHEN ${counts} THEN 0 ELSE amount_cents END,
        refund_reason = CASE WHEN ${counts} THEN NULL WHEN ${holds} THEN 'paid-twice' ELSE 'released' END,
        payment_intent = ${input.paymentIntent}, paid_at = ${paidAt}, updated_at = ${now}
      WHERE session_id = ${input.sessionId} AND state IN ('open', 'expired') AND ${eventUnseen(input.eventId)}
      RETURNING ${columns}`,
    // Only an unanswered reservation's hold runs out; a paid one runs `holdDays` from the payment.
    sql`UPDATE bookings SET hold_until = strftime('%Y-%m-%dT%H:%M:%fZ', ${paidAt}, ${`+${input.holdDays} days`}), updated_at = ${now}
      WHERE status = 'requested' AND kind = 'reservation' AND reference = (
        SELECT reference FROM booking_payments WHERE session_id = ${input.sessionId} AND state = 'paid'
          AND paid_at = ${paidAt})`,
    moneyMail("deposit-paid", sql`p.session_id = ${input.sessionId} AND p.state = 'paid' AND p.paid_at = ${paidAt}`),
    takeEvent(input.eventId, input.eventType),
  ]);
  const row = (results[0]?.results?.[0] ?? null) as PaymentRow | null;
  return row ? { changed: true, payment: row } : { changed: false };
}

/** A session that ended unpaid: closed, once. */
export async function markExpired(db: Database, input: { eventId: string; eventType: string; sessionId: string }) {
  await batchStatements(db, [
    sql`UPDATE booking_payments SET state = 'expired', updated_at = ${now}
      WHERE session_id = ${input.sessionId} AND state = 'open' AND ${eventUnseen(input.eventId)}`,
    takeEvent(input.eventId, input.eventType),
  ]);
}

/** Any other event: taken once, so the record says what Stripe told us. */
export async function recordEvent(db: Database, eventId: string, type: string): Promise<void> {
  await db.run(takeEvent(eventId, type));
}

/** A paid deposit whose booking was released, with what the terms decide about it. */
export interface ReleasedPayment extends ReleasedDeposit {
  id: number;
  reference: string;
  paidAt: string;
}

/** Paid deposits whose booking no longer holds its place: each is settled by the terms. */
export async function releasedPayments(db: Database): Promise<ReleasedPayment[]> {
  return db.all<ReleasedPayment>(sql`
    SELECT p.id, p.reference, b.kind, b.status, b.decided_by AS decidedBy, b.decided_at AS decidedAt,
      b.start_day AS startDay, p.amount_cents AS amountCents, p.paid_at AS paidAt
    FROM booking_payments p JOIN bookings b ON b.reference = p.reference
    WHERE p.state = 'paid' AND b.status IN ('declined', 'cancelled', 'expired')
    ORDER BY p.id LIMIT 50`);
}

/** Settles a released booking's deposit: refunding `refundCents` (with why), or kept when none is due. */
export async function settleReleased(db: Database, id: number, refundCents: number, reason: string): Promise<boolean> {
  const rows = await db.all(sql`UPDATE booking_payments SET
      state = CASE WHEN ${refundCents} > 0 THEN 'refunding' ELSE 'kept' END,
      refund_cents = ${refundCents}, refund_reason = ${reason}, updated_at = ${now}
    WHERE id = ${id} AND state = 'paid' RETURNING id`);
  return rows.length > 0;
}

/** Refunds due, to be asked of Stripe (again, under the same idempotency key, until it answers). */
export async function refundsDue(db: Database): Promise<PaymentRow[]> {
  return db.all<PaymentRow>(
    sql`SELECT ${columns} FROM booking_payments WHERE state = 'refunding' ORDER BY id LIMIT 50`,
  );
}

/** Stripe created the refund: recorded, and its e-mail stored, once. */
export async function markRefunded(db: Database, id: number, refundId: string): Promise<boolean> {
  const results = await batchStatements(db, [
    sql`UPDATE booking_payments SET state = 'refunded', refund_id = ${refundId}, refunded_at = ${now}, updated_at = ${now}
      WHERE id = ${id} AND state = 'refunding' RETURNING id`,
    moneyMail("refunded", sql`p.id = ${id} AND p.state = 'refunded' AND p.refund_id = ${refundId}`),
  ]);
  return (results[0]?.results?.length ?? 0) > 0;
}

/**
 * The customer's money e-mail about the payment `which` selects, stored as an outbox message whose
 * id names the payment and the event, so it is stored once however often the statement runs.
 */
function moneyMail(event: "deposit-paid" | "refunded", which: SQL): SQL {
  return sql`INSERT OR IGNORE INTO contact_messages
      (id, first_name, last_name, email, email_key, phone, interest, message, vehicle_id, booking_reference,
       booking_event, staff_answer, customer_private)
    SELECT ${event} || '-' || p.id, b.first_name, b.last_name, b.email,
      coalesce(nullif(b.email_key, ''), lower(trim(b.email))), b.phone, b.interest, '', b.vehicle_id, b.reference,
      ${event}, 1, json_object('payment', p.id)
    FROM booking_payments p JOIN bookings b ON b.reference = p.reference
    WHERE ${which}`;
}
