import { tradeInDraftCutoff, tradeInRetentionCutoff } from "~/config/data-retention";
import { database } from "~/server/db.server";
import { expiredDraftPhotos, forgetDraftPhotos } from "./trade-in-drafts.server";
import { tradeInPhotoStore } from "./trade-in-photos.server";
import { deleteTradeIn, expiredTradeIns, forgetTradeInSenders } from "./trade-in-store.server";

/**
 * Cron: deletes each trade-in past its period (src/config/data-retention.ts), its photos first, so
 * a run that stops half-way leaves a record to find again rather than photos nobody can find; and
 * blanks the senders' addresses once the hourly limits no longer need them; and deletes the photos
 * the page sent ahead of a form never sent within a day (objects first, then rows). Returns how
 * many trade-ins went.
 */
export async function deleteExpiredTradeIns(
  env: Pick<Env, "DB" | "PAPERWORK">,
  at: Date = new Date(),
): Promise<number> {
  const db = database(env.DB);
  await forgetTradeInSenders(db);
  const expired = await expiredTradeIns(db, tradeInRetentionCutoff(at));
  const bucket = tradeInPhotoStore(env);
  for (const trade of expired) {
    if (trade.photos.length > 0) await bucket.delete(trade.photos.map((photo) => photo.key));
    await deleteTradeIn(db, trade.id);
  }
  const unused = await expiredDraftPhotos(db, tradeInDraftCutoff(at));
  if (unused.length > 0) {
    await bucket.delete(unused);
    await forgetDraftPhotos(db, unused);
  }
  return expired.length;
}
