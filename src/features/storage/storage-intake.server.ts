import { requestLimits } from "~/config/request-limits";
import type { BookingKindFlow, QuoteRules } from "~/features/bookings/booking-flow.server";
import { formNumber, formText, refuse } from "~/features/bookings/booking-intake.server";
import { storageBookingStatusPath } from "./storage-paths";
import { storageHold } from "./storage-bookings.server";
import { fullSpaceMessage } from "./storage-rules";
import { quoteStorage, storageRequestProblems, type StorageQuote, type StorageRequest } from "./storage-quote";
import {
  storageHoldSchema,
  storageRequestSchema,
  type StorageHoldSubmission,
  type StorageRequestSubmission,
} from "./storage-schema.server";

/** A ticked box sends its value; an unticked one sends nothing. */
const ticked = (form: FormData, name: string) => formText(form, name) !== undefined;

/**
 * The form's fields in the API's shape: months become a number (empty: none), a ticked add-on
 * becomes true. A value that is not what it should be stays text, so the schema names the field.
 */
export function storageFromForm(form: FormData): Record<string, unknown> {
  const months = formNumber(form, "months");
  return {
    space: formText(form, "space"),
    package: formText(form, "package"),
    start: formText(form, "start"),
    months: months === "" ? undefined : months,
    maintenance: ticked(form, "maintenance"),
    prep: ticked(form, "prep"),
    firstName: formText(form, "firstName"),
    lastName: formText(form, "lastName"),
    email: formText(form, "email"),
    phone: formText(form, "phone"),
    vehicle: formText(form, "vehicle"),
  };
}

/** The stay as asked, with no months unless monthly storage named them. */
export function storageRequestOf(data: StorageRequest): StorageRequest {
  const { space, package: pkg, start, months, maintenance, prep } = data;
  return { space, package: pkg, start, ...(months === undefined ? {} : { months }), maintenance, prep };
}

/** A stay's price before it is booked: the booking page's quote and POST /api/storage/quote. */
export const storageQuoteRules: QuoteRules<StorageRequestSubmission, StorageQuote> = {
  schema: storageRequestSchema,
  check: storageRequestProblems,
  quote: (asked) => quoteStorage(storageRequestOf(asked)),
  jsonLimit: requestLimits.storageJson,
};

/**
 * Storage on the booking flow, from POST /api/storage/holds and the booking page's form alike: one
 * space of the kind asked for, every day of the stay, priced by the storage quote. Nothing is held
 * unless every check passed, and two owners racing for the last space never both get it.
 */
export const storageFlow: BookingKindFlow<StorageHoldSubmission> = {
  kind: "storage",
  limits: { json: requestLimits.storageJson, form: requestLimits.storageForm },
  fromForm: storageFromForm,
  schema: storageHoldSchema,
  check: (booking, now) => storageRequestProblems(booking, now),
  plan: ({ firstName, lastName, email, phone, vehicle, ...asked }) => {
    const request = storageRequestOf(asked);
    const quote = quoteStorage(request);
    return {
      hold: storageHold(request, quote, vehicle),
      full: (fullDays) => {
        const message = fullSpaceMessage(quote.space, fullDays);
        return refuse(409, message, { fields: { start: message } });
      },
      answer: { quote },
    };
  },
  statusPath: storageBookingStatusPath,
};
