import { Hono } from "hono";
import type { ApiEnv } from "~/server/api-env";
import { takeReservation } from "./reservation-intake.server";
import { reservationStatusPath } from "./reservation-paths";

/**
 * POST /api/vehicles/{id}/reservations: hold one unit of a vehicle for a buyer. Every answer is about
 * this moment's stock, so none is ever cached.
 */
export const reservationsApi = new Hono<ApiEnv>();

reservationsApi.use(async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

reservationsApi.post("/", async (c) => {
  const outcome = await takeReservation(c.env, c.req.raw, c.req.param("id") ?? "", "json");
  if (!outcome.ok) {
    if (outcome.retryAfterSeconds) c.header("Retry-After", String(outcome.retryAfterSeconds));
    const body: Record<string, unknown> = { error: outcome.error };
    if (Object.keys(outcome.fields).length > 0) body.fields = outcome.fields;
    return c.json(body, outcome.status);
  }
  return c.json(
    {
      reference: outcome.reference,
      status: "requested",
      statusUrl: new URL(reservationStatusPath(outcome.token), c.req.url).toString(),
      price: outcome.price,
    },
    201,
  );
});
