import { Hono } from "hono";
import { bookingApiAnswer } from "~/features/bookings/booking-flow.server";
import type { ApiEnv } from "~/server/api-env";
import { reservationFlow } from "./reservation-intake.server";

/**
 * POST /api/vehicles/{id}/reservations: hold one unit of a vehicle for a buyer. Every answer is about
 * this moment's stock, so none is ever cached.
 */
export const reservationsApi = new Hono<ApiEnv>();

reservationsApi.use(async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

reservationsApi.post("/", (c) => bookingApiAnswer(c, reservationFlow));
