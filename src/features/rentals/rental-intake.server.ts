import { keepDriverLinks } from "./paperwork.server";
import { requestLimits } from "~/config/request-limits";
import type { BookingKindFlow, QuoteRules } from "~/features/bookings/booking-flow.server";
import { formNumber, formText, refuse, type BookingRefusal } from "~/features/bookings/booking-intake.server";
import { deliveryFromFormValue } from "~/server/delivery-choice.server";
import { bookingCalendarFile } from "./booking-status.server";
import { asRentalHold, rentalHold } from "./rental-bookings.server";
import { rentalBookingStatusPath } from "./rental-paths";
import { quoteRental, rentalDateProblems, type RentalQuote, type RentalRequest } from "./rental-quote";
import { fullDaysMessage } from "./rental-rules";
import { rentalHoldSchema, rentalRequestSchema, type RentalHoldSubmission } from "./rental-schema.server";

export type Refusal = BookingRefusal;

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

/** A rental's price before it is booked: the booking page's quote and POST /api/rentals/quote. */
export const rentalQuoteRules: QuoteRules<RentalRequest, RentalQuote> = {
  schema: rentalRequestSchema,
  check: rentalDateProblems,
  quote: quoteRental,
  jsonLimit: requestLimits.rentalJson,
};

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
      afterPlaced: ({ db, reference, token }) => keepDriverLinks(db, reference, token, drivers),
    };
  },
  statusPath: rentalBookingStatusPath,
  calendarFile: (booking, token, website, now) => ({
    filename: `rental-${booking.reference}.ics`,
    content: bookingCalendarFile(asRentalHold(booking), token, website, now),
  }),
};
