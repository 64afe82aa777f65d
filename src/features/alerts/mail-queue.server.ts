import { contactQueues } from "~/features/contact/contact-queues";
import { handleContactQueue } from "~/features/contact/contact-delivery.server";
import type { ContactQueueMessage } from "~/features/contact/contact-store.server";
import { bindingMailer } from "~/features/contact/mailer.server";
import { handleAlertMessages, isAlertQueueMessage, sweepAlertMail } from "./alert-mail.server";
import { sendAlerts } from "./alert-scan.server";
import { deleteEndedAlerts } from "./alert-store.server";
import { database } from "~/server/db.server";

/**
 * One batch of the contact queue, which alert e-mails share: each message names its kind by its
 * one field, so the alert e-mails go to the alerts' sender and the rest, as a batch of their own,
 * to the contact pipeline.
 */
export async function handleMailQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const alertMessages = batch.messages.filter((message) => isAlertQueueMessage(message.body));
  if (alertMessages.length === 0) return handleContactQueue(batch as MessageBatch<ContactQueueMessage>, env);
  const deadLetters = batch.queue === contactQueues.deadLetters;
  await handleAlertMessages(alertMessages, env, bindingMailer(env.STAFF_EMAIL), deadLetters);
  const rest = batch.messages.filter((message) => !isAlertQueueMessage(message.body)) as Message<ContactQueueMessage>[];
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

/** The cron job's alert work, in order: requests past their period go, then the day's new matches, then any stalled e-mail. */
export async function runAlertJobs(env: Env): Promise<void> {
  await deleteEndedAlerts(database(env.DB));
  await sendAlerts(env);
  await sweepAlertMail(env);
}
