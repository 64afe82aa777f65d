import { sql } from "drizzle-orm";
import { depositCheck } from "~/config/deposits";
import { site } from "~/config/site";
import type { Mailer } from "~/features/mail/mailer.server";
import { notifyStaff } from "~/features/mail/staff-notice.server";
import { localMoment } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { stripeClient } from "./stripe-client.server";

/**
 * The daily check: each deposit of the last `lookBackDays` whose state here and Stripe's disagree (a
 * session Stripe says is paid that we have not counted, one we count that Stripe does not, a refund
 * we recorded that Stripe does not show succeeded) is listed to staff by reference, once a day at
 * `depositCheck.hour` on the dealer's clock (src/config/deposits.ts). Staff settle it in Stripe's dashboard and here.
 */
const checkHour = depositCheck.hour;

export interface Disagreement {
  reference: string;
  here: string;
  stripe: string;
}

export async function depositDisagreements(env: Env): Promise<Disagreement[]> {
  const stripe = await stripeClient(env, null);
  if (!stripe) return [];
  const db = database(env.DB);
  const rows = await db.all<{
    reference: string;
    state: string;
    sessionId: string;
    refundId: string | null;
    refundCents: number;
  }>(sql`
    SELECT reference, state, session_id AS sessionId, refund_id AS refundId, refund_cents AS refundCents
    FROM booking_payments
    WHERE session_id IS NOT NULL
      AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${depositCheck.lookBackDays} days`})
    ORDER BY id`);
  const found: Disagreement[] = [];
  for (const row of rows) {
    const session = await stripe.checkout.sessions.retrieve(row.sessionId);
    const paidThere = session.payment_status === "paid";
    const paidHere = row.state !== "open" && row.state !== "expired";
    if (paidThere !== paidHere) {
      found.push({
        reference: row.reference,
        here: row.state,
        stripe: `session ${session.status}, ${session.payment_status}`,
      });
      continue;
    }
    if (row.refundId) {
      const refund = await stripe.refunds.retrieve(row.refundId);
      if (refund.status !== "succeeded" || refund.amount !== row.refundCents) {
        found.push({
          reference: row.reference,
          here: `refunded ${row.refundCents} cents`,
          stripe: `refund ${refund.status}, ${refund.amount} cents`,
        });
      }
    }
  }
  return found;
}

/** Runs the check when the cron job's run falls in the first five minutes of `checkHour`. */
export async function checkDepositsDaily(env: Env, mailer: Mailer, at: Date): Promise<void> {
  const moment = localMoment(at, site.timeZone);
  if (moment.minutes < checkHour * 60 || moment.minutes >= checkHour * 60 + 5) return;
  const found = await depositDisagreements(env);
  if (found.length === 0) return;
  await notifyStaff(env, mailer, {
    subject: `Deposits to look at: ${found.length} where our record and Stripe's disagree`,
    text: [
      "Each line: the booking, what our record says, what Stripe says. Settle each in Stripe's dashboard and with npm run bookings.",
      "",
      ...found.map((item) => `${item.reference}: here ${item.here}; Stripe: ${item.stripe}`),
    ].join("\n"),
  });
}
