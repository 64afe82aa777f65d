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
