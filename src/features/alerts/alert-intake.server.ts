import { z } from "zod";
import { alertTerms, alertWords } from "~/config/alert-terms";
import { rentalPlans, rentalTerms } from "~/config/rental-plans";
import { site } from "~/config/site";
import { addMonths, isCalendarDay, localMoment } from "~/lib/calendar-days";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import { categoryWords, conditions, priceBands, seatOptions } from "~/features/catalogue/filters";
import { emailPattern, fieldLimits, singleLinePattern, withoutInvisibleCharacters } from "~/lib/visitor-fields";
import { notARobotUnconfirmed, robotCheckUnavailable, verifyTurnstile } from "~/server/turnstile.server";
import { clientKey } from "~/server/client-key.server";
import { database } from "~/server/db.server";
import { emailKey } from "~/server/person-keys.server";
import { BodyRefusal, readFormBody, readJsonObject } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { enqueueAlertMail } from "./alert-mail.server";
import { placeAlert } from "./alert-store.server";
import { filtersOf, type AlertSubject } from "./alert-subject";

/**
 * One intake for every alert request, the API's JSON and the pages' plain form posts alike: the
 * origin, the body, the fields (a 400 naming each wrong one, `search.seats` for a nested one), the
 * sender's rate, Turnstile when set, then the INSERT that holds the limits. Whatever the address,
 * known or not, limited or not, a well-formed request gets the same 202.
 */

const emailMessage = "Please enter a valid e-mail address";
const oneOf = <T extends string>(values: readonly T[], what: string) =>
  z.enum(values as unknown as [T, ...T[]], { error: `Choose one of: ${values.join(", ")} (${what})` });
// Controls go before any rule, as on every form: an escape sequence in a search would otherwise
// reach the staff's terminal through `npm run alerts -- list`.
const oneLine = (text: string) => withoutInvisibleCharacters(text, "one-line");
const shortText = (max: number) =>
  z
    .string()
    .overwrite(oneLine)
    .trim()
    .max(max, `At most ${max} characters`)
    .regex(singleLinePattern, "Must be on one line");

const searchSchema = z.strictObject(
  {
    q: shortText(100).optional(),
    brand: shortText(40).optional(),
    category: oneOf(categoryWords, "category").optional(),
    price: oneOf(Object.keys(priceBands) as (keyof typeof priceBands)[], "price").optional(),
    seats: z.coerce
      .number({ error: `Seats must be one of ${seatOptions.join(", ")}` })
      .refine(
        (seats) => (seatOptions as readonly number[]).includes(seats),
        `Seats must be one of ${seatOptions.join(", ")}`,
      )
      .optional(),
    condition: oneOf(Object.keys(conditions) as (keyof typeof conditions)[], "condition").optional(),
    lsv: z.boolean({ error: "lsv must be true or false" }).optional(),
    // The inventory's order: a search's query string may carry it; an alert ignores it.
    sort: z.string().max(20).optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown filter: ${issue.keys.join(", ")}`
        : "Give the search as an object of inventory filters",
  },
);

const dayMessage = "Give the first day as YYYY-MM-DD";
const rentalSchema = z.strictObject(
  {
    plan: oneOf(
      rentalPlans.map((plan) => plan.id),
      "plan",
    ),
    start: z.string({ error: dayMessage }).refine(isCalendarDay, dayMessage),
    days: z.coerce
      .number({ error: `Ask for 1 to ${rentalTerms.maximumDays} days` })
      .int(`Ask for 1 to ${rentalTerms.maximumDays} days`)
      .min(1, `Ask for 1 to ${rentalTerms.maximumDays} days`)
      .max(rentalTerms.maximumDays, `Ask for 1 to ${rentalTerms.maximumDays} days`),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown field: ${issue.keys.join(", ")}`
        : "Give the rental as { plan, start, days }",
  },
);

export const alertRequestSchema = z
  .strictObject(
    {
      email: z
        .string({ error: emailMessage })
        .overwrite(oneLine)
        .trim()
        .min(1, emailMessage)
        .max(fieldLimits.emailMax, emailMessage)
        .regex(singleLinePattern, emailMessage)
        .regex(emailPattern, emailMessage),
      search: searchSchema.optional(),
      rental: rentalSchema.optional(),
      vehicleId: z
        .string({ error: "Give the vehicle's id" })
        .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "Give the vehicle's id")
        .optional(),
      on: z.enum(["price", "back"], { error: 'Choose "price" or "back"' }).optional(),
      turnstileToken: z.string().max(4096).optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
  )
  .superRefine((value, context) => {
    const asked = [value.search, value.vehicleId, value.rental].filter((each) => each !== undefined).length;
    if (asked > 1) {
      context.addIssue({ code: "custom", path: ["body"], message: "Ask about one search, vehicle or rental" });
    } else if (asked === 0) {
      context.addIssue({
        code: "custom",
        path: ["search"],
        message: "Give a search, a vehicleId with on, or a rental",
      });
    } else if (value.vehicleId && !value.on) {
      context.addIssue({ code: "custom", path: ["on"], message: 'Choose "price" or "back"' });
    }
  });

export type AlertRequestBody = z.infer<typeof alertRequestSchema>;

export type AlertIntake =
  | { ok: true }
  | {
      ok: false;
      status: 400 | 403 | 413 | 415 | 429 | 503;
      error: string;
      fields: Record<string, string>;
      retryAfterSeconds?: number;
    };

const refused = (
  status: Exclude<AlertIntake, { ok: true }>["status"],
  error: string,
  fields: Record<string, string> = {},
  retryAfterSeconds?: number,
): AlertIntake => ({ ok: false, status, error, fields, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) });

function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.length > 0 ? issue.path.map(String).join(".") : "body";
    fields[name] ??= issue.message;
  }
  return fields;
}

/** The plain form's fields in the API's shape: `kind` says which, hidden inputs carry the rest. */
export function alertBodyFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const kind = text("kind");
  const body: Record<string, unknown> = { email: text("email") ?? "", turnstileToken: text("cf-turnstile-response") };
  if (kind === "price" || kind === "back") return { ...body, vehicleId: text("vehicleId"), on: kind };
  if (kind === "rental") return { ...body, rental: { plan: text("plan"), start: text("start"), days: text("days") } };
  const search: Record<string, unknown> = {};
  for (const name of ["q", "brand", "category", "price", "seats", "condition"]) {
    const value = text(name);
    if (value !== undefined) search[name] = value;
  }
  if (text("lsv") === "1") search.lsv = true;
  return { ...body, search };
}

export async function takeAlertRequest(env: Env, request: Request, kind: "json" | "form"): Promise<AlertIntake> {
  if (!isSameOrigin(request)) return refused(403, "Requests from other sites are not accepted");
  let raw: Record<string, unknown>;
  if (kind === "json") {
    const read = await readJsonObject(request, alertTerms.bodyBytes);
    if (read instanceof BodyRefusal) return refused(read.status, read.error);
    raw = read;
  } else {
    const read = await readFormBody(request, alertTerms.bodyBytes);
    if (read instanceof BodyRefusal) return refused(read.status, read.error);
    raw = alertBodyFromForm(read);
  }
  return takeAlertBody(env, request, raw);
}

/** The checks and the INSERT for a body already read (the page's action reads its form first). */
export async function takeAlertBody(env: Env, request: Request, raw: Record<string, unknown>): Promise<AlertIntake> {
  if (!isSameOrigin(request)) return refused(403, "Requests from other sites are not accepted");
  const parsed = alertRequestSchema.safeParse(raw);
  if (!parsed.success) return refused(400, "Please correct the highlighted fields", fieldsOf(parsed.error));
  const body = parsed.data;
  let subject: AlertSubject;
  if (body.rental) {
    const today = localMoment(new Date(), site.timeZone).day;
    const lastStart = addMonths(today, site.rentalBooking.horizonMonths);
    if (body.rental.start < today || body.rental.start > lastStart) {
      return refused(400, "Please correct the highlighted fields", {
        "rental.start": `Choose a first day from ${today} to ${lastStart}`,
      });
    }
    subject = { kind: "rental", rental: body.rental };
  } else if (body.vehicleId) {
    const vehicle = await getVehicle(database(env.DB), body.vehicleId);
    if (!vehicle) return refused(400, "Please correct the highlighted fields", { vehicleId: "No vehicle has this id" });
    subject = { kind: body.on === "back" ? "back" : "price", vehicleId: vehicle.id };
  } else {
    subject = { kind: "search", filters: filtersOf(body.search ?? {}) };
  }
  const { success: withinRate } = await env.BOOKING_RATE_LIMITER.limit({ key: clientKey(request) });
  if (!withinRate) return refused(429, alertWords.tooManyFromClient, {}, 60);
  const verdict = await verifyTurnstile(env, body.turnstileToken, request.headers.get("CF-Connecting-IP"));
  if (verdict === "misconfigured") return refused(503, robotCheckUnavailable);
  if (verdict === "failed") return refused(403, notARobotUnconfirmed);
  const placed = await placeAlert(database(env.DB), {
    email: body.email,
    emailKey: emailKey(body.email),
    clientKey: clientKey(request),
    subject,
  });
  if (placed.outcome === "client-limit") {
    const words = placed.sender === "client" ? alertWords.tooManyFromClient : alertWords.tooManyFromNetwork;
    return refused(429, words, {}, 3600);
  }
  if (placed.outcome === "client-waiting") {
    const words =
      placed.sender === "client" ? alertWords.tooManyWaitingFromClient : alertWords.tooManyWaitingFromNetwork;
    return refused(429, words);
  }
  if (placed.outcome === "hourly-cap") {
    return refused(503, `${alertWords.overHourlyCap} Please call us at ${site.phone.display}.`, {}, 3600);
  }
  if (placed.outcome === "stored") await enqueueAlertMail(env, [placed.mailId]);
  return { ok: true };
}
