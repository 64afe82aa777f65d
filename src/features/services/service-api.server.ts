import { Hono } from "hono";
import { z } from "zod";
import { bookingApiAnswer } from "~/features/bookings/booking-flow.server";
import { isCalendarDay } from "~/lib/calendar-days";
import type { ApiEnv } from "~/server/api-env";
import { database } from "~/server/db.server";
import { serviceBookingWindow } from "./service-booking-rules";
import { serviceAvailability } from "./service-bookings.server";
import { serviceFlow } from "./service-intake.server";

/**
 * /api/service: the drop-off calendar and service requests. Every answer is about this moment's
 * slots, so none is ever cached, by the edge or the browser.
 */
export const serviceApi = new Hono<ApiEnv>();

serviceApi.use(async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

/** The longest stretch one calendar request covers: three months. */
const availabilityMaxDays = 92;
const availabilityDefaultDays = 30;
const daysMessage = `Ask for 1 to ${availabilityMaxDays} days`;
const fromMessage = "Give the first day as YYYY-MM-DD";

const availabilityQuery = z.object({
  from: z.string({ error: fromMessage }).refine(isCalendarDay, fromMessage).optional(),
  days: z.coerce
    .number({ error: daysMessage })
    .int(daysMessage)
    .min(1, daysMessage)
    .max(availabilityMaxDays, daysMessage)
    .default(availabilityDefaultDays),
});

serviceApi.get("/availability", async (c) => {
  const parsed = availabilityQuery.safeParse(c.req.query());
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "query")] ??= issue.message;
    return c.json({ error: "Please correct the query", fields }, 400);
  }
  const from = parsed.data.from ?? serviceBookingWindow(new Date()).first;
  return c.json({ days: await serviceAvailability(database(c.env.DB), from, parsed.data.days) });
});

serviceApi.post("/requests", (c) => bookingApiAnswer(c, serviceFlow));
