import { requestLimits } from "~/config/request-limits";
import { tradeInPhotoLabels } from "~/config/trade-in-options";
import type { TradeInPhoto } from "~/db/schema";
import { enqueueStored } from "~/features/mail/store-and-enqueue.server";
import { noticeOncePerHour } from "~/features/mail/staff-notice.server";
import { makeStaffOnlyJpeg, PhotoEngineError } from "~/features/photos/photo-processing.server";
import { PhotoRefusal } from "~/features/photos/photo-intake";
import { honeypotField } from "~/lib/visitor-fields";
import { clientKey } from "~/server/client-key.server";
import { database, type Database } from "~/server/db.server";
import { hourOf, hourlyCap, secondsLeftInHour } from "~/server/hourly-cap.server";
import { BodyRefusal, readFormBody } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { notARobotUnconfirmed, robotCheckUnavailable, verifyTurnstile } from "~/server/turnstile.server";
import { fieldErrorsFromZod } from "~/server/visitor-schema.server";
import { tradeInAnnouncement } from "./trade-in-announcement";
import {
  fromDraftField,
  photoFieldNames,
  type PhotoField,
  type TradeInFieldErrors,
  type TradeInText,
} from "./trade-in-fields";
import { draftField, draftHashOf, draftPhotos, forgetDraft } from "./trade-in-drafts.server";
import { keepForNextTry, type KeptPhotos } from "./trade-in-kept-photos.server";
import { tradeInPhotoKey, tradeInPhotoStore } from "./trade-in-photos.server";
import { tradeInSchema } from "./trade-in-schema.server";
import { storeTradeIn } from "./trade-in-store.server";
import {
  tradeInCapReached,
  tradeInLimitRefusal,
  tradeInPhotoGone,
  tradeInPhotoTrouble,
  tradeInTooMany,
} from "./trade-in-words";

export type TradeInValues = Partial<TradeInText>;

export type TradeInOutcome =
  | { accepted: true; id: string }
  | {
      accepted: false;
      status: 400 | 403 | 413 | 415 | 429 | 503;
      error: string;
      fields: TradeInFieldErrors;
      values: TradeInValues;
      /** The photos kept for the next try (trade-in-kept-photos.server.ts). */
      photos: KeptPhotos;
      retryAfterSeconds?: number;
    };

const textFields: readonly (keyof TradeInText)[] = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "vehicle",
  "year",
  "make",
  "model",
  "serial",
  "power",
  "battery",
  "batteryYear",
  "seats",
  "lifted",
  "streetLegal",
  "conditionNotes",
];

/** What the form shows again after a refusal: every text field as typed, cut to a sane length. */
function echoValues(form: FormData): TradeInValues {
  const values: TradeInValues = {};
  for (const name of textFields) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 5000);
  }
  return values;
}

interface ChosenPhoto {
  field: PhotoField;
  label: string;
  file: File;
}

/** A photo the page's island sent ahead of the form, already made and stored under its draft. */
interface SentAhead {
  field: PhotoField;
  label: string;
  draftKey: string;
}

/**
 * The photos chosen, in the form's order: a file posted with the form, or else the photo the page's
 * island sent ahead for that slot and named in `fromDraft` (the newest, when chosen twice); a slot
 * with neither is no photo.
 */
function chosenPhotos(
  form: FormData,
  sentAhead: ReadonlyMap<PhotoField, string> = new Map(),
): (ChosenPhoto | SentAhead)[] {
  return photoFieldNames.flatMap((field, index): (ChosenPhoto | SentAhead)[] => {
    const file = form.get(field);
    const label = tradeInPhotoLabels[index]!;
    if (file instanceof File && file.size > 0) return [{ field, label, file }];
    const draftKey = sentAhead.get(field);
    return draftKey ? [{ field, label, draftKey }] : [];
  });
}

async function noticeCapReached(env: Env, db: Database, at: Date, cap: number): Promise<void> {
  await noticeOncePerHour(env, db, "contact", at, {
    subject: "Website: hourly message cap reached (trade-ins)",
    text:
      `The website has stored ${cap} messages in the hour starting ${hourOf(at)}:00 UTC, its cap ` +
      `(CONTACT_HOURLY_CAP), trade-ins among them. Until the hour ends, further senders are asked to call instead.`,
  });
}

/**
 * A trade-in from the page's one plain form (multipart, with its photos): the contact form's checks
 * in the contact form's order (origin, body type and size, the schema, the rate limiter, Turnstile,
 * then the limits in the storing INSERT), with the photos made into staff-only JPEGs (upright,
 * metadata removed) and put in the private bucket before the request is stored, so a stored
 * request's photos are always there; a request then refused deletes the request's copies. A slot
 * the form posts empty takes the photo the page's island sent ahead for it under the form's draft
 * token (trade-in-draft-intake.server.ts made it the same way), copied to the request's keys. A
 * refusal hands back the draft with the photos sent, for the next try (trade-in-kept-photos.server.ts).
 */
export async function takeTradeIn(env: Env, request: Request): Promise<TradeInOutcome> {
  const refuse = (
    status: Exclude<TradeInOutcome, { accepted: true }>["status"],
    error: string,
    more: { fields?: TradeInFieldErrors; values?: TradeInValues; photos?: KeptPhotos; retryAfterSeconds?: number } = {},
  ): TradeInOutcome => ({
    accepted: false,
    status,
    error,
    fields: {},
    values: {},
    photos: { kept: [], refused: {} },
    ...more,
  });

  if (!isSameOrigin(request)) return refuse(403, "Requests from other sites are not accepted");
  const form = await readFormBody(request, requestLimits.tradeInForm);
  if (form instanceof BodyRefusal) return refuse(form.status, form.error);
  const values = echoValues(form);
  const db = database(env.DB);
  // Every refusal from here on hands back the photos sent: the ones the form carried too when what
  // was typed is refused, since the next try sends the form again.
  const keep = (options: { takePosted: boolean; skip?: PhotoField } = { takePosted: false }) =>
    keepForNextTry(env, db, request, form, options);
  const raw: Record<string, unknown> = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  raw.turnstileToken ??= raw["cf-turnstile-response"];
  const parsed = tradeInSchema.safeParse(raw);
  if (!parsed.success) {
    const photos = await keep({ takePosted: true });
    return refuse(400, "Please correct the highlighted fields", {
      fields: { ...photos.refused, ...(fieldErrorsFromZod(parsed.error) as TradeInFieldErrors) },
      values,
      photos,
    });
  }
  const { success: withinRate } = await env.CONTACT_RATE_LIMITER.limit({ key: clientKey(request) });
  if (!withinRate) return refuse(429, tradeInTooMany, { values, photos: await keep(), retryAfterSeconds: 60 });

  const verdict = await verifyTurnstile(env, parsed.data.turnstileToken, request.headers.get("CF-Connecting-IP"));
  if (verdict === "misconfigured") return refuse(503, robotCheckUnavailable, { values, photos: await keep() });
  if (verdict === "failed") return refuse(403, notARobotUnconfirmed, { values, photos: await keep() });
  if (parsed.data[honeypotField]) return { accepted: true, id: crypto.randomUUID() };

  const id = crypto.randomUUID();
  const bucket = tradeInPhotoStore(env);
  const photos: TradeInPhoto[] = [];
  const dropPhotos = () => Promise.all(photos.map((photo) => bucket.delete(photo.key)));
  // Photos the page's island sent ahead, under the draft token this form carries (and no other).
  const draftHash = await draftHashOf(form.get(draftField));
  const draft = draftHash ? await draftPhotos(db, draftHash) : null;
  const named = new Set(form.getAll(fromDraftField));
  const sentAhead = new Map([...(draft?.newest ?? [])].filter(([slot]) => named.has(slot)));
  // A photo the form says we have but the draft no longer holds (kept past its hours) is asked for
  // again by name, never dropped without a word.
  const gone = photoFieldNames.find((slot) => {
    const file = form.get(slot);
    return named.has(slot) && !sentAhead.has(slot) && !(file instanceof File && file.size > 0);
  });
  if (gone) {
    return refuse(400, "Please correct the highlighted fields", {
      fields: { [gone]: tradeInPhotoGone },
      values,
      photos: await keep({ takePosted: true }),
    });
  }
  for (const chosen of chosenPhotos(form, sentAhead)) {
    try {
      if ("draftKey" in chosen) {
        // Already checked and made when it arrived: copied to the request's own key as it is.
        const sent = await bucket.get(chosen.draftKey);
        if (!sent) continue;
        const key = tradeInPhotoKey(id, photos.length + 1);
        await bucket.put(key, await sent.arrayBuffer(), {
          httpMetadata: { contentType: "image/jpeg", cacheControl: "private, no-store" },
        });
        photos.push({ key, label: chosen.label });
        continue;
      }
      const bytes = new Uint8Array(await chosen.file.arrayBuffer());
      const key = tradeInPhotoKey(id, photos.length + 1);
      const made = await makeStaffOnlyJpeg(env.IMAGES, bytes, key, `The ${chosen.label.toLowerCase()} photo`);
      await bucket.put(made.key, made.bytes, {
        httpMetadata: { contentType: made.contentType, cacheControl: "private, no-store" },
      });
      photos.push({ key: made.key, label: chosen.label });
    } catch (error) {
      await dropPhotos();
      if (error instanceof PhotoRefusal) {
        const photos = await keep({ takePosted: true, skip: chosen.field });
        return refuse(400, "Please correct the highlighted fields", {
          fields: { ...photos.refused, [chosen.field]: error.message },
          values,
          photos,
        });
      }
      console.error("trade-in photo not made", { kind: error instanceof PhotoEngineError ? "engine" : "other" });
      return refuse(503, tradeInPhotoTrouble, { values, photos: await keep() });
    }
  }

  const now = new Date();
  const cap = hourlyCap(env);
  const announcement = tradeInAnnouncement(
    parsed.data,
    photos.map((photo) => photo.label),
  );
  const stored = await storeTradeIn(db, id, parsed.data, photos, announcement, {
    clientKey: clientKey(request),
    at: now,
    cap,
  }).catch(async (error: unknown) => {
    await dropPhotos();
    throw error;
  });
  if (stored.stored) {
    // The draft is used: its photos now live under the request's keys (a refused form keeps it for the next try).
    if (draftHash && draft && draft.all.length > 0) {
      await bucket.delete(draft.all);
      await forgetDraft(db, draftHash);
    }
    await enqueueStored(env, db, stored.messageId);
    return { accepted: true, id };
  }
  await dropPhotos();
  if (stored.reason === "limit") {
    return refuse(429, tradeInLimitRefusal(stored.limit), {
      values,
      photos: await keep(),
      retryAfterSeconds: stored.retryAfterSeconds,
    });
  }
  await noticeCapReached(env, db, now, cap);
  return refuse(503, tradeInCapReached, { values, photos: await keep(), retryAfterSeconds: secondsLeftInHour(now) });
}
