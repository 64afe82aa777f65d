import { Hono } from "hono";
import { alertWords } from "~/config/alert-terms";
import type { ApiEnv } from "~/server/api-env";
import { takeAlertRequest } from "./alert-intake.server";

/**
 * `POST /api/alerts`: `{ email, search: {...filters} }` or `{ email, vehicleId, on: "price" | "back" }`.
 * 202 with the same body whether or not the address is known; 400 naming the fields; 429 or 503
 * past the client's or everyone's hourly limit. Never cached.
 */
export const alertsApi = new Hono<ApiEnv>();

alertsApi.use(async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

alertsApi.post("/", async (c) => {
  const outcome = await takeAlertRequest(c.env, c.req.raw, "json");
  if (outcome.ok) return c.json({ status: "accepted", message: alertWords.accepted }, 202);
  if (outcome.retryAfterSeconds) c.header("Retry-After", String(outcome.retryAfterSeconds));
  const body =
    Object.keys(outcome.fields).length > 0
      ? { error: outcome.error, fields: outcome.fields }
      : { error: outcome.error };
  return c.json(body, outcome.status);
});
