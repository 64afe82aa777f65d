import { redirectDocument } from "react-router";
import { site } from "~/config/site";
import { takesDeposit } from "~/config/deposits";
import { releaseAt } from "~/features/bookings/held-until";
import type { Booking } from "~/features/bookings/capacity.server";
import { dealerMidnight } from "~/lib/rental-cancellation";
import { formatMoney } from "~/lib/format";
import { clientKey } from "~/server/client-key.server";
import type { Database } from "~/server/db.server";
import { emailKey } from "~/server/person-keys.server";
import { closeAttempt, openAttempt, recordSession } from "./payment-store.server";
import { depositCents } from "./deposit-amount";
import { stripeClient } from "./stripe-client.server";

/**
 * "Pay the deposit": a booking's own page posts here (a plain form; the page gains no script). The
 * amount is the server's, from the stored quote; the booking is the one the page's private token
 * names, so nobody can open a checkout for another's booking. A Checkout Session is created with an
 * idempotency key per booking and attempt, ending within the hold, and the customer is sent to
 * Stripe's page (303).
 */

/** Stripe's limits on a session's `expires_at`: from 30 minutes to 24 hours after it is created. */
const shortestSessionSeconds = 31 * 60;
const longestSessionSeconds = 24 * 3600;

export type CheckoutRefusal = { status: 400 | 404 | 409 | 429 | 503; error: string; field?: "accept" };

export async function openCheckout(
  env: Env,
  db: Database,
  request: Request,
  booking: Booking,
  statusPath: string,
  form: FormData,
  now = new Date(),
): Promise<Response | CheckoutRefusal> {
  const stripe = await stripeClient(env, new URL(request.url));
  const amountCents = depositCents(booking);
  if (!stripe || amountCents === null || !takesDeposit(booking.kind)) {
    return { status: 404, error: "This booking takes no deposit online." };
  }
  if (form.get("accept") !== "yes") {
    return { status: 400, field: "accept", error: "Tick the box to accept the deposit's terms, then pay." };
  }
  const holdEnds = holdEnd(booking);
  const expiresAt = Math.floor(Math.min(now.getTime() / 1000 + longestSessionSeconds, holdEnds / 1000));
  if (expiresAt - now.getTime() / 1000 < shortestSessionSeconds) {
    return {
      status: 409,
      error: `The hold ends too soon to pay online. Call us on ${site.phone.display} to keep it.`,
    };
  }
  const attempt = await openAttempt(db, {
    reference: booking.reference,
    amountCents,
    clientKey: clientKey(request),
    emailKey: emailKey(booking.email),
  });
  if (!attempt.opened) return attemptRefusal(attempt.why);
  const origin = new URL(request.url).origin;
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: amountCents,
              product_data: { name: `Deposit for ${booking.reference}: ${booking.summary}`.slice(0, 250) },
            },
          },
        ],
        customer_email: booking.email,
        client_reference_id: booking.reference,
        metadata: { reference: booking.reference, payment: String(attempt.id) },
        payment_intent_data: { metadata: { reference: booking.reference, payment: String(attempt.id) } },
        success_url: `${origin}${statusPath}?deposit=returned`,
        cancel_url: `${origin}${statusPath}?deposit=cancelled`,
        expires_at: expiresAt,
      },
      { idempotencyKey: `deposit-${booking.reference}-${attempt.attempt}` },
    );
    await recordSession(db, attempt.id, session.id);
    if (!session.url) throw new Error("Stripe returned a session without a page");
    return redirectDocument(session.url, 303);
  } catch (error) {
    await closeAttempt(db, attempt.id);
    // The kind of failure only: Stripe's messages may quote what was sent, the customer's address among it.
    console.error("checkout not opened", booking.reference, error instanceof Error ? error.name : "unknown");
    return {
      status: 503,
      error: `The payment page could not be opened just now: nothing was charged. Try again in a minute, or call us on ${site.phone.display}.`,
    };
  }
}

/** When the place a deposit pays for stops being held: the unanswered hold, or a rental's first day. */
function holdEnd(booking: Booking): number {
  const startsAt = booking.kind === "rental" ? dealerMidnight(booking.startDay).getTime() : Infinity;
  const unanswered = booking.status === "requested" ? releaseAt(booking).getTime() : Infinity;
  return Math.min(startsAt, unanswered);
}

function attemptRefusal(why: "paid" | "limit" | "released"): CheckoutRefusal {
  if (why === "paid") return { status: 409, error: "The deposit for this booking is already paid." };
  if (why === "released")
    return { status: 409, error: "This booking no longer holds its place, so it takes no deposit." };
  return {
    status: 429,
    error: `Too many payment pages were opened for this booking or from here in the last hour. Call us on ${site.phone.display}, or try again later.`,
  };
}

/** The deposit's figure as the offer's button says it. */
export const depositLabel = (cents: number) => formatMoney(cents / 100);
