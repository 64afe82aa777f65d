import { getVehicle } from "~/features/catalogue/catalogue.server";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { database } from "~/server/db.server";
import {
  findStalledMessages,
  loadContactMessage,
  markEnqueued,
  markFailed,
  markSent,
  recordFailedAttempt,
  type ContactQueueMessage,
} from "./contact-store.server";
import { bindingMailer, type Mailer } from "./mailer.server";
import { crmLeadEmail, staffEmail } from "./staff-email.server";

/** Seconds before retry N (1-based): 30 s, 60 s, 2 min, 4 min … capped at 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 600);
}

async function vehicleFor(env: Env, vehicleId: string | null): Promise<Vehicle | null> {
  if (!vehicleId) return null;
  return getVehicle(database(env.DB), vehicleId);
}

export type DeliveryOutcome = "sent" | "already-sent" | "missing";

/**
 * E-mails one stored message to staff (and the CRM, when configured), then marks it sent. A message
 * already marked sent is not mailed again: the queue may deliver twice, the mail must not.
 * The one window left: a crash after the mail server accepted the mail and before the row is marked.
 */
export async function deliverContactMessage(env: Env, mailer: Mailer, messageId: string): Promise<DeliveryOutcome> {
  const db = database(env.DB);
  const message = await loadContactMessage(db, messageId);
  if (!message) return "missing";
  if (message.status === "sent") return "already-sent";
  const vehicle = await vehicleFor(env, message.vehicleId);
  await mailer.send(staffEmail(message, vehicle, env.STAFF_EMAIL_FROM, env.STAFF_EMAIL_TO));
  if (env.CRM_LEAD_EMAIL_TO) {
    await mailer.send(crmLeadEmail(message, vehicle, env.STAFF_EMAIL_FROM, env.CRM_LEAD_EMAIL_TO));
  }
  await markSent(db, messageId);
  return "sent";
}

/** The contact queue's consumer: one message at a time, retried with growing delays on failure. */
export async function handleContactBatch(
  batch: MessageBatch<ContactQueueMessage>,
  env: Env,
  mailer: Mailer,
): Promise<void> {
  const db = database(env.DB);
  for (const message of batch.messages) {
    const id = message.body?.messageId;
    if (typeof id !== "string") {
      message.ack();
      continue;
    }
    try {
      await deliverContactMessage(env, mailer, id);
      message.ack();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The reference id only: the visitor's details never go to logs.
      console.error("contact delivery failed", { messageId: id, attempt: message.attempts, reason });
      await recordFailedAttempt(db, id, reason);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** The dead-letter queue's consumer: what ran out of retries is marked failed for the staff. */
export async function handleDeadLetters(batch: MessageBatch<ContactQueueMessage>, env: Env): Promise<void> {
  const db = database(env.DB);
  for (const message of batch.messages) {
    const id = message.body?.messageId;
    if (typeof id === "string") {
      await markFailed(db, id);
      console.error("contact message failed permanently", { messageId: id });
    }
    message.ack();
  }
}

/** The queues of wrangler.toml, named once: the messages and the dead letters of their consumer. */
export const contactQueues = { messages: "contact-messages", deadLetters: "contact-messages-dlq" } as const;

/** Every batch the Worker receives: dead letters are marked failed, the rest are e-mailed. */
export async function handleContactQueue(batch: MessageBatch<ContactQueueMessage>, env: Env): Promise<void> {
  if (batch.queue === contactQueues.deadLetters) return handleDeadLetters(batch, env);
  return handleContactBatch(batch, env, bindingMailer(env.STAFF_EMAIL));
}

/** Cron: puts back on the queue what was stored but never enqueued, or lost its place. */
export async function sweepStalledMessages(env: Env, at: Date = new Date()): Promise<number> {
  const db = database(env.DB);
  const ids = await findStalledMessages(db, at);
  for (const id of ids) {
    await env.CONTACT_QUEUE.send({ messageId: id } satisfies ContactQueueMessage);
    await markEnqueued(db, id);
  }
  return ids.length;
}
