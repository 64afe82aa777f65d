import { requestLimits } from "~/config/request-limits";
import { announceNewBooking } from "~/features/bookings/booking-notices.server";
import { placingLimits } from "~/features/bookings/capacity.server";
import { storageBookingStatusPath } from "./storage-paths";
import {
  correctTheFields,
  formNumber,
  formText,
  limitRefusal,
  readBookingRequest,
  refuse,
  type BookingBodyKind,
  type BookingRefusal,
} from "~/features/bookings/booking-intake.server";
import { fieldErrorsFromZod } from "~/features/contact/contact-schema.server";
import { database } from "~/server/db.server";
import { BodyRefusal, readJsonObject } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { placeStorageHold } from "./storage-bookings.server";
import { fullSpaceMessage } from "./storage-rules";
import { quoteStorage, storageRequestProblems, type StorageQuote, type StorageRequest } from "./storage-quote";
import { storageHoldSchema, storageRequestSchema } from "./storage-schema.server";

/**
 * A storage booking reaches the server two ways: JSON to the API, and the booking page's form posted
 * without JavaScript. Both pass the same checks in the same order (readBookingRequest: origin, body
 * type and size, the shape, the dates and the season, the sender's rate), then the capacity engine's
 * one conditional statement holds a space.
 */
export type StorageBodyKind = BookingBodyKind;

export type StorageQuoteOutcome = { ok: true; request: StorageRequest; quote: StorageQuote } | BookingRefusal;
export type StorageHoldOutcome =
  { ok: true; reference: string; token: string; request: StorageRequest; quote: StorageQuote } | BookingRefusal;

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
 * Holds one space for the owner when every day of the stay has one free. Nothing is held unless
 * every check passed, and the hold itself is one conditional statement in D1, so two owners racing
 * for the last space never both get it. Staff hear of it through the contact pipeline; if that
 * announcement cannot be stored now, the booking still stands and the cron job announces it.
 */
export async function takeStorageHold(
  env: Env,
  request: Request,
  kind: StorageBodyKind,
  now = new Date(),
): Promise<StorageHoldOutcome> {
  const read = await readBookingRequest(env, request, kind, {
    limits: { json: requestLimits.storageJson, form: requestLimits.storageForm },
    fromForm: storageFromForm,
    schema: storageHoldSchema,
    check: (booking) => storageRequestProblems(booking, now),
  });
  if (!read.ok) return read;
  const { firstName, lastName, email, phone, vehicle, ...asked } = read.data;
  const storageRequest = requestOf(asked);
  const quote = quoteStorage(storageRequest);
  const held = await placeStorageHold(
    database(env.DB),
    { request: storageRequest, quote, vehicle, firstName, lastName, email, phone },
    placingLimits(env),
  );
  if (!held.placed && held.reason !== "full") return limitRefusal(env, "storage", held, read.sent, now);
  if (!held.placed) {
    const message = fullSpaceMessage(quote.space, held.fullDays);
    return refuse(409, message, { fields: { start: message }, fullDays: held.fullDays });
  }
  await announceNewBooking(env, held.notice, { statusPath: storageBookingStatusPath(held.token) });
  return { ok: true, reference: held.reference, token: held.token, request: storageRequest, quote };
}
