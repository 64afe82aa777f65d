import { getVehicleOfAnyStatus } from "~/features/catalogue/catalogue.server";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { visitorLimits } from "~/config/visitor-limits";
import { database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { mailQueues } from "./mail-queues";
import {
  claimForDelivery,
  findStalledMessages,
  loadContactMessage,
  markCopySent,
  markCustomerCopy,
  markDelivered,
  markEnqueued,
  markFailed,
  releaseAfterFailure,
  requeueFailed,
  takeCustomerMailPlace,
  unsentStatusNotices,
  type ContactCopy,
  type ContactMessageRow,
  type ContactQueueMessage,
  type DeliveryClaim,
  type FailedMessage,
} from "./outbox.server";
import { bindingMailer, type Mailer } from "./mailer.server";
import {
  customerCopyBlocked,
  customerEmail,
  customerLine,
  refusalOf,
  hourlyMailLimit,
  type CustomerOutcome,
} from "./customer-email.server";
import { crmLeadEmail, staffEmail, type OutgoingEmail } from "./staff-email.server";
import { notifyStaff, type StaffNotice } from "./staff-notice.server";
import { bookingPageLink } from "./staff-page-links";
import { tradeInLead, type TradeInLead } from "./trade-in-mail.server";

/** Seconds before retry N (1-based): 30 s, 60 s, 2 min, 4 min … capped at 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 600);
}

async function vehicleFor(env: Env, vehicleId: string | null): Promise<Vehicle | null> {
  if (!vehicleId) return null;
  return getVehicleOfAnyStatus(database(env.DB), vehicleId);
}

/**
 * What became of one delivery. Only "sent" mailed anything; the others are answers to a queue
 * that delivers at least once: the message is done, gone, failed (only the staff's retry command
 * brings it back), or another delivery holds it right now.
 */
export type DeliveryOutcome = "sent" | "already-sent" | "missing" | "failed-earlier" | "claimed-elsewhere";

async function whyNotClaimed(env: Env, messageId: string): Promise<Exclude<DeliveryOutcome, "sent">> {
  const message = await loadContactMessage(database(env.DB), messageId);
  if (!message) return "missing";
  if (message.status === "sent") return "already-sent";
  if (message.status === "failed") return "failed-earlier";
  return "claimed-elsewhere";
}

/** A status change of a booking, which staff (or the cron job) made: only the customer hears of it. */
const customerOnly = (message: ContactMessageRow) =>
  (message.bookingEvent !== null && message.bookingEvent !== "placed") || message.tradeInEvent === "answered";

/** Whether the customer's own copy is still owed: neither sent nor given up. */
const customerOwed = (message: ContactMessageRow) => !message.customerSentAt && !message.customerError;

/** The copies to staff and the CRM this message still owes, in the order they go out. */
function staffCopiesOwed(env: Env, claim: DeliveryClaim): ContactCopy[] {
  if (customerOnly(claim.message)) return [];
  const owed: ContactCopy[] = [];
  if (!claim.message.staffSentAt) owed.push("staff");
  if (env.CRM_LEAD_EMAIL_TO && !claim.message.crmSentAt) owed.push("crm");
  return owed;
}

function emailFor(
  env: Env,
  claim: DeliveryClaim,
  vehicle: Vehicle | null,
  copy: ContactCopy,
  customer: CustomerOutcome | null,
  tradeIn: TradeInLead | null,
): Promise<OutgoingEmail> {
  return copy === "staff"
    ? staffEmail(
        claim.message,
        vehicle,
        env.STAFF_EMAIL_FROM,
        env.STAFF_EMAIL_TO,
        customer && customerLine(customer),
        tradeIn,
      )
    : crmLeadEmail(claim.message, vehicle, env.STAFF_EMAIL_FROM, env.CRM_LEAD_EMAIL_TO, tradeIn);
}

/**
 * Sends the customer's copy if it is owed, and says what became of it. It never throws for the mail
 * service: a refusal for good is recorded (and the private link erased), any other failure is
 * returned, so the staff copy still goes and the message is retried for the customer's alone.
 */
async function sendCustomerCopy(
  env: Env,
  mailer: Mailer,
  claim: DeliveryClaim,
  vehicle: Vehicle | null,
  tradeIn: TradeInLead | null,
): Promise<{ outcome: CustomerOutcome | null; retry?: unknown }> {
  const db = database(env.DB);
  const { message } = claim;
  if (!customerOwed(message)) return { outcome: null };
  const blocked = customerCopyBlocked(env, message);
  if (blocked) {
    await markCustomerCopy(db, message.id, blocked);
    return { outcome: { sent: false, reason: blocked, final: true } };
  }
  const mailLimit = { perHour: visitorLimits.customerEmailsPerHour, windowSeconds: visitorLimits.windowSeconds };
  if (!(await takeCustomerMailPlace(db, message.id, mailLimit))) {
    await markCustomerCopy(db, message.id, hourlyMailLimit);
    return { outcome: { sent: false, reason: hourlyMailLimit, final: true } };
  }
  const email = await customerEmail(env, db, message, vehicle, new Date(), tradeIn);
  if (!email) {
    const reason =
      message.bookingEvent === "reminder"
        ? "reminder no longer due"
        : message.tradeInId
          ? "trade-in gone"
          : "booking gone";
    await markCustomerCopy(db, message.id, reason);
    return { outcome: { sent: false, reason, final: true } };
  }
  try {
    await mailer.send(email);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) {
      await markCustomerCopy(db, message.id, refusal);
      return { outcome: { sent: false, reason: refusal, final: true } };
    }
    return { outcome: { sent: false, reason: errorKind(error), final: false }, retry: error };
  }
  await markCustomerCopy(db, message.id, null);
  return { outcome: { sent: true } };
}

/**
 * E-mails one stored message to the customer, staff and the CRM (when configured), then marks it
 * sent. It first claims the message, so a second delivery of the same message (the queue's, or the
 * sweeper's) sends nothing while this one holds it; each copy is marked the moment it is accepted,
 * so a retry sends only the copies still owed. The customer's copy goes first, so the staff copy
 * can say what became of it, but its failure never holds the staff copy back. The one window
 * left: a crash after the mail service accepted a copy and before it is marked.
 */
export async function deliverContactMessage(env: Env, mailer: Mailer, messageId: string): Promise<DeliveryOutcome> {
  const db = database(env.DB);
  const claim = await claimForDelivery(db, messageId, new Date());
  if (!claim) return whyNotClaimed(env, messageId);
  let step = "vehicle lookup";
  try {
    const vehicle = await vehicleFor(env, claim.message.vehicleId);
    const tradeIn = claim.message.tradeInId ? await tradeInLead(db, claim.message.tradeInId) : null;
    step = "customer copy";
    const customer = await sendCustomerCopy(env, mailer, claim, vehicle, tradeIn);
    for (const copy of staffCopiesOwed(env, claim)) {
      step = `${copy} copy`;
      await mailer.send(await emailFor(env, claim, vehicle, copy, customer.outcome, tradeIn));
      await markCopySent(db, messageId, copy);
    }
    step = "customer copy";
    if (customer.retry !== undefined) throw customer.retry;
  } catch (error) {
    // The reason is kept for the staff's list-failed; it never goes to a log.
    await releaseAfterFailure(db, claim, `${step}: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
  await markDelivered(db, claim);
  return "sent";
}

/** The contact queue's consumer: one message at a time, retried with growing delays on failure. */
export async function handleContactBatch(
  batch: MessageBatch<ContactQueueMessage>,
  env: Env,
  mailer: Mailer,
): Promise<void> {
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
      // The id and the kind of error only: error texts can carry the visitor's address or words.
      console.error("contact delivery failed", { messageId: id, attempt: message.attempts, kind: errorKind(error) });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/**
 * The dead-letter queue's consumer: what ran out of retries is marked failed first (so the sweeper
 * and a late duplicate leave it alone), then staff get one e-mail naming its id. The notice is best
 * effort: it goes through the mail service that may be what failed, and the row already says it.
 */
export async function handleDeadLetters(
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
    let newlyFailed: FailedMessage | null;
    try {
      newlyFailed = await markFailed(db, id);
    } catch (error) {
      console.error("contact dead letter not recorded", { messageId: id, kind: errorKind(error) });
      message.retry();
      continue;
    }
    if (newlyFailed) {
      console.error("contact message failed permanently", { messageId: id });
      await notifyStaff(env, mailer, deadLetterNotice(id, newlyFailed.bookingReference));
    }
    message.ack();
  }
}

/**
 * Names the message by id, and the booking it is about by reference: the notice never carries what
 * the visitor wrote. A booking's failed message may be the only word staff get of it (its
 * announcement) or the customer's only word of their answer, so the booking's page comes first.
 */
export function deadLetterNotice(messageId: string, bookingReference: string | null = null): StaffNotice {
  return {
    subject: `Contact message ${messageId} could not be delivered`,
    ...(bookingReference ? { staffPage: bookingPageLink(bookingReference) } : {}),
    text: [
      `The contact message ${messageId}${bookingReference ? ` about booking ${bookingReference}` : ""} could not be e-mailed after every retry and is marked failed.`,
      "It is kept in the database. To see the failed messages and send them again:",
      "",
      "  npm run contact -- list-failed --remote",
      "  npm run contact -- retry-failed --remote",
      "",
    ].join("\n"),
  };
}

/** Every batch the Worker receives: dead letters are marked failed, the rest are e-mailed. */
export async function handleContactQueue(batch: MessageBatch<ContactQueueMessage>, env: Env): Promise<void> {
  const mailer = bindingMailer(env.STAFF_EMAIL);
  if (batch.queue === mailQueues.deadLetters) return handleDeadLetters(batch, env, mailer);
  return handleContactBatch(batch, env, mailer);
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

/**
 * Puts stored messages on the queue now rather than at the next sweep, returning how many went.
 * Delivery claims each message, so one the sweeper also enqueues is still sent once; one that
 * cannot be enqueued now is the sweeper's again.
 */
async function enqueueNow(env: Env, ids: readonly string[], what: string): Promise<number> {
  const db = database(env.DB);
  let enqueued = 0;
  for (const id of ids) {
    try {
      await env.CONTACT_QUEUE.send({ messageId: id } satisfies ContactQueueMessage);
      await markEnqueued(db, id);
      enqueued += 1;
    } catch (error) {
      console.error(`${what} enqueue failed; the sweeper will retry`, { messageId: id, kind: errorKind(error) });
    }
  }
  return enqueued;
}

/** A booking's status e-mails, so a customer hears of a staff member's answer within the minute. */
export async function sendStatusNoticesNow(env: Env, reference: string): Promise<void> {
  await enqueueNow(env, await unsentStatusNotices(database(env.DB), reference), "status notice");
}

/**
 * Day-before reminders the cron job has just stored, on the queue now: the sweeper running beside
 * it may not see them until its next run.
 */
export async function sendRemindersNow(env: Env, ids: readonly string[]): Promise<number> {
  return enqueueNow(env, ids, "reminder");
}

/**
 * The staff's retry of the failed messages from the Failed e-mails page: the retry command's own
 * UPDATE, then each message it put back goes on the queue at once instead of waiting for the cron.
 */
export async function retryFailedNow(env: Env): Promise<{ requeued: number; enqueued: number }> {
  const ids = await requeueFailed(database(env.DB));
  return { requeued: ids.length, enqueued: await enqueueNow(env, ids, "failed message retry") };
}

/** Which copies a message still owes, as delivery decides them: staff, the CRM, the customer. */
export function copiesOwed(env: Pick<Env, "CRM_LEAD_EMAIL_TO">, message: ContactMessageRow): OwedCopy[] {
  const owed: OwedCopy[] = [];
  if (!customerOnly(message)) {
    if (!message.staffSentAt) owed.push("staff");
    if (env.CRM_LEAD_EMAIL_TO && !message.crmSentAt) owed.push("crm");
  }
  if (customerOwed(message)) owed.push("customer");
  return owed;
}

export type OwedCopy = ContactCopy | "customer";
