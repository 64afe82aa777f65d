import { Hono } from "hono";
import { standInCheckout } from "./stand-in/stand-in-checkout.server";
import { standInApi } from "./stand-in/stand-in-api.server";
import { standInAllowed } from "./stripe-client.server";
import { takeWebhook } from "./webhook.server";

/**
 * /api/payments: Stripe's webhook, and on this machine without a key the stand-in that plays
 * Stripe (its API and its checkout page), which answers 404 everywhere else.
 */
export const paymentsApi = new Hono<{ Bindings: Env }>();

paymentsApi.post("/webhook", (c) => takeWebhook(c.req.raw, c.env, c.executionCtx));

const standIn = new Hono<{ Bindings: Env }>();
standIn.use("*", async (c, next) => {
  if (!standInAllowed(c.env, new URL(c.req.url))) return c.json({ error: "Not found" }, 404);
  await next();
});
standIn.route(
  "/",
  standInCheckout((request, env, ctx) => takeWebhook(request, env, ctx)),
);
standIn.route("/", standInApi);
paymentsApi.route("/stand-in", standIn);
