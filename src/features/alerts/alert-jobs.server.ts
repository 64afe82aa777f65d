import type { QueuedMailKind } from "~/features/mail/mail-queue.server";
import { database } from "~/server/db.server";
import { handleAlertMessages, isAlertQueueMessage, sweepAlertMail } from "./alert-mail.server";
import { sendAlerts } from "./alert-scan.server";
import { deleteEndedAlerts } from "./alert-store.server";

/** Alert e-mails on the shared mail queue: known by their `alertMailId`, sent from the alerts' own outbox. */
export const alertMail: QueuedMailKind = { owns: isAlertQueueMessage, send: handleAlertMessages };

/** The cron job's alert work, in order: requests past their period go, then the day's new matches, then any stalled e-mail. */
export async function runAlertJobs(env: Env): Promise<void> {
  await deleteEndedAlerts(database(env.DB));
  await sendAlerts(env);
  await sweepAlertMail(env);
}
