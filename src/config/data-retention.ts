/**
 * How long the site keeps what visitors send. The cron job deletes older contact messages and the
 * privacy page states the same period, so the promise and the practice cannot drift apart.
 */
export const contactMessageRetention = { months: 24 } as const;

/** The oldest moment a contact message may have been received and still be kept, at `at`. */
export function contactRetentionCutoff(at: Date): Date {
  const cutoff = new Date(at);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - contactMessageRetention.months);
  return cutoff;
}

/**
 * What the day-before reminders keep (`booking_reminders`, migration 0019), and for how long. The
 * booking's private link (whose token is stored nowhere else) is kept from the placing until its
 * reminder is stored, then travels in that message only until it is sent, like the placed e-mail's;
 * it is erased sooner when the booking is declined, cancelled, expired or sold. What is left of the
 * row (the reference and the day) is deleted once the reminder's day has passed. The privacy page
 * states `privacyText`.
 */
export const bookingReminderRetention = {
  kept: "the booking's reference, the day its reminder is due, and its private link",
  linkUntil: "the reminder is on its way, or the booking is declined, cancelled, expired or sold",
  rowUntil: "the day after the reminder is due",
  privacyText:
    "To e-mail you a reminder the day before a booking, we keep its private link only until that reminder is sent or the booking ends, and the reminder's record until its day has passed.",
} as const;
