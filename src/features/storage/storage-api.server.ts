import { Hono } from "hono";
import { z } from "zod";
import { bookingApiAnswer } from "~/features/bookings/booking-flow.server";
import { refusalJson } from "~/features/bookings/booking-intake.server";
import { isCalendarDay } from "~/lib/calendar-days";
import type { ApiEnv } from "~/server/api-env";
import { database } from "~/server/db.server";
import { storageAvailabilityMaxDays } from "./storage-content";
import { storageAvailability } from "./storage-bookings.server";
import { storageFlow, takeStorageQuote } from "./storage-intake.server";
import { storageBookingWindow, storageMessages, storageSpaces } from "./storage-quote";

/**
 * /api/storage: quotes, the spaces left per day, and holds. Every answer is about this moment's
 * spaces (a quote is judged against today's date), so none is ever cached, by the edge or the browser.
 */
export const storageApi = new Hono<ApiEnv>();

storageApi.use(async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

const daysMessage = `Ask for 1 to ${storageAvailabilityMaxDays} days`;
const fromMessage = "Give the first day as YYYY-MM-DD";

const availabilityQuery = z.object({
  space: z.enum(storageSpaces, { error: storageMessages.space }),
  from: z.string({ error: fromMessage }).refine(isCalendarDay, fromMessage).optional(),
  days: z.coerce
    .number({ error: daysMessage })
    .int(daysMessage)
    .min(1, daysMessage)
    .max(storageAvailabilityMaxDays, daysMessage)
    .default(31),
});

storageApi.get("/availability", async (c) => {
  const parsed = availabilityQuery.safeParse(c.req.query());
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "query")] ??= issue.message;
    return c.json({ error: "Please correct the query", fields }, 400);
  }
  const { space, days } = parsed.data;
  const from = parsed.data.from ?? storageBookingWindow(new Date()).today;
  return c.json({ space, days: await storageAvailability(database(c.env.DB), space, from, days) });
});

storageApi.post("/quote", async (c) => {
  const outcome = await takeStorageQuote(c.req.raw);
  if (!outcome.ok) return refusalJson(c, outcome);
  return c.json(outcome.quote);
});

storageApi.post("/holds", (c) => bookingApiAnswer(c, storageFlow));
