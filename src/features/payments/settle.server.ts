import { enqueueStored } from "~/features/mail/store-and-enqueue.server";
import type { Database } from "~/server/db.server";
import { database } from "~/server/db.server";
import { markRefunded, refundsDue, releasedPayments, settleReleased } from "./payment-store.server";
import { refundDue } from "./refund-terms";
import { stripeClient } from "./stripe-client.server";

/**
 * Money that must move back: paid deposits whose booking was declined, cancelled or released are
 * settled by the terms (refund-terms.ts), then each refund due is asked of Stripe's Refund API
 * under one idempotency key per payment, so asking again after a lost answer refunds once. Run by
 * the cron job (the staff command only changes the booking, in SQL) and at once after a change the
 * Worker makes itself (a staff page's decision, a renter's cancellation, a payment after release).
 */
export async function settleDeposits(env: Env, requestUrl: URL | null = null): Promise<void> {
  const db = database(env.DB);
  for (const released of await releasedPayments(db)) {
    const due = refundDue(released);
    await settleReleased(db, released.id, due.cents, due.reason);
  }
  const due = await refundsDue(db);
  if (due.length === 0) return;
  const stripe = await stripeClient(env, requestUrl);
  if (!stripe) return;
  for (const payment of due) {
    if (!payment.paymentIntent) continue;
    try {
      const refund = await stripe.refunds.create(
        {
          payment_intent: payment.paymentIntent,
          amount: payment.refundCents,
          metadata: { reference: payment.reference, payment: String(payment.id) },
        },
        { idempotencyKey: `refund-${payment.id}` },
      );
      if (await markRefunded(db, payment.id, refund.id)) await sendMoneyMail(env, db, `refunded-${payment.id}`);
    } catch (error) {
      // Left refunding: the next run asks again under the same key.
      console.error("refund not made yet", payment.reference, error instanceof Error ? error.name : "unknown");
    }
  }
}

/** Queues a money e-mail the payment statements stored; the cron sweeper retries a refusal. */
export async function sendMoneyMail(env: Env, db: Database, id: string): Promise<void> {
  await enqueueStored(env, db, id);
}
