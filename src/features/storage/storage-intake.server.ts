import { requestLimits } from "~/config/request-limits";
import type { BookingKindFlow } from "~/features/bookings/booking-flow.server";
import {
  correctTheFields,
  formNumber,
  formText,
  refuse,
  type BookingRefusal,
} from "~/features/bookings/booking-intake.server";
import { storageBookingStatusPath } from "./storage-paths";
import { fieldErrorsFromZod } from "~/features/contact/contact-schema.server";
import { BodyRefusal, readJsonObject } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { storageHold } from "./storage-bookings.server";
import { fullSpaceMessage } from "./storage-rules";
import { quoteStorage, storageRequestProblems, type StorageQuote, type StorageRequest } from "./storage-quote";
import { storageHoldSchema, storageRequestSchema, type StorageHoldSubmission } from "./storage-schema.server";

export type StorageQuoteOutcome = { ok: true; request: StorageRequest; quote: StorageQuote } | BookingRefusal;

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

function requestOf(data: StorageRequest): StorageRequest {
  const { space, package: pkg, start, months, maintenance, prep } = data;
  return { space, package: pkg, start, ...(months === undefined ? {} : { months }), maintenance, prep };
}

/** The price of a stay as asked, or the fields that keep it from being one. */
export function storageQuoteFor(raw: Record<string, unknown>, now: Date): StorageQuoteOutcome {
  const parsed = storageRequestSchema.safeParse(raw);
  if (!parsed.success) return refuse(400, correctTheFields, { fields: fieldErrorsFromZod(parsed.error) });
  const problems = storageRequestProblems(parsed.data, now);
  if (Object.keys(problems).length > 0) return refuse(400, correctTheFields, { fields: problems });
  const request = requestOf(parsed.data);
  return { ok: true, request, quote: quoteStorage(request) };
}

/** POST /api/storage/quote: this site's JSON only, within the booking's size limit. */
export async function takeStorageQuote(request: Request, now = new Date()): Promise<StorageQuoteOutcome> {
  if (!isSameOrigin(request)) return refuse(403, "Requests from other sites are not accepted");
  const raw = await readJsonObject(request, requestLimits.storageJson);
  if (raw instanceof BodyRefusal) return refuse(raw.status, raw.error);
  return storageQuoteFor(raw, now);
}

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
    const request = requestOf(asked);
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
