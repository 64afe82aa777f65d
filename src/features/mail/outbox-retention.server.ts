import { contactRetentionCutoff } from "~/config/data-retention";
import { database } from "~/server/db.server";
import { deleteMessagesReceivedBefore } from "./outbox.server";

/**
 * Cron: deletes contact messages older than the retention period the privacy page states
 * (src/config/data-retention.ts), whether they were sent, failed or never got out.
 */
export async function deleteExpiredContactMessages(env: Env, at: Date = new Date()): Promise<number> {
  return deleteMessagesReceivedBefore(database(env.DB), contactRetentionCutoff(at));
}
