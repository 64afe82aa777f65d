import { sql } from "drizzle-orm";
import { kindOfReference } from "~/config/booking-kinds";
import { bookingReminders, reminderSendFrom } from "~/config/booking-reminders";
import { site } from "~/config/site";
import { sendRemindersNow } from "~/features/mail/mail-delivery.server";
import { addDays, localMoment } from "~/lib/calendar-days";
import { database, type Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";

/**
 * The day-before reminder every booking with a day gets (issue 38). Its private link is shown once
 * and stored only as a hash, so the request that placed the booking keeps the path for it in
 * `booking_reminders`; on the day before, the cron job moves it into a customer-only contact
 * message, which the mail outbox sends like a status change and then erases. What a kind
 * says is data (src/config/booking-reminders.ts): this code knows no kind.
 */

/** True for a kind whose bookings have a day to remind of (not a cart reservation). */
export function remindsOf(reference: string): boolean {
  const kind = kindOfReference(reference);
  return kind !== null && bookingReminders[kind] !== null;
}

/**
 * Keeps the status path for the booking's reminder, due the day before its first day. Read from
 * the stored booking rather than passed in, so the day can only be the one the booking holds.
 */
export async function keepReminderLink(db: Database, reference: string, statusPath: string): Promise<void> {
  if (!remindsOf(reference)) return;
  // The day before by its Julian day number: no date modifier text for the one-source check to misread.
  await db.run(sql`
    INSERT INTO booking_reminders (reference, due_day, status_path)
    SELECT reference, date(julianday(start_day) - 1), ${statusPath} FROM bookings WHERE reference = ${reference}
    ON CONFLICT (reference) DO NOTHING`);
}

/** Minutes after the dealer's midnight from which reminders go. */
const sendFromMinutes = (() => {
  const [hours, minutes] = reminderSendFrom.split(":").map(Number);
  return hours! * 60 + minutes!;
})();

/** A v4-shaped id, made by SQLite per row (the status-change trigger's expression). */
const newMessageId = sql.raw(
  "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))",
);

/**
 * Stores the reminder of every confirmed booking whose first day is `tomorrow`, in one statement,
 * returning the new messages' ids. A booking can only be reminded once: the statement takes only
 * rows not yet reminded, the trigger on the new message marks its row reminded and erases the link
 * in the same statement, and the unique index on (booking_reference, booking_event) refuses a
 * second reminder of one booking even to a run that read the row before the first one wrote.
 * A reminder is the site's own word about a booking staff confirmed, so it counts as their answer
 * (`staff_answer`): a visitor cannot point it at a stranger, and the hourly limit never holds it.
 */
async function storeReminders(db: Database, today: string): Promise<string[]> {
  const tomorrow = addDays(today, 1);
  const rows = await db.all<{ id: string }>(sql`
    INSERT INTO contact_messages
      (id, first_name, last_name, email, email_key, phone, interest, message, vehicle_id, booking_reference,
       booking_event, customer_private, staff_answer)
    SELECT ${newMessageId}, b.first_name, b.last_name, b.email,
      coalesce(nullif(b.email_key, ''), lower(trim(b.email))), b.phone, b.interest, '', b.vehicle_id, b.reference,
      'reminder', json_object('statusPath', r.status_path), 1
    FROM booking_reminders AS r JOIN bookings AS b ON b.reference = r.reference
    WHERE r.due_day = ${today} AND r.reminded_at IS NULL AND r.status_path IS NOT NULL
      AND b.status = 'confirmed' AND b.start_day = ${tomorrow}
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return rows.map((row) => row.id);
}

/**
 * Cron: from `reminderSendFrom` on the dealer's clock, reminds every confirmed booking whose day is
 * tomorrow and puts the e-mails on the queue (the sweeper sends any this run could not enqueue).
 * A booking placed or confirmed later that day is reminded at the next run; one whose day has come
 * is not, and its row (with any link left in it) is deleted. Returns how many were stored.
 */
export async function sendBookingReminders(env: Env, at: Date = new Date()): Promise<number> {
  const db = database(env.DB);
  const { day: today, minutes } = localMoment(at, site.timeZone);
  try {
    await db.run(sql`DELETE FROM booking_reminders WHERE due_day < ${today}`);
    if (minutes < sendFromMinutes) return 0;
    const ids = await storeReminders(db, today);
    await sendRemindersNow(env, ids);
    return ids.length;
  } catch (error) {
    // drizzle's error spells out bound values; the kind alone names the failure.
    throw new Error(`booking reminders failed (${errorKind(error)})`);
  }
}
