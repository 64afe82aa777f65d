import { Hono, type Context } from "hono";
import { createObject, findObject, saveObject, stripeId, type StandInObject } from "./stand-in-store.server";

/**
 * The local stand-in for the few Stripe API calls the site makes, answered as Stripe's API
 * reference documents them (https://docs.stripe.com/api): create and retrieve a Checkout Session,
 * expire one, create and retrieve a Refund. Requests come form-encoded with bracketed keys
 * (`line_items[0][price_data][unit_amount]`), as the library sends them; a repeated Idempotency-Key
 * gets the first answer; errors are Stripe's error object. It runs only where stripe-client.server.ts
 * lets it: on this machine, without a real key.
 */
export const standInApi = new Hono<{ Bindings: Env }>();

/** The page the stand-in's sessions send the customer to (stand-in-checkout.server.ts). */
export const standInCheckoutPath = (sessionId: string) => `/api/payments/stand-in/pay/${sessionId}`;

type Params = Map<string, string>;

async function formOf(c: Context): Promise<Params> {
  return new Map(new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer())));
}

function stripeError(c: Context, status: 400 | 401 | 404, message: string, param?: string) {
  return c.json(
    {
      error: {
        type: "invalid_request_error",
        message,
        ...(param ? { param, code: status === 404 ? "resource_missing" : "parameter_missing" } : {}),
      },
    },
    status,
  );
}

const metadataOf = (params: Params, prefix = "") =>
  Object.fromEntries(
    [...params].flatMap(([key, value]) => {
      const match = new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}metadata\\[([^\\]]+)\\]$`).exec(key);
      return match ? [[match[1]!, value]] : [];
    }),
  );

standInApi.use("*", async (c, next) => {
  if (!/^Bearer sk_test_/.test(c.req.header("authorization") ?? "")) {
    return stripeError(c, 401, "You did not provide an API key.");
  }
  await next();
});

standInApi.post("/v1/checkout/sessions", async (c) => {
  const params = await formOf(c);
  const amount = Number(params.get("line_items[0][price_data][unit_amount]"));
  const quantity = Number(params.get("line_items[0][quantity]") ?? "1");
  for (const required of ["mode", "success_url", "line_items[0][price_data][currency]"]) {
    if (!params.get(required)) return stripeError(c, 400, `Missing required param: ${required}.`, required);
  }
  if (!Number.isSafeInteger(amount) || amount < 50) {
    return stripeError(c, 400, "Invalid integer: unit_amount.", "line_items[0][price_data][unit_amount]");
  }
  const id = stripeId("cs");
  const session = {
    id,
    object: "checkout.session",
    amount_subtotal: amount * quantity,
    amount_total: amount * quantity,
    cancel_url: params.get("cancel_url") ?? null,
    client_reference_id: params.get("client_reference_id") ?? null,
    created: Math.floor(Date.now() / 1000),
    currency: params.get("line_items[0][price_data][currency]"),
    customer_email: params.get("customer_email") ?? null,
    expires_at: Number(params.get("expires_at") ?? Math.floor(Date.now() / 1000) + 86_400),
    livemode: false,
    metadata: metadataOf(params),
    mode: params.get("mode"),
    payment_intent: null as string | null,
    payment_intent_metadata: metadataOf(params, "payment_intent_data["),
    payment_status: "unpaid",
    status: "open",
    success_url: params.get("success_url"),
    url: new URL(standInCheckoutPath(id), c.req.url).toString(),
  };
  return c.json(await createObject(c.env.DB, session, c.req.header("idempotency-key") ?? null));
});

standInApi.get("/v1/checkout/sessions/:id", async (c) => {
  const session = await findObject(c.env.DB, c.req.param("id"));
  if (session?.object !== "checkout.session")
    return stripeError(c, 404, `No such checkout.session: '${c.req.param("id")}'`, "id");
  return c.json(session);
});

standInApi.post("/v1/checkout/sessions/:id/expire", async (c) => {
  const session = await findObject(c.env.DB, c.req.param("id"));
  if (session?.object !== "checkout.session")
    return stripeError(c, 404, `No such checkout.session: '${c.req.param("id")}'`, "id");
  if (session.status !== "open")
    return stripeError(c, 400, `Only Checkout Sessions with a status in [open] can be expired.`);
  const expired = { ...session, status: "expired" };
  await saveObject(c.env.DB, expired);
  return c.json(expired);
});

standInApi.post("/v1/refunds", async (c) => {
  const params = await formOf(c);
  const paymentIntent = params.get("payment_intent");
  if (!paymentIntent) return stripeError(c, 400, "Missing required param: payment_intent.", "payment_intent");
  const payment = await findObject(c.env.DB, paymentIntent);
  if (payment?.object !== "payment_intent")
    return stripeError(c, 404, `No such payment_intent: '${paymentIntent}'`, "payment_intent");
  const amount = Number(params.get("amount") ?? payment.amount);
  const refunded = Number(payment.amount_refunded ?? 0);
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount + refunded > Number(payment.amount)) {
    return stripeError(
      c,
      400,
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
      "amount",
    );
  }
  const key = c.req.header("idempotency-key") ?? null;
  const refund = await createObject(
    c.env.DB,
    {
      id: stripeId("re"),
      object: "refund",
      amount,
      currency: payment.currency,
      created: Math.floor(Date.now() / 1000),
      metadata: metadataOf(params),
      payment_intent: paymentIntent,
      status: "succeeded",
    } satisfies StandInObject,
    key,
  );
  const counted = (await findObject(c.env.DB, paymentIntent))!;
  const refundIds = (counted.refund_ids as string[] | undefined) ?? [];
  if (!refundIds.includes(refund.id)) {
    await saveObject(c.env.DB, {
      ...counted,
      amount_refunded: refunded + amount,
      refund_ids: [...refundIds, refund.id],
    });
  }
  return c.json(refund);
});

standInApi.get("/v1/refunds", async (c) => {
  const paymentIntent = c.req.query("payment_intent");
  const payment = paymentIntent ? await findObject(c.env.DB, paymentIntent) : null;
  const ids = (payment?.refund_ids as string[] | undefined) ?? [];
  const refunds = await Promise.all(ids.map((id) => findObject(c.env.DB, id)));
  return c.json({ object: "list", data: refunds.filter(Boolean).reverse(), has_more: false, url: "/v1/refunds" });
});

standInApi.get("/v1/refunds/:id", async (c) => {
  const refund = await findObject(c.env.DB, c.req.param("id"));
  if (refund?.object !== "refund") return stripeError(c, 404, `No such refund: '${c.req.param("id")}'`, "id");
  return c.json(refund);
});

standInApi.get("/v1/payment_intents/:id", async (c) => {
  const payment = await findObject(c.env.DB, c.req.param("id"));
  if (payment?.object !== "payment_intent")
    return stripeError(c, 404, `No such payment_intent: '${c.req.param("id")}'`, "id");
  // What the stand-in counts for itself is not a field of Stripe's PaymentIntent.
  const { refund_ids: _ids, amount_refunded: _refunded, ...shown } = payment;
  return c.json(shown);
});

standInApi.all("*", (c) =>
  stripeError(c, 404, `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}).`),
);
