import { sql } from "drizzle-orm";
import { contactRetentionCutoff } from "~/config/data-retention";
import { visitorLimits } from "~/config/visitor-limits";
import { database } from "~/server/db.server";
import { deleteMessagesReceivedBefore } from "./outbox.server";

/**
 * Cron: deletes contact messages older than the retention period the privacy page states
 * (src/config/data-retention.ts), whether they were sent, failed or never got out, and forgets the
 * sender's address on those past the hour its limits count (migration 0026).
 */
export async function deleteExpiredContactMessages(env: Env, at: Date = new Date()): Promise<number> {
  const db = database(env.DB);
  await db.run(sql`UPDATE contact_messages SET client_key = '', network_key = ''
    WHERE (client_key <> '' OR network_key <> '')
      AND created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${visitorLimits.windowSeconds} seconds`})`);
  return deleteMessagesReceivedBefore(db, contactRetentionCutoff(at));
}
