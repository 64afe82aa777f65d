import { Hono } from "hono";
import { refusalJson } from "~/features/bookings/booking-intake.server";
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
  if (!outcome.ok) return refusalJson(c, outcome);
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
