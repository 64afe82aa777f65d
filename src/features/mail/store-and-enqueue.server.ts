import { database, type Database } from "~/server/db.server";
import { markEnqueued, storeContactMessage, type ContactQueueMessage, type OutboxMessageInput } from "./outbox.server";

/**
 * Stores a message, then queues it by id. The message is safe in D1 before the sender is told it
 * arrived; if the queue refuses it, the cron sweeper enqueues it later. Every booking announces
 * itself to staff through here too.
 */
export async function storeAndEnqueue(env: Env, input: OutboxMessageInput): Promise<string> {
  const db = database(env.DB);
  const id = await storeContactMessage(db, input);
  await enqueueStored(env, db, id);
  return id;
}

/** Queues a message already stored, by id; a refusal is logged and left to the cron sweeper. */
export async function enqueueStored(env: Env, db: Database, id: string): Promise<void> {
  try {
    await env.CONTACT_QUEUE.send({ messageId: id } satisfies ContactQueueMessage);
    await markEnqueued(db, id);
  } catch (error) {
    console.error("contact enqueue failed; the sweeper will retry", {
      messageId: id,
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}
