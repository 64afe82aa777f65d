import { retryFailedNow, copiesOwed, type OwedCopy } from "~/features/mail/mail-delivery.server";
import { failedMessages } from "~/features/mail/outbox.server";
import { attemptsWords, noFailedToRetry, putBackInLine } from "~/features/mail/failed-mail-words";
import { dealerTimestamp } from "~/lib/dealer-clock";
import type { WorkerContext } from "~/server/context.server";

/**
 * The Failed e-mails staff page: what `npm run contact -- list-failed` shows, with the booking a
 * message is about and the copies it still owes, and the retry command's own UPDATE behind its one
 * button. The page then puts the messages on the queue at once; the command leaves that to the cron.
 */

export interface FailedMessageLine {
  id: string;
  received: string;
  attempts: string;
  lastError: string | null;
  bookingReference: string | null;
  /** "staff, CRM, customer": who has not had their copy yet. */
  owed: string;
}

/** What a tap did, in the command's words. */
export interface FailedMailOutcome {
  changed: boolean;
  status: 200 | 409;
  message: string;
}

const copyNames: Record<OwedCopy, string> = { staff: "staff", crm: "CRM", customer: "customer" };

export async function staffFailedMailView(worker: Pick<WorkerContext, "db" | "env">): Promise<FailedMessageLine[]> {
  const messages = await failedMessages(worker.db);
  return messages.map((message) => ({
    id: message.id,
    received: dealerTimestamp(new Date(message.createdAt)),
    attempts: attemptsWords(message.attempts),
    lastError: message.lastError,
    bookingReference: message.bookingReference,
    owed:
      copiesOwed(worker.env, message)
        .map((copy) => copyNames[copy])
        .join(", ") || "none",
  }));
}

/**
 * "Send them again": the retry command's UPDATE takes only messages marked failed, so a second tap
 * (or a colleague's) finds none of them and says so, and nothing is enqueued twice.
 */
export async function retryFromStaffPage(worker: Pick<WorkerContext, "env">): Promise<FailedMailOutcome> {
  const { requeued, enqueued } = await retryFailedNow(worker.env);
  if (requeued === 0) return { changed: false, status: 409, message: noFailedToRetry };
  const next =
    enqueued === requeued
      ? "they are on the queue now."
      : `${enqueued} of them are on the queue now; the rest go at the cron job's next sweep.`;
  return { changed: true, status: 200, message: `${putBackInLine(requeued)}; ${next}` };
}
