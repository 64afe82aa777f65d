import { Hono, type Context } from "hono";
import { z } from "zod";
import { isCalendarDay } from "~/lib/calendar-days";
import type { ApiEnv } from "~/server/api-env";
import { database, type Database } from "~/server/db.server";
import { takeBooking, takeQuote, type BookingKindFlow, type Person, type QuoteRules } from "./booking-flow.server";
import { refusalJson } from "./booking-intake.server";

/**
 * The API every kind of booking answers with, under its own address (/api/rentals, /api/service,
 * ...): `GET .../availability` for its calendar, `POST` to book (201 with the reference and the
 * private status address; 400 naming the fields; 409 when full; 429 past the rate). Every answer is
 * about this moment's places, so none is ever cached, by the edge or the browser.
 */
export function bookingApiRouter(): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  router.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  return router;
}

/** POST on the kind's API: 201 with the reference and the private status address, or the refusal. */
export async function bookingApiAnswer<Asked extends Person>(c: Context<ApiEnv>, flow: BookingKindFlow<Asked>) {
  const taken = await takeBooking(flow, c.env, c.req.raw, "json", { params: c.req.param() });
  if (!taken.ok) return refusalJson(c, taken);
  return c.json(
    {
      reference: taken.reference,
      status: "requested",
      statusUrl: new URL(taken.statusPath, c.req.url).toString(),
      ...taken.plan.answer,
    },
    201,
  );
}

/** `POST .../quote`: the price of what was asked, or the refusal naming the fields. */
export async function quoteApiAnswer<Asked, Quote>(c: Context<ApiEnv>, rules: QuoteRules<Asked, Quote>) {
  const outcome = await takeQuote(rules, c.req.raw);
  if (!outcome.ok) return refusalJson(c, outcome);
  return c.json(outcome.quote as Record<string, unknown>);
}

const fromMessage = "Give the first day as YYYY-MM-DD";

export interface AvailabilityQuery<Shape extends z.ZodRawShape> {
  /** What the calendar is of (a rental's class, a storage space, a vehicle), beside `from` and `days`. */
  shape: Shape;
  /** The longest stretch one request may ask for, and what it gets when it names none. */
  maxDays: number;
  defaultDays: number;
  /** The first day when the request names none: the kind's first bookable day. */
  firstDay: (now: Date) => string;
  /** The answer's body for the days asked: `{ days: [...] }`, with what it is of. */
  answer: (
    db: Database,
    query: z.infer<z.ZodObject<Shape>>,
    from: string,
    days: number,
  ) => Promise<Record<string, unknown>>;
}

/** `GET .../availability?from=YYYY-MM-DD&days=N&...`: a 400 names each wrong part of the query. */
export function availabilityHandler<Shape extends z.ZodRawShape>(query: AvailabilityQuery<Shape>) {
  const daysMessage = `Ask for 1 to ${query.maxDays} days`;
  const schema = z.object({
    ...query.shape,
    from: z.string({ error: fromMessage }).refine(isCalendarDay, fromMessage).optional(),
    days: z.coerce
      .number({ error: daysMessage })
      .int(daysMessage)
      .min(1, daysMessage)
      .max(query.maxDays, daysMessage)
      .default(query.defaultDays),
  });
  return async (c: Context<ApiEnv>) => {
    const parsed = schema.safeParse(c.req.query());
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "query")] ??= issue.message;
      return c.json({ error: "Please correct the query", fields }, 400);
    }
    const { from, days, ...of } = parsed.data as { from?: string; days: number } & Record<string, unknown>;
    const first = from ?? query.firstDay(new Date());
    return c.json(await query.answer(database(c.env.DB), of as z.infer<z.ZodObject<Shape>>, first, days));
  };
}
