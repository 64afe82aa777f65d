import { sql } from "drizzle-orm";
import { visitorLimits, type Sender } from "~/config/visitor-limits";
import { ContactStoreError, type OutboxMessageInput } from "~/features/mail/outbox.server";
import { networkKey } from "~/server/client-key.server";
import { batchStatements } from "~/server/d1-batch.server";
import type { Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { countInHour, hourHasRoom } from "~/server/hourly-cap.server";
import { emailKey } from "~/server/person-keys.server";

/** What a contact-form message is held to: its sender's figures and everyone's cap for the hour. */
export interface MessageLimits {
  /** The sender's client key (clientKey); its network is derived from it. */
  clientKey: string;
  /** The moment whose clock hour the message counts in. */
  at: Date;
  /** Messages from everyone that hour (CONTACT_HOURLY_CAP). */
  cap: number;
}

export type StoredMessage =
  | { stored: true; id: string }
  | { stored: false; reason: "sender"; sender: Sender; retryAfterSeconds: number }
  | { stored: false; reason: "hourly-cap" };

// The per-sender window: the last hour on the database's clock, which writes created_at.
const anHourAgo = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${visitorLimits.windowSeconds} seconds`})`;
const senderColumn = { client: sql.raw("client_key"), network: sql.raw("network_key") } satisfies Record<
  Sender,
  unknown
>;
const senders: readonly Sender[] = ["client", "network"];

const sentBy = (sender: Sender, key: string) => sql`(SELECT count(*) FROM contact_messages AS s
    WHERE s.${senderColumn[sender]} = ${key} AND s.created_at > ${anHourAgo})`;
// Seconds until the sender's oldest message of the last hour leaves the window.
const secondsUntilRoom = (sender: Sender, key: string) => sql`(SELECT
    CAST(ceil((julianday(min(s.created_at)) - julianday('now')) * 86400 + ${visitorLimits.windowSeconds}) AS INTEGER)
    FROM contact_messages AS s WHERE s.${senderColumn[sender]} = ${key} AND s.created_at > ${anHourAgo})`;

/** Tries again only when a limit that refused had room by the time it was read. */
const storeAttempts = 3;

async function step<T>(name: string, id: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = errorKind(error);
    console.error("contact message not stored", { messageId: id, code });
    throw new ContactStoreError(name, id, code);
  }
}

/**
 * Stores a visitor's message only while its client and its network have sent fewer than their
 * figures within the hour and everyone's hour has room: the counts are conditions of the one
 * INSERT that writes it, and the hour's count is taken in the same batch (one transaction), so
 * racing messages from one sender cannot all pass, and a refused one takes no place of everyone's.
 */
export async function storeVisitorMessage(
  db: Database,
  input: OutboxMessageInput,
  limits: MessageLimits,
): Promise<StoredMessage> {
  const keys: Record<Sender, string> = { client: limits.clientKey, network: networkKey(limits.clientKey) };
  const figures = visitorLimits.contactMessagesFrom;
  for (let attempt = 0; attempt < storeAttempts; attempt += 1) {
    const id = crypto.randomUUID();
    const [inserted] = await step("store", id, () =>
      batchStatements(db, [
        sql`INSERT INTO contact_messages
            (id, first_name, last_name, email, email_key, phone, interest, message, vehicle_id, client_key, network_key)
          SELECT ${id}, ${input.firstName}, ${input.lastName}, ${input.email}, ${emailKey(input.email)}, ${input.phone},
            ${input.interest}, ${input.message}, ${input.vehicleId ?? null}, ${keys.client}, ${keys.network}
          WHERE ${sql.join(
            senders.map((sender) => sql`${sentBy(sender, keys[sender])} < ${figures[sender]}`),
            sql` AND `,
          )} AND ${hourHasRoom(limits.at, limits.cap)}`,
        ...countInHour(limits.at, sql`EXISTS (SELECT 1 FROM contact_messages WHERE id = ${id})`),
      ]),
    );
    if ((inserted?.meta.changes ?? 0) === 1) return { stored: true, id };

    const [row] = await step("read limits", id, () =>
      db.all<Record<`${Sender}Sent` | `${Sender}Wait`, number | null> & { hourFull: number }>(sql`
        SELECT ${sentBy("client", keys.client)} AS clientSent, ${secondsUntilRoom("client", keys.client)} AS clientWait,
          ${sentBy("network", keys.network)} AS networkSent, ${secondsUntilRoom("network", keys.network)} AS networkWait,
          NOT ${hourHasRoom(limits.at, limits.cap)} AS hourFull`),
    );
    const sender = senders.find((each) => (row?.[`${each}Sent`] ?? 0) >= figures[each]);
    if (sender) {
      const wait = row?.[`${sender}Wait`] ?? 60;
      const retryAfterSeconds = Math.min(visitorLimits.windowSeconds, Math.max(1, wait));
      return { stored: false, reason: "sender", sender, retryAfterSeconds };
    }
    if (row?.hourFull) return { stored: false, reason: "hourly-cap" };
    // Neither holds it back now: the sender's oldest message left the window in between.
  }
  return { stored: false, reason: "hourly-cap" };
}
