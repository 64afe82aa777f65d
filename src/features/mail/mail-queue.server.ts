import { handleContactQueue } from "./mail-delivery.server";
import { mailQueues } from "./mail-queues";
import { bindingMailer, type Mailer } from "./mailer.server";
import type { ContactQueueMessage } from "./outbox.server";

/**
 * Mail that keeps an outbox of its own and shares the queue (alert e-mails, say): it knows its
 * messages by their body and sends them itself. Everything else on the queue is an outbox message.
 */
export interface QueuedMailKind {
  owns(body: unknown): boolean;
  send(messages: readonly Message<unknown>[], env: Env, mailer: Mailer, deadLetters: boolean): Promise<void>;
}

/**
 * The Worker's queue consumer: each message of a batch goes to the kind that owns it, and the rest,
 * as a batch of their own, to the outbox's delivery.
 */
export async function handleMailQueue(
  batch: MessageBatch<unknown>,
  env: Env,
  otherKinds: readonly QueuedMailKind[],
): Promise<void> {
  const owned = (message: Message<unknown>) => otherKinds.some((kind) => kind.owns(message.body));
  if (!batch.messages.some(owned)) return handleContactQueue(batch as MessageBatch<ContactQueueMessage>, env);
  const deadLetters = batch.queue === mailQueues.deadLetters;
  for (const kind of otherKinds) {
    const mine = batch.messages.filter((message) => kind.owns(message.body));
    if (mine.length > 0) await kind.send(mine, env, bindingMailer(env.STAFF_EMAIL), deadLetters);
  }
  const rest = batch.messages.filter((message) => !owned(message)) as Message<ContactQueueMessage>[];
  if (rest.length === 0) return;
  return handleContactQueue(
    {
      queue: batch.queue,
      metadata: batch.metadata,
      messages: rest,
      ackAll: () => rest.forEach((message) => message.ack()),
      retryAll: (options) => rest.forEach((message) => message.retry(options)),
    },
    env,
  );
}
