import { sql, type SQL } from "drizzle-orm";
import type { BookingKind } from "~/config/booking-kinds";
import { visitorLimits, type Sender, type SenderLimits } from "~/config/visitor-limits";
import { networkKey } from "~/server/client-key.server";

/**
 * The capacity engine's conditions on the sender of a booking request, its client and the network
 * it is in (client-key.server.ts): what it has waiting of the kind, on the days asked for, and
 * placed within the hour. Each is a subquery the placing INSERT puts in its WHERE, so racing
 * requests from one sender cannot all pass; the same subqueries say afterwards which one refused.
 */

// The hourly limits' window: the last hour on the database's clock, which writes created_at.
export const anHourAgo = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${visitorLimits.windowSeconds} seconds`})`;

export const senders: readonly Sender[] = ["client", "network"];

const senderColumn = { client: sql.raw("client_key"), network: sql.raw("network_key") } satisfies Record<Sender, SQL>;

/** The sender's keys for a placing: none for the engine's own callers, which no sender limit holds. */
export type SenderKeys = Record<Sender, string> | undefined;

export function senderKeys(client: string | undefined): SenderKeys {
  return client === undefined ? undefined : { client, network: networkKey(client) };
}

/**
 * The sender's requests of the kind that wait for staff's answer, whoever they name; with `span`,
 * only those on any of its days. 0 without a sender.
 */
export const waitingFromSender = (
  kind: BookingKind,
  sender: Sender,
  keys: SenderKeys,
  span?: { start: string; end: string },
) =>
  keys === undefined
    ? sql`0`
    : sql`(SELECT count(*) FROM bookings AS c WHERE c.${senderColumn[sender]} = ${keys[sender]} AND c.kind = ${kind}
        AND c.status = 'requested' ${span ? sql`AND c.start_day < ${span.end} AND c.end_day > ${span.start}` : sql``})`;
/** The sender's placings of the kind within the last hour, cancelled and answered ones included. */
export const placedFromSender = (kind: BookingKind, sender: Sender, keys: SenderKeys) =>
  keys === undefined
    ? sql`0`
    : sql`(SELECT count(*) FROM booking_placements AS p
        WHERE p.${senderColumn[sender]} = ${keys[sender]} AND p.kind = ${kind} AND p.created_at > ${anHourAgo})`;
// Seconds until the sender's oldest placing of the last hour leaves the window.
export const secondsUntilSenderRoom = (kind: BookingKind, sender: Sender, keys: SenderKeys) =>
  keys === undefined
    ? sql`NULL`
    : sql`(SELECT CAST(ceil((julianday(min(p.created_at)) - julianday('now')) * 86400 + ${visitorLimits.windowSeconds}) AS INTEGER)
        FROM booking_placements AS p
        WHERE p.${senderColumn[sender]} = ${keys[sender]} AND p.kind = ${kind} AND p.created_at > ${anHourAgo})`;

/** Every sender limit as one SQL condition: each count below its figure. */
export function withinSenderLimits(
  input: { kind: BookingKind; start: string; end: string },
  keys: SenderKeys,
  limits: Record<Sender, SenderLimits>,
) {
  return sql.join(
    senders.map(
      (sender) => sql`${waitingFromSender(input.kind, sender, keys)} < ${limits[sender].waiting}
          AND ${waitingFromSender(input.kind, sender, keys, input)} < ${limits[sender].waitingOnTheDays}
          AND ${placedFromSender(input.kind, sender, keys)} < ${limits[sender].placedPerHour}`,
    ),
    sql` AND `,
  );
}
