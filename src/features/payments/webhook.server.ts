import type Stripe from "stripe";
import { depositTerms } from "~/config/deposits";
import { database } from "~/server/db.server";
import { markExpired, markPaid, recordEvent } from "./payment-store.server";
import { sendMoneyMail, settleDeposits } from "./settle.server";
import { stripeLibrary, webhookSecret } from "./stripe-client.server";

/**
 * POST /api/payments/webhook: Stripe's notices. The signature is verified with the library's
 * `constructEventAsync` over the exact bytes received (a forged or stale one is refused with 400 and
 * changes nothing); each event id is taken once, in the same transaction as the change it makes.
 */
export async function takeWebhook(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
): Promise<Response> {
  const secret = webhookSecret(env, new URL(request.url));
  if (!secret) return Response.json({ error: "Payments are not set up here" }, { status: 404 });
  const signature = request.headers.get("stripe-signature");
  if (!signature) return Response.json({ error: "The stripe-signature header is missing" }, { status: 400 });
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    // The library's own verifier (Web Crypto); it needs no key.
    event = await (await stripeLibrary()).webhooks.constructEventAsync(payload, signature, secret);
  } catch {
    return Response.json({ error: "The stripe-signature header does not match this body" }, { status: 400 });
  }
  const db = database(env.DB);
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // A delayed payment method completes unpaid; its async_payment_succeeded event brings the money.
      if (session.payment_status !== "paid") break;
      const paymentIntent =
        typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) return Response.json({ error: "A paid session without its payment" }, { status: 400 });
      const paid = await markPaid(db, {
        eventId: event.id,
        eventType: event.type,
        sessionId: session.id,
        paymentIntent,
        holdDays: depositTerms.reservation.paidHoldDays,
      });
      if (paid.changed) {
        ctx.waitUntil(
          paid.payment.state === "refunding"
            ? settleDeposits(env, new URL(request.url))
            : sendMoneyMail(env, db, `deposit-paid-${paid.payment.id}`),
        );
      }
      return Response.json({ received: true });
    }
    case "checkout.session.expired":
      await markExpired(db, { eventId: event.id, eventType: event.type, sessionId: event.data.object.id });
      return Response.json({ received: true });
  }
  await recordEvent(db, event.id, event.type);
  return Response.json({ received: true });
}
