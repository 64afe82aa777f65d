import { requestLimits } from "~/config/request-limits";
import { site } from "~/config/site";
import { announceNewBooking } from "~/features/bookings/booking-notices.server";
import { placingLimits } from "~/features/bookings/capacity.server";
import {
  formNumber,
  formText,
  limitRefusal,
  readBookingRequest,
  refuse,
  type BookingBodyKind,
  type BookingRefusal,
} from "~/features/bookings/booking-intake.server";
import { fieldErrorsFromZod } from "~/features/contact/contact-schema.server";
import { deliveryFromFormValue } from "~/server/delivery-choice.server";
import { database } from "~/server/db.server";
import { BodyRefusal, readJsonObject } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { bookingCalendarFile } from "./booking-status.server";
import { findHoldByToken, placeRentalHold } from "./rental-bookings.server";
import { rentalBookingStatusPath } from "./rental-paths";
import { quoteRental, rentalDateProblems, type RentalQuote, type RentalRequest } from "./rental-quote";
import { fullDaysMessage } from "./rental-rules";
import { rentalHoldSchema, rentalRequestSchema } from "./rental-schema.server";

/**
 * A booking reaches the server two ways: the booking page's script posts JSON to the API, and the
 * page's form without JavaScript posts form fields to the route. Both pass the same checks, in the
 * same order (readBookingRequest: origin, body type and size, the shape, the dates, the sender's
 * rate), then the capacity engine's one conditional statement holds a cart.
 */
export type RentalBodyKind = BookingBodyKind;
export type Refusal = BookingRefusal;

export type QuoteOutcome = { ok: true; request: RentalRequest; quote: RentalQuote } | Refusal;
export type HoldOutcome =
  { ok: true; reference: string; token: string; request: RentalRequest; quote: RentalQuote } | Refusal;

const correctTheFields = "Please correct the highlighted fields";

/**
 * The form's fields in the API's shape: one "delivery" choice (pickup, or a town's slug) becomes
 * the delivery object, numbers become numbers and the age box becomes true when ticked. A value
 * that is not a number stays text, so the schema names the field.
 */
export function bookingFromForm(form: FormData): Record<string, unknown> {
  return {
    plan: formText(form, "plan"),
    start: formText(form, "start"),
    days: formNumber(form, "days"),
    delivery: deliveryFromFormValue(formText(form, "delivery")),
    drivers: formNumber(form, "drivers") ?? 0,
    firstName: formText(form, "firstName"),
    lastName: formText(form, "lastName"),
    email: formText(form, "email"),
    phone: formText(form, "phone"),
    ageConfirmed: formText(form, "ageConfirmed") !== undefined ? true : undefined,
  };
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
  const raw = await readJsonObject(request, requestLimits.rentalJson);
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
  const read = await readBookingRequest(env, request, kind, {
    limits: { json: requestLimits.rentalJson, form: requestLimits.rentalForm },
    fromForm: bookingFromForm,
    schema: rentalHoldSchema,
    check: (booking) => rentalDateProblems(booking, now),
  });
  if (!read.ok) return read;
  const { firstName, lastName, email, phone, ...booking } = read.data;
  const rentalRequest: RentalRequest = {
    plan: booking.plan,
    start: booking.start,
    days: booking.days,
    delivery: booking.delivery,
    drivers: booking.drivers,
  };
  const quote = quoteRental(rentalRequest, now);
  const renter = { firstName, lastName, email, phone };
  const held = await placeRentalHold(
    database(env.DB),
    { quote, delivery: rentalRequest.delivery, drivers: rentalRequest.drivers, ...renter },
    placingLimits(env),
  );
  if (!held.placed && held.reason !== "full") return limitRefusal(env, "rental", held, read.sent, now);
  if (!held.placed) {
    return refuse(409, fullDaysMessage(held.fullDays), {
      fields: { start: fullDaysMessage(held.fullDays) },
      fullDays: held.fullDays,
    });
  }
  // The renter's e-mail carries the private link and the calendar file its page offers.
  const hold = await findHoldByToken(database(env.DB), held.token);
  await announceNewBooking(env, held.notice, {
    statusPath: rentalBookingStatusPath(held.token),
    calendar: hold
      ? { filename: `rental-${held.reference}.ics`, content: bookingCalendarFile(hold, held.token, site.website, now) }
      : undefined,
  });
  return { ok: true, reference: held.reference, token: held.token, request: rentalRequest, quote };
}
