import { data, redirectDocument } from "react-router";
import type { z } from "zod";
import type { BookingKind } from "~/config/booking-kinds";
import { site } from "~/config/site";
import type { CustomerPrivate } from "~/db/schema";
import { fieldErrorsFromZod } from "~/server/visitor-schema.server";
import { clientKey } from "~/server/client-key.server";
import { database, type Database } from "~/server/db.server";
import { BodyRefusal, readJsonObject } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import {
  correctTheFields,
  limitRefusal,
  readBookingRequest,
  refuse,
  type BookingBodyKind,
  type BookingRefusal,
} from "./booking-intake.server";
import { announceNewBooking } from "./booking-notices.server";
import { findBookingByToken, placeBooking, placingLimits, type Booking, type BookingInput } from "./capacity.server";

/**
 * The one booking flow every kind goes through: read and refuse a request (readBookingRequest),
 * let the kind say what to hold and at what price, hold it with the engine's one conditional
 * statement, announce it (staff e-mail, CRM lead, the customer's e-mail with its private link and
 * calendar file), and answer: the API with 201 and the private status address, the page's form
 * without JavaScript with a redirect to that address; a refusal the same way for both (4xx naming
 * the fields, keeping what was typed). A kind is a `BookingKindFlow`: its fields, its checks, and
 * `plan`, which turns a checked request into what the engine holds.
 */

/** Who asks: every kind's request carries them, and the engine keys its per-person limits by them. */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** The engine's placing less the kind and the person, which the flow adds: what a kind holds. */
export type BookingHold = Omit<BookingInput, "kind" | keyof Person>;

/** What a kind asks the engine to hold for a checked request, and how the flow answers once it is held. */
export interface BookingPlan {
  hold: BookingHold;
  /** The refusal when the days asked for are full, naming the field to change. */
  full: (fullDays: string[]) => BookingRefusal;
  /** The API's 201 body besides the reference, status and status address (the quote, the price). */
  answer?: Record<string, unknown>;
  /**
   * Run once the place is held (a cached page that shows holds is told to look again; a rental keeps
   * the hashes of its additional drivers' paperwork links, derived from the token shown only now).
   */
  afterPlaced?: (placed: { db: Database; reference: string; token: string }) => void | Promise<void>;
}

export interface BookingKindFlow<Asked extends Person = Person> {
  kind: BookingKind;
  /** The largest body a JSON request and a form post of this kind may be, in bytes. */
  limits: { json: number; form: number };
  /** The form's fields in the API's shape; a value that is not what it should be stays as typed. */
  fromForm: (form: FormData) => Record<string, unknown>;
  schema: z.ZodType<Asked>;
  /** Checks the shape cannot make (days against the dealer's clock), as field messages. */
  check?: (asked: Asked, now: Date) => Record<string, string>;
  /** What to hold for the request; a refusal when the kind cannot take it (a vehicle not for sale). */
  plan: (asked: Asked, context: PlanContext) => BookingPlan | BookingRefusal | Promise<BookingPlan | BookingRefusal>;
  /** The booking's private page, for the token its customer holds. */
  statusPath: (token: string) => string;
  /** The calendar file the customer's e-mail carries, where the booking has a day. */
  calendarFile?: (booking: Booking, token: string, website: string, now: Date) => { filename: string; content: string };
}

export interface PlanContext {
  db: Database;
  now: Date;
  /** The address's parameters (a reservation's vehicle id). */
  params: Record<string, string | undefined>;
}

export type TakenBooking =
  { ok: true; reference: string; token: string; statusPath: string; plan: BookingPlan } | BookingRefusal;

const isRefusal = (value: BookingPlan | BookingRefusal): value is BookingRefusal => "ok" in value;

/** A request of `flow`'s kind, from the API (JSON) or the page's form, through the whole flow. */
export async function takeBooking<Asked extends Person>(
  flow: BookingKindFlow<Asked>,
  env: Env,
  request: Request,
  body: BookingBodyKind,
  { now = new Date(), params = {} }: { now?: Date; params?: PlanContext["params"] } = {},
): Promise<TakenBooking> {
  const read = await readBookingRequest(env, request, body, {
    limits: flow.limits,
    fromForm: flow.fromForm,
    schema: flow.schema,
    check: flow.check ? (asked) => flow.check!(asked, now) : undefined,
  });
  if (!read.ok) return read;
  const db = database(env.DB);
  const plan = await flow.plan(read.data, { db, now, params });
  if (isRefusal(plan)) return { ...plan, sent: plan.sent ?? read.sent };
  const { firstName, lastName, email, phone } = read.data;
  const held = await placeBooking(
    db,
    { ...plan.hold, kind: flow.kind, firstName, lastName, email, phone, clientKey: clientKey(request) },
    placingLimits(env),
  );
  if (!held.placed && held.reason !== "full") return limitRefusal(env, flow.kind, held, read.sent, now);
  if (!held.placed) {
    const full = plan.full(held.fullDays);
    return { ...full, fullDays: held.fullDays, sent: full.sent ?? read.sent };
  }
  await plan.afterPlaced?.({ db, reference: held.reference, token: held.token });
  const statusPath = flow.statusPath(held.token);
  await announceNewBooking(env, held.notice, await customerPrivate(flow, db, held.token, statusPath, now));
  return { ok: true, reference: held.reference, token: held.token, statusPath, plan };
}

/** The private link and calendar file the customer's e-mail carries, as their page offers them. */
async function customerPrivate(
  flow: Pick<BookingKindFlow, "kind" | "calendarFile">,
  db: Database,
  token: string,
  statusPath: string,
  now: Date,
): Promise<CustomerPrivate & { statusPath: string }> {
  if (!flow.calendarFile) return { statusPath };
  const booking = await findBookingByToken(db, token, flow.kind);
  return { statusPath, calendar: booking ? flow.calendarFile(booking, token, site.website, now) : undefined };
}

/** What the booking page shows again after a refusal: the message, the fields and what was typed. */
export interface FormRefusal {
  error: string;
  fields: Record<string, string>;
  values: Record<string, string>;
}

/**
 * The kind's page form without JavaScript: the same flow as its API, answered as the page (to the
 * private status page on success, the form again with the refusal otherwise). A 404 (no such
 * vehicle) is thrown, for the route's not-found page.
 */
export async function bookingFormAnswer<Asked extends Person>(
  flow: BookingKindFlow<Asked>,
  env: Env,
  request: Request,
  params: PlanContext["params"] = {},
) {
  const taken = await takeBooking(flow, env, request, "form", { params });
  if (taken.ok) return redirectDocument(`${taken.statusPath}?new=1`, 303);
  if (taken.status === 404) throw data(taken.error, { status: 404 });
  const refusal: FormRefusal = { error: taken.error, fields: taken.fields, values: taken.sent ?? {} };
  const headers: HeadersInit = taken.retryAfterSeconds ? { "Retry-After": String(taken.retryAfterSeconds) } : {};
  return data(refusal, { status: taken.status, headers });
}

/**
 * A kind's price before anything is held: its request fields (no person), the checks against the
 * clock, and the quote. The booking page shows it and the kind's `POST .../quote` answers it.
 */
export interface QuoteRules<Asked, Quote> {
  schema: z.ZodType<Asked>;
  check: (asked: Asked, now: Date) => Record<string, string>;
  quote: (asked: Asked, now: Date) => Quote;
  /** The largest JSON body the quote API takes, in bytes. */
  jsonLimit: number;
}

export type QuoteOutcome<Asked, Quote> = { ok: true; asked: Asked; quote: Quote } | BookingRefusal;

/** The price of what was asked, or the fields that keep it from being one (400 naming them). */
export function quoteOf<Asked, Quote>(
  rules: QuoteRules<Asked, Quote>,
  raw: Record<string, unknown>,
  now: Date,
): QuoteOutcome<Asked, Quote> {
  const parsed = rules.schema.safeParse(raw);
  if (!parsed.success) return refuse(400, correctTheFields, { fields: fieldErrorsFromZod(parsed.error) });
  const problems = rules.check(parsed.data, now);
  if (Object.keys(problems).length > 0) return refuse(400, correctTheFields, { fields: problems });
  return { ok: true, asked: parsed.data, quote: rules.quote(parsed.data, now) };
}

/** `POST .../quote`: this site's JSON only, within the kind's size limit. */
export async function takeQuote<Asked, Quote>(
  rules: QuoteRules<Asked, Quote>,
  request: Request,
  now = new Date(),
): Promise<QuoteOutcome<Asked, Quote>> {
  if (!isSameOrigin(request)) return refuse(403, "Requests from other sites are not accepted");
  const raw = await readJsonObject(request, rules.jsonLimit);
  if (raw instanceof BodyRefusal) return refuse(raw.status, raw.error);
  return quoteOf(rules, raw, now);
}
