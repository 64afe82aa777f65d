import { lt, sql, type SQL } from "drizzle-orm";
import { visitorLimits } from "~/config/visitor-limits";
import { hourlyCapNotices } from "~/db/schema";
import type { Database } from "~/server/db.server";

/**
 * A cap on messages stored per clock hour (UTC), all senders together: the per-address rate limit
 * counts per minute and per Cloudflare location, so a flood from many addresses passes it. Staff
 * are told once per hour when a cap is reached (`claimCapNotice` picks who tells them; the contact
 * form's and each booking kind's caps share it). Set in wrangler.toml (CONTACT_HOURLY_CAP);
 * `visitorLimits.contactMessagesPerHour` applies only when the setting is missing or not a positive
 * whole number.
 */
export function hourlyCap(env: Env): number {
  const configured = Number(env.CONTACT_HOURLY_CAP);
  return Number.isInteger(configured) && configured > 0 ? configured : visitorLimits.contactMessagesPerHour;
}

/** The window a moment falls in, as stored: "2026-11-23T06". */
export function hourOf(at: Date): string {
  return at.toISOString().slice(0, 13);
}

export function secondsLeftInHour(at: Date): number {
  return 3600 - Math.floor((at.getTime() % 3_600_000) / 1000);
}

/** Windows older than this are deleted when a new one opens; they only ever explain an alert. */
const keptHours = 48;

/** True while the hour of `at` has counted fewer than `cap` messages: a condition for the storing statement. */
export const hourHasRoom = (at: Date, cap: number) =>
  sql`coalesce((SELECT c.messages FROM contact_hourly_counts AS c WHERE c.hour = ${hourOf(at)}), 0) < ${cap}`;

/**
 * Counts one message against the hour of `at` when `stored` (an SQL condition) holds, and forgets
 * hours past keeping: statements to run in the storing statement's batch, one transaction, so
 * two messages racing for the last place cannot both get it.
 */
export function countInHour(at: Date, stored: SQL): SQL[] {
  return [
    sql`INSERT INTO contact_hourly_counts (hour, messages) SELECT ${hourOf(at)}, 1 WHERE ${stored}
      ON CONFLICT (hour) DO UPDATE SET messages = messages + 1`,
    sql`DELETE FROM contact_hourly_counts WHERE hour < ${hourOf(new Date(at.getTime() - keptHours * 3_600_000))}`,
  ];
}

/**
 * True for exactly one caller per cap and hour: the one whose insert created the hour's notice row.
 * Every cap that turns visitors away (contact messages, each kind of booking) tells staff this way.
 */
export async function claimCapNotice(db: Database, scope: string, at: Date): Promise<boolean> {
  const claimed = await db
    .insert(hourlyCapNotices)
    .values({ scope, hour: hourOf(at) })
    .onConflictDoNothing()
    .returning({ hour: hourlyCapNotices.hour });
  if (claimed.length > 0) {
    await db
      .delete(hourlyCapNotices)
      .where(lt(hourlyCapNotices.hour, hourOf(new Date(at.getTime() - keptHours * 3_600_000))));
  }
  return claimed.length > 0;
}
