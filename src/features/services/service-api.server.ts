import { availabilityHandler, bookingApiAnswer, bookingApiRouter } from "~/features/bookings/booking-api.server";
import { serviceBookingWindow } from "./service-booking-rules";
import { serviceAvailability } from "./service-bookings.server";
import { serviceFlow } from "./service-intake.server";

/**
 * /api/service: the drop-off calendar and service requests. Every answer is about this moment's
 * slots, so none is ever cached, by the edge or the browser.
 */
export const serviceApi = bookingApiRouter();

serviceApi.get(
  "/availability",
  availabilityHandler({
    shape: {},
    // Three months: as far ahead as the drop-off calendar books.
    maxDays: 92,
    defaultDays: 30,
    firstDay: (now) => serviceBookingWindow(now).first,
    answer: async (db, _, from, days) => ({ days: await serviceAvailability(db, from, days) }),
  }),
);

serviceApi.post("/requests", (c) => bookingApiAnswer(c, serviceFlow));
