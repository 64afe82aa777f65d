import { clientKey } from "~/server/client-key.server";
import type { Database } from "~/server/db.server";
import { keepDraftPhoto } from "./trade-in-draft-intake.server";
import { draftField, draftHashOf, draftPhotos, newDraftToken } from "./trade-in-drafts.server";
import { fromDraftField, photoFieldNames, type PhotoField, type TradeInFieldErrors } from "./trade-in-fields";

/** What a refused trade-in form hands back so the customer's next try still has the photos sent. */
export interface KeptPhotos {
  /** The draft token the form carries next: the one it posted, or a new one for photos posted without the island. */
  draft?: string;
  /** The form's photo places whose photo the draft holds, offered again as ticked boxes. */
  kept: PhotoField[];
  /** A photo refused as it was kept, named beside its own field. */
  refused: TradeInFieldErrors;
}

/**
 * A refused form loses none of its photos: no browser refills a file input, so the photos the form
 * carried (`takePosted`, for a refusal of what was typed) are made and kept under the form's draft,
 * as the page's island keeps them one by one, and the photos already there stay offered. The answer
 * is a POST's, seen only by who posted it, so it may carry the token; the page's cached copy never
 * does. The draft's hourly figures bound what a refused form can store, as they bound the island.
 */
export async function keepForNextTry(
  env: Env,
  db: Database,
  request: Request,
  form: FormData,
  options: { takePosted: boolean; skip?: PhotoField },
): Promise<KeptPhotos> {
  const posted = options.takePosted
    ? photoFieldNames.filter((slot) => {
        const file = form.get(slot);
        return slot !== options.skip && file instanceof File && file.size > 0;
      })
    : [];
  const postedToken = form.get(draftField);
  const token =
    (await draftHashOf(postedToken)) && typeof postedToken === "string"
      ? postedToken
      : posted.length > 0
        ? newDraftToken()
        : null;
  if (!token) return { kept: [], refused: {} };
  const hash = (await draftHashOf(token))!;

  const wanted = new Set(form.getAll(fromDraftField));
  const refused: TradeInFieldErrors = {};
  for (const slot of posted) {
    const outcome = await keepDraftPhoto(env, db, {
      hash,
      slot,
      file: form.get(slot) as File,
      clientKey: clientKey(request),
    });
    if (outcome.status === 200) wanted.add(slot);
    else {
      // Not kept: an older photo of this place is not offered in its stead.
      wanted.delete(slot);
      if (outcome.status === 400) refused[slot] = outcome.message;
    }
  }
  const { newest } = await draftPhotos(db, hash);
  return { draft: token, kept: photoFieldNames.filter((slot) => newest.has(slot) && wanted.has(slot)), refused };
}
