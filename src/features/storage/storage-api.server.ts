import { z } from "zod";
import {
  availabilityHandler,
  bookingApiAnswer,
  bookingApiRouter,
  quoteApiAnswer,
} from "~/features/bookings/booking-api.server";
import { storageAvailabilityMaxDays } from "./storage-content";
import { storageAvailability } from "./storage-bookings.server";
import { storageFlow, storageQuoteRules } from "./storage-intake.server";
import { storageBookingWindow, storageMessages, storageSpaces } from "./storage-quote";

/**
 * /api/storage: quotes, the spaces left per day, and holds. Every answer is about this moment's
 * spaces (a quote is judged against today's date), so none is ever cached, by the edge or the browser.
 */
export const storageApi = bookingApiRouter();

storageApi.get(
  "/availability",
  availabilityHandler({
    shape: { space: z.enum(storageSpaces, { error: storageMessages.space }) },
    maxDays: storageAvailabilityMaxDays,
    defaultDays: 31,
    firstDay: (now) => storageBookingWindow(now).today,
    answer: async (db, { space }, from, days) => ({ space, days: await storageAvailability(db, space, from, days) }),
  }),
);

storageApi.post("/quote", (c) => quoteApiAnswer(c, storageQuoteRules));

storageApi.post("/holds", (c) => bookingApiAnswer(c, storageFlow));
