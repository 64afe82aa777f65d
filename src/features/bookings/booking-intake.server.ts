import type { Context } from "hono";
import type { z } from "zod";
import { bookingKinds, type BookingKind } from "~/config/booking-kinds";
import { site } from "~/config/site";
import { senderWords, visitorLimits, type Sender, type SenderLimits } from "~/config/visitor-limits";
import { fieldErrorsFromZod } from "~/server/visitor-schema.server";
import { noticeOncePerHour } from "~/features/mail/staff-notice.server";
import { hourOf } from "~/server/hourly-cap.server";
import { notARobotUnconfirmed, robotCheckUnavailable, verifyTurnstile } from "~/server/turnstile.server";
import type { ApiEnv } from "~/server/api-env";
import { clientKey } from "~/server/client-key.server";
import { database } from "~/server/db.server";
import { BodyRefusal, readFormBody, readJsonObject } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { bookingHourlyCap, type PlacingRefusal } from "./capacity.server";

/**
 * What every booking request passes before anything is held, whatever its kind, whether the
 * page's form posted it without JavaScript or a script sent JSON to the API: the origin, the body's
 * type and size, the fields, the checks against the clock and the calendar, the sender's rate and
 * the robot check (Turnstile, when its keys are set, as on the contact form). The limits per person
 * and per hour are the engine's, checked in the statement that holds the place (limitRefusal words them).
 */

export type BookingBodyKind = "json" | "form";

export interface BookingRefusal {
  ok: false;
  status: 400 | 403 | 404 | 409 | 413 | 415 | 429 | 503;
  error: string;
  /** Each field that was wrong, and why, in words the customer can act on. */
  fields: Record<string, string>;
  /** On a 409: the days with nothing left. */
  fullDays?: string[];
  retryAfterSeconds?: number;
  /** What the customer typed, for the form to show it again; nothing is lost. */
  sent?: Record<string, string>;
}

export const correctTheFields = "Please correct the highlighted fields";
export const tooManyBookings = "Too many booking attempts. Please wait a minute and try again, or call us.";

export function refuse(
  status: BookingRefusal["status"],
  error: string,
  more: Partial<Omit<BookingRefusal, "ok" | "status" | "error">> = {},
): BookingRefusal {
  return { ok: false, status, error, fields: {}, ...more };
}

export interface BookingRequestRules<T> {
  limits: Record<BookingBodyKind, number>;
  /** The form's fields in the API's shape; a value that is not what it should be stays text, so the schema names it. */
  fromForm: (form: FormData) => Record<string, unknown>;
  schema: z.ZodType<T>;
  /** Checks the shape cannot make (dates against the dealer's clock), as field messages. */
  check?: (data: T) => Record<string, string>;
}

/** The text values a customer sent, for a refused form to show again. */
function asSent(raw: Record<string, unknown>, form: FormData | null): Record<string, string> {
  const sent: Record<string, string> = {};
  if (form) {
    for (const [name, value] of form) if (typeof value === "string") sent[name] = value;
    return sent;
  }
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === "string" || typeof value === "number") sent[name] = String(value);
  }
  return sent;
}

/**
 * Reads and checks a booking request; the rate limiter counts only well-formed ones (what it
 * protects is the pool and the staff inbox). Returns the checked data with what was typed (for a
 * form a limit refuses later), or why not.
 */
export async function readBookingRequest<T>(
  env: Env,
  request: Request,
  body: BookingBodyKind,
  rules: BookingRequestRules<T>,
): Promise<{ ok: true; data: T; sent: Record<string, string> } | BookingRefusal> {
  if (!isSameOrigin(request)) return refuse(403, "Requests from other sites are not accepted");
  let raw: Record<string, unknown>;
  let form: FormData | null = null;
  if (body === "json") {
    const read = await readJsonObject(request, rules.limits.json);
    if (read instanceof BodyRefusal) return refuse(read.status, read.error);
    raw = read;
  } else {
    const read = await readFormBody(request, rules.limits.form);
    if (read instanceof BodyRefusal) return refuse(read.status, read.error);
    form = read;
    raw = rules.fromForm(read);
  }
  const parsed = rules.schema.safeParse(raw);
  const problems = parsed.success ? (rules.check?.(parsed.data) ?? {}) : fieldErrorsFromZod(parsed.error);
  if (!parsed.success || Object.keys(problems).length > 0) {
    return refuse(400, correctTheFields, { fields: problems, sent: asSent(raw, form) });
  }
  const { success: withinRate } = await env.BOOKING_RATE_LIMITER.limit({ key: clientKey(request) });
  if (!withinRate) return refuse(429, tooManyBookings, { retryAfterSeconds: 60, sent: asSent(raw, form) });
  // The widget names its token for the form post; a script sends it by the API's name.
  const token = form ? form.get("cf-turnstile-response") : raw.turnstileToken;
  const verdict = await verifyTurnstile(
    env,
    typeof token === "string" ? token : undefined,
    request.headers.get("CF-Connecting-IP"),
  );
  if (verdict === "misconfigured") return refuse(503, robotCheckUnavailable, { sent: asSent(raw, form) });
  if (verdict === "failed") return refuse(403, notARobotUnconfirmed, { sent: asSent(raw, form) });
  return { ok: true, data: parsed.data, sent: asSent(raw, form) };
}

const requestsWord = (kind: BookingKind) => `${bookingKinds[kind].label.toLowerCase()} requests`;

/** What a visitor reads when their connection or its network reached one of its limits. */
const senderLimitMessages: Record<keyof SenderLimits, (kind: BookingKind, sender: Sender) => string> = {
  waiting: (kind, sender) =>
    `${senderWords[sender].yours} already has ${visitorLimits[sender].waiting} ${requestsWord(kind)} waiting for our answer, ` +
    `as many as we take online from ${senderWords[sender].one}. To add another, call us at ${site.phone.display}.`,
  waitingOnTheDays: (kind, sender) =>
    `${senderWords[sender].yours} already has ${visitorLimits[sender].waitingOnTheDays} ${requestsWord(kind)} waiting ` +
    `for our answer on these days, as many as we take online from ${senderWords[sender].one} for the same days. ` +
    `To add another, call us at ${site.phone.display}.`,
  placedPerHour: (kind, sender) =>
    `${senderWords[sender].yours} has sent ${visitorLimits[sender].placedPerHour} ${requestsWord(kind)} within the last ` +
    `hour, cancelled ones included, as many as we take online from ${senderWords[sender].one} in an hour. ` +
    `Please call us at ${site.phone.display}, or try again later.`,
};

/** What a visitor reads when a limit, not the calendar, kept their request from being held. */
export const limitMessages = {
  "person-limit": (kind: BookingKind) =>
    `You already have ${visitorLimits.waitingRequestsPerPerson} ${requestsWord(kind)} waiting for our answer, ` +
    `as many as we take online from one e-mail address or phone number. We will call you about them; ` +
    `to add another or change one, call us at ${site.phone.display}.`,
  "client-limit": (
    kind: BookingKind,
    { sender, limit }: { sender: Sender; limit: keyof SenderLimits } = { sender: "client", limit: "waiting" },
  ) => senderLimitMessages[limit](kind, sender),
  "hourly-cap": (kind: BookingKind) =>
    `We are receiving an unusual number of ${requestsWord(kind)} and cannot take yours online right now. ` +
    `Please call us at ${site.phone.display}.`,
} as const;

/**
 * The refusal for a request a limit turned away, keeping what the customer typed. Past the hourly
 * cap staff get one e-mail per kind that hour, as the contact form's cap does.
 */
export async function limitRefusal(
  env: Env,
  kind: BookingKind,
  refusal: Exclude<PlacingRefusal, { reason: "full" }>,
  sent: Record<string, string> | undefined,
  now = new Date(),
): Promise<BookingRefusal> {
  if (refusal.reason === "person-limit") return refuse(409, limitMessages["person-limit"](kind), { sent });
  // Like the per-client rate above it, a limit on the sender rather than on a person or the days.
  if (refusal.reason === "client-limit") {
    const { retryAfterSeconds } = refusal;
    return refuse(429, limitMessages["client-limit"](kind, refusal), { sent, retryAfterSeconds });
  }
  const error = limitMessages["hourly-cap"](kind);
  const cap = bookingHourlyCap(env);
  await noticeOncePerHour(env, database(env.DB), kind, now, {
    subject: `${bookingKinds[kind].label}s: hourly cap of ${cap} requests reached`,
    text:
      `The website has taken ${cap} ${requestsWord(kind)} within the last hour, its cap (BOOKING_HOURLY_CAP, per ` +
      `kind of booking). Until fewer came in the last hour, further visitors are asked to call instead. This may ` +
      `be a flood of automated requests; this notice is sent once per clock hour (this one: ${hourOf(now)}:00 UTC).`,
  });
  return refuse(503, error, { sent, retryAfterSeconds: refusal.retryAfterSeconds });
}

/** A refusal as the API answers it: the message, the fields and the full days, never the typed values. */
export function refusalJson(c: Context<ApiEnv>, refusal: BookingRefusal) {
  if (refusal.retryAfterSeconds) c.header("Retry-After", String(refusal.retryAfterSeconds));
  const body: Record<string, unknown> = { error: refusal.error };
  if (Object.keys(refusal.fields).length > 0) body.fields = refusal.fields;
  if (refusal.fullDays) body.fullDays = refusal.fullDays;
  return c.json(body, refusal.status);
}

/** The form's text value of `name`, or undefined. */
export function formText(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** A small whole number typed in a form, as a number; anything else stays as typed. */
export function formNumber(form: FormData, name: string): number | string | undefined {
  const value = formText(form, name)?.trim();
  return value !== undefined && /^\d{1,3}$/.test(value) ? Number(value) : value;
}
