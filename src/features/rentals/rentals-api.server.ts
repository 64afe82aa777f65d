import { z } from "zod";
import {
  availabilityHandler,
  bookingApiAnswer,
  bookingApiRouter,
  quoteApiAnswer,
} from "~/features/bookings/booking-api.server";
import { rentalAvailability } from "./rental-bookings.server";
import { rentalFlow, rentalQuoteRules } from "./rental-intake.server";
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

rentalsApi.post("/quote", (c) => quoteApiAnswer(c, rentalQuoteRules));

rentalsApi.post("/holds", (c) => bookingApiAnswer(c, rentalFlow));
