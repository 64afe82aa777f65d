import { Hono } from "hono";
import { site } from "~/config/site";
import { escapeMarkup } from "~/lib/escape-markup";
import { formatMoney } from "~/lib/format";
import { findObject, saveObject, stripeId, type StandInObject } from "./stand-in-store.server";

/**
 * The stand-in's checkout page, in place of Stripe's hosted one: the amount, "Pay" and "Cancel", as
 * plain forms. "Pay" marks the session paid, then sends our webhook endpoint the event Stripe would
 * (`checkout.session.completed`), signed with the library's own test-header function and the local
 * secret, after the customer is sent back, as Stripe's arrives: so the return page first says the
 * payment is being confirmed. A refused delivery is tried again, as Stripe does.
 */
export type WebhookDelivery = (
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
) => Promise<Response>;

export function standInCheckout(deliver: WebhookDelivery) {
  const page = new Hono<{ Bindings: Env }>();

  page.get("/pay/:id", async (c) => {
    const session = await findObject(c.env.DB, c.req.param("id"));
    if (session?.object !== "checkout.session") return c.text("No such checkout session", 404);
    const amount = formatMoney(Number(session.amount_total) / 100);
    const open = session.status === "open" && !pastExpiry(session);
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>Pay ${amount}: local stand-in for Stripe Checkout</title>` +
        `</head><body>` +
        `<main><h1>Pay ${amount} to ${escapeMarkup(site.name)}</h1>` +
        `<p>This is the local stand-in for Stripe Checkout: no card is asked for and no money moves. Deployed with a Stripe key, this page is Stripe's.</p>` +
        `<p>For: ${escapeMarkup(String(session.client_reference_id ?? ""))}</p>` +
        (open
          ? `<form method="post" action="${escapeMarkup(c.req.path)}/pay"><button type="submit">Pay ${amount}</button></form>` +
            `<form method="post" action="${escapeMarkup(c.req.path)}/cancel"><button type="submit">Cancel</button></form>`
          : `<p>This checkout is ${escapeMarkup(String(session.status))}.</p>`) +
        `</main></body></html>`,
      200,
      { "Cache-Control": "no-store" },
    );
  });

  page.post("/pay/:id/pay", async (c) => {
    const session = await findObject(c.env.DB, c.req.param("id"));
    if (session?.object !== "checkout.session") return c.text("No such checkout session", 404);
    if (pastExpiry(session)) return c.text("This checkout has expired", 410);
    if (session.status !== "open") return c.redirect(String(session.success_url), 303);
    const intent: StandInObject = {
      id: stripeId("pi"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      metadata: session.payment_intent_metadata ?? {},
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
    await saveNew(c.env.DB, intent);
    const paid = { ...session, status: "complete", payment_status: "paid", payment_intent: intent.id };
    await saveObject(c.env.DB, paid);
    c.executionCtx.waitUntil(sendEvent(c.env, c.executionCtx, new URL(c.req.url).origin, deliver, paid));
    return c.redirect(String(session.success_url), 303);
  });

  page.post("/pay/:id/cancel", async (c) => {
    const session = await findObject(c.env.DB, c.req.param("id"));
    if (session?.object !== "checkout.session") return c.text("No such checkout session", 404);
    return c.redirect(String(session.cancel_url ?? session.success_url), 303);
  });

  return page;
}

/** Stripe no longer takes a payment on a session past its `expires_at`. */
const pastExpiry = (session: StandInObject) => Date.now() / 1000 > Number(session.expires_at);

async function saveNew(db: D1Database, object: StandInObject) {
  await db
    .prepare("INSERT INTO stand_in_stripe_objects (id, idempotency_key, body) VALUES (?, NULL, ?)")
    .bind(object.id, JSON.stringify(object))
    .run();
}

/** The event, signed and delivered, tried up to three times a few seconds apart. */
async function sendEvent(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  origin: string,
  deliver: WebhookDelivery,
  session: StandInObject,
) {
  const Stripe = (await import("stripe")).default;
  const event = {
    id: stripeId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "checkout.session.completed",
    data: { object: session },
  };
  const payload = JSON.stringify(event);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000 * (attempt + 1)));
    const header = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: env.PAYMENT_STAND_IN_SECRET!,
    });
    const answer = await deliver(
      new Request(new URL("/api/payments/webhook", origin), {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": header },
        body: payload,
      }),
      env,
      ctx,
    );
    if (answer.ok) return;
  }
}
