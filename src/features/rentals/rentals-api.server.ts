import { Hono } from "hono";
import { z } from "zod";
import { isCalendarDay } from "~/lib/calendar-days";
import type { ApiEnv } from "~/server/api-env";
import { database } from "~/server/db.server";
import { bookingApiAnswer } from "~/features/bookings/booking-flow.server";
import { refusalJson } from "~/features/bookings/booking-intake.server";
import { rentalAvailability } from "./rental-bookings.server";
import { rentalFlow, takeRentalQuote } from "./rental-intake.server";
import { bookingWindow } from "./rental-quote";
import { rentalMessages } from "./rental-rules";
import { rentalRequestSchema } from "./rental-schema.server";

/**
 * /api/rentals: the booking page's calendar, quote and hold. Every answer is about this moment's
 * fleet, so none is ever cached, by the edge or the browser.
 */
export const rentalsApi = new Hono<ApiEnv>();

rentalsApi.use(async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

/** The longest stretch one calendar request covers: two months and a bit. */
const availabilityMaxDays = 92;

const availabilityQuery = z.object({
  plan: rentalRequestSchema.shape.plan,
  from: z
    .string({ error: "Give the first day as YYYY-MM-DD" })
    .refine(isCalendarDay, "Give the first day as YYYY-MM-DD")
    .optional(),
  days: z.coerce
    .number({ error: `Ask for 1 to ${availabilityMaxDays} days` })
    .int(`Ask for 1 to ${availabilityMaxDays} days`)
    .min(1, `Ask for 1 to ${availabilityMaxDays} days`)
    .max(availabilityMaxDays, `Ask for 1 to ${availabilityMaxDays} days`)
    .default(60),
});

rentalsApi.get("/availability", async (c) => {
  const parsed = availabilityQuery.safeParse(c.req.query());
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "query")] ??= issue.message;
    if (fields.plan) fields.plan = rentalMessages.plan;
    return c.json({ error: "Please correct the query", fields }, 400);
  }
  const { plan, days } = parsed.data;
  const from = parsed.data.from ?? bookingWindow(new Date()).today;
  return c.json({ plan, days: await rentalAvailability(database(c.env.DB), plan, from, days) });
});

rentalsApi.post("/quote", async (c) => {
  const outcome = await takeRentalQuote(c.req.raw);
  if (!outcome.ok) return refusalJson(c, outcome);
  return c.json(outcome.quote);
});

rentalsApi.post("/holds", (c) => bookingApiAnswer(c, rentalFlow));
