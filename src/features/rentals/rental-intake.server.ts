import { requestLimits } from "~/config/request-limits";
import type { BookingKindFlow } from "~/features/bookings/booking-flow.server";
import { formNumber, formText, refuse, type BookingRefusal } from "~/features/bookings/booking-intake.server";
import { fieldErrorsFromZod } from "~/features/contact/contact-schema.server";
import { deliveryFromFormValue } from "~/server/delivery-choice.server";
import { BodyRefusal, readJsonObject } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { bookingCalendarFile } from "./booking-status.server";
import { asRentalHold, rentalHold } from "./rental-bookings.server";
import { rentalBookingStatusPath } from "./rental-paths";
import { quoteRental, rentalDateProblems, type RentalQuote, type RentalRequest } from "./rental-quote";
import { fullDaysMessage } from "./rental-rules";
import { rentalHoldSchema, rentalRequestSchema, type RentalHoldSubmission } from "./rental-schema.server";

export type Refusal = BookingRefusal;

export type QuoteOutcome = { ok: true; request: RentalRequest; quote: RentalQuote } | Refusal;

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
 * Rentals on the booking flow: one cart of a class for every day, priced by the rental quote, from
 * POST /api/rentals/holds and the booking page's form alike. Nothing is held unless every check
 * passed, and the hold is one conditional statement in D1, so two renters racing for the last cart
 * never both get it.
 */
export const rentalFlow: BookingKindFlow<RentalHoldSubmission> = {
  kind: "rental",
  limits: { json: requestLimits.rentalJson, form: requestLimits.rentalForm },
  fromForm: bookingFromForm,
  schema: rentalHoldSchema,
  check: (booking, now) => rentalDateProblems(booking, now),
  plan: ({ plan, start, days, delivery, drivers }, { now }) => {
    const quote = quoteRental({ plan, start, days, delivery, drivers }, now);
    return {
      hold: rentalHold({ quote, delivery, drivers }),
      full: (fullDays) => refuse(409, fullDaysMessage(fullDays), { fields: { start: fullDaysMessage(fullDays) } }),
      answer: { quote },
    };
  },
  statusPath: rentalBookingStatusPath,
  calendarFile: (booking, token, website, now) => ({
    filename: `rental-${booking.reference}.ics`,
    content: bookingCalendarFile(asRentalHold(booking), token, website, now),
  }),
};
