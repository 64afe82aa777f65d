import { bookingApiAnswer, bookingApiRouter } from "~/features/bookings/booking-api.server";
import { reservationFlow } from "./reservation-intake.server";

/**
 * POST /api/vehicles/{id}/reservations: hold one unit of a vehicle for a buyer. Every answer is about
 * this moment's stock, so none is ever cached.
 */
export const reservationsApi = bookingApiRouter();

reservationsApi.post("/", (c) => bookingApiAnswer(c, reservationFlow));
