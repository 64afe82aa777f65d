import { requestLimits } from "~/config/request-limits";
import { fieldErrorsFromZod } from "~/features/contact/contact-schema.server";
import { clientKey } from "~/server/client-key.server";
import { deliveryFromFormValue } from "~/server/delivery-choice.server";
import { database } from "~/server/db.server";
import { BodyRefusal, readFormBody, readJsonObject } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { errorKind } from "~/server/error-kind";
import { placeHold } from "./rental-holds.server";
import { announceHold } from "./rental-notices.server";
import { quoteRental, rentalDateProblems, type RentalQuote, type RentalRequest } from "./rental-quote";
import { fullDaysMessage } from "./rental-rules";
import { rentalHoldSchema, rentalRequestSchema } from "./rental-schema.server";

/**
 * A booking reaches the server two ways: the booking page's script posts JSON to the API, and the
 * page's form without JavaScript posts form fields to the route. Both pass the same checks, in the
 * same order, here: origin, body type and size, the shape, the dates, the sender's rate, the fleet.
 */
export type RentalBodyKind = "json" | "form";

const bodyLimitBytes: Record<RentalBodyKind, number> = {
  json: requestLimits.rentalJson,
  form: requestLimits.rentalForm,
};

export type FieldErrors = Record<string, string>;

export interface Refusal {
  ok: false;
  status: 400 | 403 | 409 | 413 | 415 | 429;
  error: string;
  fields: FieldErrors;
  /** On a 409: the days with no cart left. */
  fullDays?: string[];
  retryAfterSeconds?: number;
  /** On a 400: the renter's details as sent, for the booking page to show them again. */
  renter?: Partial<Record<RenterDetail, string>>;
}

const renterDetails = ["firstName", "lastName", "email", "phone"] as const;
export type RenterDetail = (typeof renterDetails)[number];

function renterAsSent(raw: Record<string, unknown>): Partial<Record<RenterDetail, string>> {
  const renter: Partial<Record<RenterDetail, string>> = {};
  for (const name of renterDetails) {
    const value = raw[name];
    if (typeof value === "string") renter[name] = value;
  }
  return renter;
}

export type QuoteOutcome = { ok: true; request: RentalRequest; quote: RentalQuote } | Refusal;
export type HoldOutcome =
  { ok: true; reference: string; token: string; request: RentalRequest; quote: RentalQuote } | Refusal;

export const tooManyBookings = "Too many booking attempts. Please wait a minute and try again, or call us.";
const correctTheFields = "Please correct the highlighted fields";

function refuse(status: Refusal["status"], error: string, more: Partial<Refusal> = {}): Refusal {
  return { ok: false, status, error, fields: {}, ...more };
}

/**
 * The form's fields in the API's shape: one "delivery" choice (pickup, or a town's slug) becomes
 * the delivery object, numbers become numbers and the age box becomes true when ticked. A value
 * that is not a number stays text, so the schema names the field.
 */
export function bookingFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const number = (name: string) => {
    const value = text(name)?.trim();
    return value !== undefined && /^\d{1,3}$/.test(value) ? Number(value) : value;
  };
  return {
    plan: text("plan"),
    start: text("start"),
    days: number("days"),
    delivery: deliveryFromFormValue(text("delivery")),
    drivers: number("drivers") ?? 0,
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phone: text("phone"),
    ageConfirmed: text("ageConfirmed") !== undefined ? true : undefined,
  };
}

async function readBooking(request: Request, kind: RentalBodyKind): Promise<Record<string, unknown> | BodyRefusal> {
  if (kind === "json") return readJsonObject(request, bodyLimitBytes.json);
  const form = await readFormBody(request, bodyLimitBytes.form);
  return form instanceof BodyRefusal ? form : bookingFromForm(form);
}

/** The price of a booking as asked, or the fields that keep it from being one. */
export function quoteFor(raw: Record<string, unknown>, now: Date): QuoteOutcome {
  const parsed = rentalRequestSchema.safeParse(raw);
  if (!parsed.success) return refuse(400, correctTheFields, { fields: fieldErrorsFromZod(parsed.error) });
  const dateProblems = rentalDateProblems(parsed.data, now);
  if (Object.keys(dateProblems).length > 0) return refuse(400, correctTheFields, { fields: dateProblems });
  return { ok: true, request: parsed.data, quote: quoteRental(parsed.data, now) };
}

export async function takeRentalQuote(request: Request, now = new Date()): Promise<QuoteOutcome> {
  if (!isSameOrigin(request)) return refuse(403, "Requests from other sites are not accepted");
  const raw = await readJsonObject(request, bodyLimitBytes.json);
  if (raw instanceof BodyRefusal) return refuse(raw.status, raw.error);
  return quoteFor(raw, now);
}

/**
 * Holds one cart for the renter when every day has one free. Nothing is held unless every check
 * passed, and the hold itself is one conditional statement in D1, so two renters racing for the
 * last cart never both get it.
 */
export async function takeRentalHold(
  env: Env,
  request: Request,
  kind: RentalBodyKind,
  now = new Date(),
): Promise<HoldOutcome> {
  if (!isSameOrigin(request)) return refuse(403, "Requests from other sites are not accepted");
  const raw = await readBooking(request, kind);
  if (raw instanceof BodyRefusal) return refuse(raw.status, raw.error);

  const parsed = rentalHoldSchema.safeParse(raw);
  const dateProblems = parsed.success ? rentalDateProblems(parsed.data, now) : {};
  if (!parsed.success || Object.keys(dateProblems).length > 0) {
    const fields = parsed.success ? dateProblems : fieldErrorsFromZod(parsed.error);
    return refuse(400, correctTheFields, { fields, renter: renterAsSent(raw) });
  }
  const { success: withinRate } = await env.RENTAL_RATE_LIMITER.limit({ key: clientKey(request) });
  if (!withinRate) return refuse(429, tooManyBookings, { retryAfterSeconds: 60 });

  const { firstName, lastName, email, phone, ...booking } = parsed.data;
  const rentalRequest: RentalRequest = {
    plan: booking.plan,
    start: booking.start,
    days: booking.days,
    delivery: booking.delivery,
    drivers: booking.drivers,
  };
  const quote = quoteRental(rentalRequest, now);
  const held = await placeHold(database(env.DB), {
    plan: rentalRequest.plan,
    start: rentalRequest.start,
    days: rentalRequest.days,
    request: { delivery: rentalRequest.delivery, drivers: rentalRequest.drivers },
    quote,
    firstName,
    lastName,
    email,
    phone,
  });
  if (!held.placed) {
    return refuse(409, fullDaysMessage(held.fullDays), {
      fields: { start: fullDaysMessage(held.fullDays) },
      fullDays: held.fullDays,
    });
  }
  try {
    await announceHold(
      env,
      { reference: held.reference, quote, delivery: rentalRequest.delivery, drivers: rentalRequest.drivers },
      { firstName, lastName, email, phone },
    );
  } catch (error) {
    // The hold stands and the renter is told so; the cron job announces it to staff instead.
    console.error("rental hold announcement deferred", { reference: held.reference, kind: errorKind(error) });
  }
  return { ok: true, reference: held.reference, token: held.token, request: rentalRequest, quote };
}
