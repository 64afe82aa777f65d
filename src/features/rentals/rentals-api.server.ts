import { z } from "zod";
import { availabilityHandler, bookingApiAnswer, bookingApiRouter } from "~/features/bookings/booking-api.server";
import { refusalJson } from "~/features/bookings/booking-intake.server";
import { rentalAvailability } from "./rental-bookings.server";
import { rentalFlow, takeRentalQuote } from "./rental-intake.server";
import { bookingWindow } from "./rental-quote";
import { rentalMessages } from "./rental-rules";
import { rentalPlanIds } from "./rental-schema.server";

/**
 * /api/rentals: the booking page's calendar, quote and hold. Every answer is about this moment's
 * fleet, so none is ever cached, by the edge or the browser.
 */
export const rentalsApi = bookingApiRouter();

rentalsApi.get(
  "/availability",
  availabilityHandler({
    shape: { plan: z.enum(rentalPlanIds, { error: rentalMessages.plan }) },
    // Two months and a bit: the booking page's two calendar months.
    maxDays: 92,
    defaultDays: 60,
    firstDay: (now) => bookingWindow(now).today,
    answer: async (db, { plan }, from, days) => ({ plan, days: await rentalAvailability(db, plan, from, days) }),
  }),
);

rentalsApi.post("/quote", async (c) => {
  const outcome = await takeRentalQuote(c.req.raw);
  if (!outcome.ok) return refusalJson(c, outcome);
  return c.json(outcome.quote);
});

rentalsApi.post("/holds", (c) => bookingApiAnswer(c, rentalFlow));
