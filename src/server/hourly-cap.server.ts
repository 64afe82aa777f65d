import { lt, sql } from "drizzle-orm";
import { contactHourlyCounts, hourlyCapNotices } from "~/db/schema";
import type { Database } from "~/server/db.server";

/**
 * A cap on messages stored per clock hour (UTC), all senders together: the per-address rate limit
 * counts per minute and per Cloudflare location, so a flood from many addresses passes it. Staff
 * are told once per hour when a cap is reached (`claimCapNotice` picks who tells them; the contact
 * form's and each booking kind's caps share it). Set in wrangler.toml (CONTACT_HOURLY_CAP); this
 * default applies only when the setting is missing or not a positive whole number.
 */
export const defaultHourlyCap = 30;

export function hourlyCap(env: Env): number {
  const configured = Number(env.CONTACT_HOURLY_CAP);
  return Number.isInteger(configured) && configured > 0 ? configured : defaultHourlyCap;
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

/**
 * Counts one message against its hour; false once the hour is full. One conditional upsert, so
 * two messages racing for the last place cannot both get it.
 */
export async function takeHourlyPlace(db: Database, at: Date, cap: number): Promise<boolean> {
  const counts = contactHourlyCounts;
  const taken = await db
    .insert(counts)
    .values({ hour: hourOf(at), messages: 1 })
    .onConflictDoUpdate({
      target: counts.hour,
      set: { messages: sql`${counts.messages} + 1` },
      setWhere: sql`${counts.messages} < ${cap}`,
    })
    .returning({ messages: counts.messages });
  if (taken[0]?.messages === 1) {
    await db.delete(counts).where(lt(counts.hour, hourOf(new Date(at.getTime() - keptHours * 3_600_000))));
  }
  return taken.length > 0;
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
