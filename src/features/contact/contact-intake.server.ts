import { requestLimits } from "~/config/request-limits";
import { database, type Database } from "~/server/db.server";
import { clientKey } from "~/server/client-key.server";
import { interests } from "~/config/enquiry-interests";
import { noticeOncePerHour } from "~/features/mail/staff-notice.server";
import type { OutboxMessageInput } from "~/features/mail/outbox.server";
import { enqueueStored } from "~/features/mail/store-and-enqueue.server";
import { fieldLimits } from "~/lib/visitor-fields";
import { hourOf, hourlyCap, secondsLeftInHour } from "~/server/hourly-cap.server";
import { BodyRefusal, readFormBody, readJsonObject } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { notARobotUnconfirmed, robotCheckUnavailable, verifyTurnstile } from "~/server/turnstile.server";
import { fieldErrorsFromZod } from "~/server/visitor-schema.server";
import { honeypotField, type ContactField, type FieldErrors } from "./contact-rules";
import { hourlyCapReached, tooManyFromSender, tooManyMessages } from "./contact-refusals";
import { contactSchema, type ContactSubmission } from "./contact-schema.server";
import { storeVisitorMessage } from "./contact-store.server";

/** How each door takes a message: the API as JSON, the page's form without JavaScript as a form post. */
export type ContactBodyKind = "json" | "form";

/** The largest body each door takes. */
const contactBodyLimitBytes: Record<ContactBodyKind, number> = {
  json: requestLimits.contactJson,
  form: requestLimits.contactForm,
};

/** What a refused sender sees again in the form: only the visible fields, each within its limit. */
export type EchoedValues = Partial<Record<Exclude<ContactField, "vehicleId">, string>>;

export type IntakeOutcome =
  | { accepted: true; id: string }
  | {
      accepted: false;
      status: 400 | 403 | 413 | 415 | 429 | 503;
      error: string;
      fields: FieldErrors;
      values: EchoedValues;
      retryAfterSeconds?: number;
    };

const echoedLengths: Record<keyof EchoedValues, number> = {
  firstName: fieldLimits.nameMax,
  lastName: fieldLimits.nameMax,
  email: fieldLimits.emailMax,
  phone: fieldLimits.phoneMax,
  interest: Math.max(...interests.map((interest) => interest.length)),
  message: fieldLimits.messageMax,
};

export function echoValues(raw: Record<string, unknown>): EchoedValues {
  const values: EchoedValues = {};
  for (const [name, limit] of Object.entries(echoedLengths) as [keyof EchoedValues, number][]) {
    const value = raw[name];
    if (typeof value === "string") values[name] = value.slice(0, limit);
  }
  if (values.interest && !(interests as readonly string[]).includes(values.interest)) delete values.interest;
  return values;
}

async function readFields(request: Request, kind: ContactBodyKind): Promise<Record<string, unknown> | BodyRefusal> {
  if (kind === "json") return readJsonObject(request, contactBodyLimitBytes.json);
  const form = await readFormBody(request, contactBodyLimitBytes.form);
  if (form instanceof BodyRefusal) return form;
  const fields: Record<string, unknown> = Object.fromEntries(form);
  // The widget names its token for the form post; the schema knows it by the API's name.
  fields.turnstileToken ??= fields["cf-turnstile-response"];
  return fields;
}

/** Tells staff, once per hour, that the form is turning messages away. */
async function noticeCapReached(env: Env, db: Database, at: Date, cap: number): Promise<void> {
  await noticeOncePerHour(env, db, "contact", at, {
    subject: "Contact form: hourly message cap reached",
    text:
      `The website has stored ${cap} contact messages in the hour starting ${hourOf(at)}:00 UTC, its cap ` +
      `(CONTACT_HOURLY_CAP). Until the hour ends, further senders are asked to call instead. ` +
      `This may be a flood of automated messages; this notice is sent once per hour.`,
  });
}

function messageOf(submission: ContactSubmission): OutboxMessageInput {
  return {
    firstName: submission.firstName,
    lastName: submission.lastName,
    email: submission.email,
    phone: submission.phone,
    interest: submission.interest,
    message: submission.message,
    vehicleId: submission.vehicleId,
  };
}

/**
 * Every contact message, from the API or the form, passes the same checks in the same order:
 * origin, body type and size, the schema, the sender's rate limit, Turnstile, then the sender's
 * (its client's and its network's) hourly figures and everyone's hourly cap, in the storing INSERT.
 */
export async function takeContactMessage(env: Env, request: Request, kind: ContactBodyKind): Promise<IntakeOutcome> {
  const refuse = (
    status: Exclude<IntakeOutcome, { accepted: true }>["status"],
    error: string,
    more: { fields?: FieldErrors; values?: EchoedValues; retryAfterSeconds?: number } = {},
  ): IntakeOutcome => ({ accepted: false, status, error, fields: {}, values: {}, ...more });

  if (!isSameOrigin(request)) return refuse(403, "Requests from other sites are not accepted");
  const raw = await readFields(request, kind);
  if (raw instanceof BodyRefusal) return refuse(raw.status, raw.error);
  const values = echoValues(raw);
  const parsed = contactSchema.safeParse(raw);
  if (!parsed.success) {
    return refuse(400, "Please correct the highlighted fields", { fields: fieldErrorsFromZod(parsed.error), values });
  }
  // Counted once a message is well-formed: those are what cost storage and staff time.
  const { success: withinRate } = await env.CONTACT_RATE_LIMITER.limit({ key: clientKey(request) });
  if (!withinRate) return refuse(429, tooManyMessages, { values, retryAfterSeconds: 60 });

  const verdict = await verifyTurnstile(env, parsed.data.turnstileToken, request.headers.get("CF-Connecting-IP"));
  if (verdict === "misconfigured") return refuse(503, robotCheckUnavailable, { values });
  if (verdict === "failed") return refuse(403, notARobotUnconfirmed, { values });

  // Bots fill the hidden field; they get the same answer as people and nothing is stored or counted.
  if (parsed.data[honeypotField]) return { accepted: true, id: crypto.randomUUID() };

  const now = new Date();
  const cap = hourlyCap(env);
  const db = database(env.DB);
  const stored = await storeVisitorMessage(db, messageOf(parsed.data), { clientKey: clientKey(request), at: now, cap });
  if (stored.stored) {
    await enqueueStored(env, db, stored.id);
    return { accepted: true, id: stored.id };
  }
  if (stored.reason === "sender") {
    const { sender, retryAfterSeconds } = stored;
    return refuse(429, tooManyFromSender(sender), { values, retryAfterSeconds });
  }
  await noticeCapReached(env, db, now, cap);
  return refuse(503, hourlyCapReached, { values, retryAfterSeconds: secondsLeftInHour(now) });
}
