import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Interest } from "~/config/enquiry-interests";
import { contactMessages, type CustomerPrivate } from "~/db/schema";
import type { PersonFields } from "~/lib/visitor-fields";
import type { Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { emailKey } from "~/server/person-keys.server";

/**
 * What one outgoing message to staff (and its customer copy) says: a visitor's contact message, or
 * one the site writes itself to announce a booking (a rental, a service drop-off, a storage space, a
 * cart reservation, a test drive) with the customer's details and what they asked for. The rows
 * live in the `contact_messages` table, named when the contact form was the only sender.
 */
export interface OutboxMessageInput extends PersonFields {
  interest: Interest;
  message: string;
  vehicleId?: string;
  bookingReference?: string;
  /** What only the customer's e-mail of a new booking carries (its private link), kept until it is sent. */
  customerPrivate?: CustomerPrivate;
  /** A booking's event other than its placing (a rental's paperwork e-mails): customer-only, like a status change. */
  bookingEvent?: "paperwork" | "signed";
  /** The site's own record of what the customer did (their signed PDF): the hourly limit never holds it back. */
  staffAnswer?: boolean;
}

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** What travels on the queue: only the id; the message itself stays in D1. */
export interface ContactQueueMessage {
  messageId: string;
}

/** The copies a message is sent as: staff always, the CRM when `CRM_LEAD_EMAIL_TO` is set. */
export type ContactCopy = "staff" | "crm";

/**
 * A database failure on a contact message, told by the message's id and the SQLite code only. The
 * error drizzle throws spells out every bound value, the visitor's words among them, and would
 * reach a log wherever it is caught; this one is thrown in its place and carries nothing else.
 */
export class ContactStoreError extends Error {
  override name = "ContactStoreError";
  constructor(
    readonly step: string,
    readonly messageId: string | undefined,
    readonly code: string,
  ) {
    super(`contact message ${messageId ?? "(several)"}: ${step} failed (${code})`);
  }
}

async function storeStep<T>(step: string, messageId: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new ContactStoreError(step, messageId, errorKind(error));
  }
}

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function storeContactMessage(db: Database, input: OutboxMessageInput): Promise<string> {
  const id = crypto.randomUUID();
  try {
    await storeStep("store", id, () =>
      db.insert(contactMessages).values({
        id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        emailKey: emailKey(input.email),
        phone: input.phone,
        interest: input.interest,
        message: input.message,
        vehicleId: input.vehicleId ?? null,
        bookingReference: input.bookingReference ?? null,
        // A booking's announcement; a status change's row is written by the bookings table's trigger.
        bookingEvent: input.bookingReference ? (input.bookingEvent ?? "placed") : null,
        staffAnswer: input.staffAnswer ?? false,
        customerPrivate: input.customerPrivate ?? null,
      }),
    );
  } catch (error) {
    if (error instanceof ContactStoreError) {
      console.error("contact message not stored", { messageId: id, code: error.code });
    }
    throw error;
  }
  return id;
}

/** Only a message still waiting: a failed one stays failed until the staff's retry command. */
export async function markEnqueued(db: Database, id: string): Promise<void> {
  await storeStep("mark enqueued", id, () =>
    db
      .update(contactMessages)
      .set({ enqueuedAt: now, updatedAt: now })
      .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "queued"))),
  );
}

export async function loadContactMessage(db: Database, id: string): Promise<ContactMessageRow | null> {
  const [row] = await storeStep("load", id, () =>
    db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1),
  );
  return row ?? null;
}

/**
 * How long a delivery may hold a message. Sending two e-mails takes seconds; the lease only has to
 * outlast that, and it bounds how long a delivery that died mid-way keeps others from the message.
 */
export const deliveryLeaseMs = 5 * 60_000;

export interface DeliveryClaim {
  /** Names this delivery's claim, so it releases its own and no one else's. */
  token: string;
  message: ContactMessageRow;
}

/**
 * Takes a waiting message for one delivery, in a single conditional update: of two deliveries
 * racing for it, SQLite lets exactly one through. Null when the message is not waiting (sent,
 * failed, gone) or another delivery's lease has not run out.
 */
export async function claimForDelivery(db: Database, id: string, at: Date): Promise<DeliveryClaim | null> {
  const token = crypto.randomUUID();
  const [message] = await storeStep("claim", id, () =>
    db
      .update(contactMessages)
      .set({
        claimToken: token,
        claimedUntil: new Date(at.getTime() + deliveryLeaseMs).toISOString(),
        updatedAt: now,
      })
      .where(
        and(
          eq(contactMessages.id, id),
          eq(contactMessages.status, "queued"),
          or(isNull(contactMessages.claimedUntil), lt(contactMessages.claimedUntil, at.toISOString())),
        ),
      )
      .returning(),
  );
  return message ? { token, message } : null;
}

/**
 * The customer's copy is settled: sent, or (with `error`) never to be sent. Either way the private
 * link it carried is erased, so the token lives in D1 only as long as its e-mail is on its way.
 */
export async function markCustomerCopy(db: Database, id: string, error: string | null): Promise<void> {
  await storeStep("mark customer copy", id, () =>
    db
      .update(contactMessages)
      .set({
        ...(error === null
          ? { customerSentAt: sql`coalesce(${contactMessages.customerSentAt}, ${now})` }
          : { customerError: error.slice(0, 100) }),
        customerPrivate: null,
        updatedAt: now,
      })
      .where(eq(contactMessages.id, id)),
  );
}

/**
 * Takes one of the customer's address's places in the hour for this message's copy, in one
 * conditional UPDATE: of two copies racing to the same address, SQLite lets them through one at a
 * time, so the count each sees includes the other. True when the copy may go: it holds a place
 * (now, or from an earlier try of the same message), or it is staff's answer, which never waits on
 * the limit nor counts against it. A visitor can have the site mail any address they type; this
 * keeps that to a few e-mails an hour, however many requests name it.
 */
export async function takeCustomerMailPlace(
  db: Database,
  id: string,
  { perHour, windowSeconds }: { perHour: number; windowSeconds: number },
): Promise<boolean> {
  const window = `-${windowSeconds} seconds`;
  const rows = await storeStep("take customer mail place", id, () =>
    db.all<{ id: string }>(sql`
      UPDATE contact_messages SET customer_mail_at = coalesce(customer_mail_at, ${now}), updated_at = ${now}
      WHERE id = ${id} AND (
        staff_answer = 1 OR customer_mail_at IS NOT NULL
        OR (SELECT count(*) FROM contact_messages AS earlier
          WHERE earlier.email_key = contact_messages.email_key AND earlier.staff_answer = 0
            AND earlier.customer_mail_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${window})) < ${perHour})
      RETURNING id`),
  );
  return rows.length > 0;
}

/** Recorded the moment a copy is accepted, so a later failure of the other copy never re-sends it. */
export async function markCopySent(db: Database, id: string, copy: ContactCopy): Promise<void> {
  const sentAt =
    copy === "staff"
      ? { staffSentAt: sql`coalesce(${contactMessages.staffSentAt}, ${now})` }
      : { crmSentAt: sql`coalesce(${contactMessages.crmSentAt}, ${now})` };
  await storeStep(`mark ${copy} copy sent`, id, () =>
    db
      .update(contactMessages)
      .set({ ...sentAt, updatedAt: now })
      .where(eq(contactMessages.id, id)),
  );
}

/** Every copy owed went out: the message is done, whatever a late duplicate marked meanwhile. */
export async function markDelivered(db: Database, claim: DeliveryClaim): Promise<void> {
  await storeStep("mark sent", claim.message.id, () =>
    db
      .update(contactMessages)
      .set({
        status: "sent",
        sentAt: now,
        updatedAt: now,
        lastError: null,
        claimedUntil: null,
        claimToken: null,
        attempts: sql`${contactMessages.attempts} + 1`,
      })
      .where(eq(contactMessages.id, claim.message.id)),
  );
}

/** A send failed: counts the try, keeps the reason for the staff's list, and frees the message. */
export async function releaseAfterFailure(db: Database, claim: DeliveryClaim, reason: string): Promise<void> {
  await storeStep("record failure", claim.message.id, () =>
    db
      .update(contactMessages)
      .set({
        attempts: sql`${contactMessages.attempts} + 1`,
        lastError: reason.slice(0, 500),
        updatedAt: now,
        claimedUntil: null,
        claimToken: null,
      })
      .where(
        and(
          eq(contactMessages.id, claim.message.id),
          eq(contactMessages.status, "queued"),
          eq(contactMessages.claimToken, claim.token),
        ),
      ),
  );
}

/**
 * Why a dead letter gives up the customer's copy when it carried a private link: the link is erased
 * as the message fails (it must not sit in D1 for a retry that may never come), and a retry could
 * then only send a new booking's receipt without it (customerEmail just leaves a missing link out),
 * on whatever day staff run it, perhaps after the booking was confirmed or released, still saying
 * it is held. A copy that never carried a link loses nothing, so it stays owed for the retry.
 */
const customerCopyGivenUp = sql`CASE WHEN ${contactMessages.customerPrivate} IS NOT NULL
  AND ${contactMessages.customerSentAt} IS NULL AND ${contactMessages.customerError} IS NULL
  THEN 'dead letter' ELSE ${contactMessages.customerError} END`;

/** A message this call marked failed, with the booking it is about (null for a contact-form message). */
export interface FailedMessage {
  bookingReference: string | null;
}

/**
 * The message when this call marked it, else null (a message already failed or sent is left as it
 * is). The private link is erased in the same statement, as when the customer's copy is sent or
 * given up.
 */
export async function markFailed(db: Database, id: string): Promise<FailedMessage | null> {
  const rows = await storeStep("mark failed", id, () =>
    db
      .update(contactMessages)
      .set({
        status: "failed",
        customerError: customerCopyGivenUp,
        customerPrivate: null,
        updatedAt: now,
        claimedUntil: null,
        claimToken: null,
      })
      .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "queued")))
      .returning({ bookingReference: contactMessages.bookingReference }),
  );
  return rows[0] ?? null;
}

/**
 * Messages still queued that the queue has lost sight of: never enqueued (the enqueue failed)
 * after a grace period, or untouched for longer than every retry together takes. Failed messages
 * are never among them (only the staff's retry command puts those back), nor one a delivery holds.
 */
export async function findStalledMessages(db: Database, at: Date, limit = 100): Promise<string[]> {
  const graceCutoff = new Date(at.getTime() - 2 * 60_000).toISOString();
  const stalledCutoff = new Date(at.getTime() - 30 * 60_000).toISOString();
  const rows = await storeStep("find stalled", undefined, () =>
    db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.status, "queued"),
          or(isNull(contactMessages.claimedUntil), lt(contactMessages.claimedUntil, at.toISOString())),
          or(
            and(isNull(contactMessages.enqueuedAt), lt(contactMessages.createdAt, graceCutoff)),
            // A status change's e-mail, stored by the bookings trigger: nobody else will enqueue it.
            and(isNull(contactMessages.enqueuedAt), isStatusNotice),
            lt(contactMessages.updatedAt, stalledCutoff),
          ),
        ),
      )
      .limit(limit),
  );
  return rows.map((row) => row.id);
}

const isStatusNotice = and(isNotNull(contactMessages.bookingEvent), ne(contactMessages.bookingEvent, "placed"));

/**
 * A booking's status e-mails that the bookings trigger stored and nobody has put on the queue yet:
 * a change made by staff on its page is sent at once rather than at the cron job's next sweep.
 */
export async function unsentStatusNotices(db: Database, reference: string): Promise<string[]> {
  const rows = await storeStep("find status notices", undefined, () =>
    db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.bookingReference, reference),
          eq(contactMessages.status, "queued"),
          isNull(contactMessages.enqueuedAt),
          isStatusNotice,
        ),
      ),
  );
  return rows.map((row) => row.id);
}

/** Deletes messages received before `cutoff`, whatever their state; returns how many. */
export async function deleteMessagesReceivedBefore(db: Database, cutoff: Date, limit = 500): Promise<number> {
  const rows = await storeStep("delete expired", undefined, async () => {
    const expired = db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(lt(contactMessages.createdAt, cutoff.toISOString()))
      .limit(limit);
    return db.delete(contactMessages).where(inArray(contactMessages.id, expired)).returning({ id: contactMessages.id });
  });
  return rows.length;
}

/**
 * Puts failed messages back in line for another try (the staff's retry command and the Failed
 * e-mails page). The copies already sent stay marked, so the retry sends only what is still owed.
 * It takes only messages marked failed, so a second run finds none of the first run's again.
 */
const requeueFailedStatement =
  "UPDATE contact_messages SET status = 'queued', attempts = 0, enqueued_at = NULL, claimed_until = NULL, claim_token = NULL, updated_at = '1970-01-01T00:00:00.000Z' WHERE status = 'failed'";

export function requeueFailedSql(): string {
  return `${requeueFailedStatement};`;
}

/** The same UPDATE from the Worker, naming the messages it put back, so they can be enqueued at once. */
export async function requeueFailed(db: Database): Promise<string[]> {
  const rows = await storeStep("requeue failed", undefined, () =>
    db.all<{ id: string }>(sql.raw(`${requeueFailedStatement} RETURNING id`)),
  );
  return rows.map((row) => row.id);
}

/** The messages that ran out of retries, the oldest first (`npm run contact -- list-failed`'s order). */
export async function failedMessages(db: Database): Promise<ContactMessageRow[]> {
  return storeStep("list failed", undefined, () =>
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.status, "failed"))
      .orderBy(asc(contactMessages.createdAt)),
  );
}
