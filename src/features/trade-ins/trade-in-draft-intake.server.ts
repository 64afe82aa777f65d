import { requestLimits } from "~/config/request-limits";
import { tradeInPhotoLabels } from "~/config/trade-in-options";
import { makeStaffOnlyJpeg, PhotoEngineError } from "~/features/photos/photo-processing.server";
import { PhotoRefusal } from "~/features/photos/photo-intake";
import { clientKey } from "~/server/client-key.server";
import { database, type Database } from "~/server/db.server";
import { BodyRefusal, readFormBody } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { draftField, draftHashOf, draftPhotoKey, recordDraftPhoto } from "./trade-in-drafts.server";
import { photoFieldNames, type PhotoField } from "./trade-in-fields";
import { tradeInPhotoStore } from "./trade-in-photos.server";
import { tradeInDraftWords as words } from "./trade-in-words";

export interface DraftPhotoOutcome {
  status: 200 | 400 | 403 | 413 | 415 | 429 | 503;
  /** What the page's line for the photo says (src/features/photos/photo-travel.ts states the contract). */
  message: string;
}

/**
 * One photo of a trade-in sent ahead of its form by the page's island: the form's own checks and
 * processing for it (origin, body size, then the photo made a staff-only JPEG: upright, every
 * metadata field removed), stored in the private bucket under the draft, then recorded with the
 * hourly limits in the recording INSERT; a photo a limit refuses is deleted again. The photo comes
 * under its slot's field (`photo1` … `photo6`), the one field that carries a file.
 */
export async function takeDraftPhoto(env: Env, request: Request): Promise<DraftPhotoOutcome> {
  if (!isSameOrigin(request)) return { status: 403, message: "Requests from other sites are not accepted" };
  const form = await readFormBody(request, requestLimits.tradeInForm);
  if (form instanceof BodyRefusal) return { status: form.status, message: form.error };
  const hash = await draftHashOf(form.get(draftField));
  if (!hash) return { status: 400, message: words.noDraft };
  const slot = photoFieldNames.find((name) => {
    const value = form.get(name);
    return value instanceof File && value.size > 0;
  });
  if (!slot) return { status: 400, message: words.noPhoto };
  return keepDraftPhoto(env, database(env.DB), {
    hash,
    slot,
    file: form.get(slot) as File,
    clientKey: clientKey(request),
  });
}

/**
 * One photo made a staff-only JPEG and kept under a draft, within the draft's and the client's
 * hourly figures: the island's photos one by one, and the photos a refused form carried, so the
 * customer's next try need not choose them again. A photo a limit refuses is deleted again.
 */
export async function keepDraftPhoto(
  env: Env,
  db: Database,
  photo: { hash: string; slot: PhotoField; file: File; clientKey: string },
): Promise<DraftPhotoOutcome> {
  const label = tradeInPhotoLabels[photoFieldNames.indexOf(photo.slot)]!;
  const bucket = tradeInPhotoStore(env);
  let key: string;
  try {
    const made = await makeStaffOnlyJpeg(
      env.IMAGES,
      new Uint8Array(await photo.file.arrayBuffer()),
      draftPhotoKey(photo.hash),
      `The ${label.toLowerCase()} photo`,
    );
    await bucket.put(made.key, made.bytes, {
      httpMetadata: { contentType: made.contentType, cacheControl: "private, no-store" },
    });
    key = made.key;
  } catch (error) {
    if (error instanceof PhotoRefusal) return { status: 400, message: error.message };
    console.error("trade-in draft photo not made", { kind: error instanceof PhotoEngineError ? "engine" : "other" });
    return { status: 503, message: words.trouble };
  }
  const recorded = await recordDraftPhoto(db, {
    key,
    hash: photo.hash,
    slot: photo.slot,
    clientKey: photo.clientKey,
  }).catch(async (error: unknown) => {
    await bucket.delete(key);
    throw error;
  });
  if (!recorded) {
    await bucket.delete(key);
    return { status: 429, message: words.tooMany };
  }
  return { status: 200, message: words.added(label) };
}
