import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { contactMessages } from "~/db/schema";
import type { Database } from "~/server/db.server";
import type { ContactInput } from "./contact-rules";

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** What travels on the queue: only the id; the message itself stays in D1. */
export interface ContactQueueMessage {
  messageId: string;
}

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function storeContactMessage(db: Database, input: ContactInput): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(contactMessages).values({
    id,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    interest: input.interest,
    message: input.message,
    vehicleId: input.vehicleId ?? null,
  });
  return id;
}

export async function markEnqueued(db: Database, id: string): Promise<void> {
  await db.update(contactMessages).set({ enqueuedAt: now, updatedAt: now }).where(eq(contactMessages.id, id));
}

export async function loadContactMessage(db: Database, id: string): Promise<ContactMessageRow | null> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row ?? null;
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(contactMessages)
    .set({
      status: "sent",
      sentAt: now,
      updatedAt: now,
      lastError: null,
      attempts: sql`${contactMessages.attempts} + 1`,
    })
    .where(eq(contactMessages.id, id));
}

export async function recordFailedAttempt(db: Database, id: string, reason: string): Promise<void> {
  await db
    .update(contactMessages)
    .set({ attempts: sql`${contactMessages.attempts} + 1`, lastError: reason.slice(0, 500), updatedAt: now })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "queued")));
}

export async function markFailed(db: Database, id: string): Promise<void> {
  await db
    .update(contactMessages)
    .set({ status: "failed", updatedAt: now })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "queued")));
}

/**
 * Messages still queued that the queue has lost sight of: never enqueued (the enqueue failed)
 * after a grace period, or untouched for longer than every retry together takes.
 */
export async function findStalledMessages(db: Database, at: Date, limit = 100): Promise<string[]> {
  const graceCutoff = new Date(at.getTime() - 2 * 60_000).toISOString();
  const stalledCutoff = new Date(at.getTime() - 30 * 60_000).toISOString();
  const rows = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.status, "queued"),
        or(
          and(isNull(contactMessages.enqueuedAt), lt(contactMessages.createdAt, graceCutoff)),
          lt(contactMessages.updatedAt, stalledCutoff),
        ),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Puts failed messages back in line for another try (the staff's retry command). */
export function requeueFailedSql(): string {
  return "UPDATE contact_messages SET status = 'queued', attempts = 0, enqueued_at = NULL, updated_at = '1970-01-01T00:00:00.000Z' WHERE status = 'failed';";
}
