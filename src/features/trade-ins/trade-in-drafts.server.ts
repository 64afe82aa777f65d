import { sql } from "drizzle-orm";
import { visitorLimits } from "~/config/visitor-limits";
import { tokenHash } from "~/server/booking-keys.server";
import { batchStatements } from "~/server/d1-batch.server";
import type { Database } from "~/server/db.server";
import { draftField, type PhotoField } from "./trade-in-fields";

/**
 * The photos the trade-in page's island sends ahead of its form (issue 58), and those a refused form
 * carried, each under the form's draft token (made by the island, or by a refusal's answer): rows in `trade_in_draft_photos` (migration 0030), objects
 * in the private bucket under `trade-in-drafts/<hash>/`. The token itself is never stored, only its
 * SHA-256, so a leaked table names no draft anyone could add to or take from.
 */

export { draftField };
export { newToken as newDraftToken } from "~/server/booking-keys.server";

/** A token as `newToken()` makes them: 32 random bytes in base64url, 43 characters. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** The draft's hash for a posted token, or null when the field holds no token of ours. */
export async function draftHashOf(value: FormDataEntryValue | null): Promise<string | null> {
  return typeof value === "string" && tokenShape.test(value) ? tokenHash(value) : null;
}

export const draftPhotoKey = (hash: string) => `trade-in-drafts/${hash}/${crypto.randomUUID()}.jpg`;

const anHourAgo = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${visitorLimits.windowSeconds} seconds`})`;
const sentWithinHour = (column: "draft_hash" | "client_key", key: string) =>
  sql`(SELECT count(*) FROM trade_in_draft_photos WHERE ${sql.raw(column)} = ${key} AND created_at > ${anHourAgo})`;

/**
 * Records a photo stored for a draft only while the draft and the client have sent fewer than their
 * figures within the hour: the counts are conditions of the INSERT, so racing posts cannot all pass.
 * False when a limit refused it (the caller deletes the object it stored).
 */
export async function recordDraftPhoto(
  db: Database,
  photo: { key: string; hash: string; slot: PhotoField; clientKey: string },
): Promise<boolean> {
  const figures = visitorLimits.tradeInDraftPhotosFrom;
  const [inserted] = await batchStatements(db, [
    sql`INSERT INTO trade_in_draft_photos (photo_key, draft_hash, slot, client_key)
      SELECT ${photo.key}, ${photo.hash}, ${photo.slot}, ${photo.clientKey}
      WHERE ${sentWithinHour("draft_hash", photo.hash)} < ${figures.draft}
        AND ${sentWithinHour("client_key", photo.clientKey)} < ${figures.client}`,
  ]);
  return (inserted?.meta.changes ?? 0) === 1;
}

/** Every photo of a draft, oldest first, and the newest per slot: a photo chosen again replaces the last. */
export async function draftPhotos(
  db: Database,
  hash: string,
): Promise<{ all: string[]; newest: Map<PhotoField, string> }> {
  const rows = await db.all<{ photo_key: string; slot: PhotoField }>(
    sql`SELECT photo_key, slot FROM trade_in_draft_photos WHERE draft_hash = ${hash} ORDER BY created_at, rowid`,
  );
  return { all: rows.map((row) => row.photo_key), newest: new Map(rows.map((row) => [row.slot, row.photo_key])) };
}

/** Forgets a draft's rows (its objects are the caller's to delete, first). */
export async function forgetDraft(db: Database, hash: string): Promise<void> {
  await db.run(sql`DELETE FROM trade_in_draft_photos WHERE draft_hash = ${hash}`);
}

/** Draft photos that arrived before `cutoff` (never taken by a form), a batch at a time for the cron job. */
export async function expiredDraftPhotos(db: Database, cutoff: Date, limit = 500): Promise<string[]> {
  const rows = await db.all<{ photo_key: string }>(
    sql`SELECT photo_key FROM trade_in_draft_photos WHERE created_at < ${cutoff.toISOString()} LIMIT ${limit}`,
  );
  return rows.map((row) => row.photo_key);
}

export async function forgetDraftPhotos(db: Database, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.run(
    sql`DELETE FROM trade_in_draft_photos WHERE photo_key IN (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}
