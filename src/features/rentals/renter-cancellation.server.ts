import { site } from "~/config/site";
import { settleDeposits } from "~/features/payments/settle.server";
import { hasPaidDeposit } from "~/features/mail/money-letter.server";
import { bindingMailer, type Mailer } from "~/features/mail/mailer.server";
import { notifyStaff, type StaffNotice } from "~/features/mail/staff-notice.server";
import { bookingPageLink } from "~/features/mail/staff-page-links";
import type { WorkerContext } from "~/server/context.server";
import { cancellationClosedReason, isOpen, placeOf, refundRule } from "./booking-status.server";
import { bookingListCommand } from "~/features/bookings/booking-commands";
import { cancelHoldByToken, type RentalHold } from "./rental-bookings.server";
import { findRentalPlan } from "./rental-quote";
import { localMoment, longDate } from "~/lib/calendar-days";

/**
 * A renter cancelling from their private booking page. Staff may already have a cart set aside or
 * a delivery planned, so they are told at once; the booking list shows it whether or not the
 * e-mail arrives.
 */

export type RenterCancellation =
  | { outcome: "cancelled"; message: string }
  /** Declined, expired or already cancelled, or its pickup day has come: not to be cancelled online. */
  | { outcome: "closed"; message: string }
  | { outcome: "unknown" };

/** What comes back of a deposit paid online, by the same terms: it was paid, so something was charged. */
function depositRefundSentence(refundPercent: number): string {
  if (refundPercent === 100) return "Your deposit paid online is refunded in full to your card.";
  if (refundPercent > 0) return `${refundPercent}% of your deposit paid online is refunded to your card.`;
  return "Your deposit paid online is not refunded.";
}

/** The refund the rental policy gives at the moment of cancelling, as renter and staff read it. */
function refundSentence(refundPercent: number): string {
  if (refundPercent === 100) return "Nothing is charged.";
  if (refundPercent > 0) return `${refundPercent}% of the rental charges are refunded.`;
  return "Nothing is refunded.";
}

export async function cancelByRenter(
  worker: Pick<WorkerContext, "env" | "ctx" | "db">,
  token: string,
  { now = new Date(), mailer = bindingMailer(worker.env.STAFF_EMAIL) }: { now?: Date; mailer?: Mailer } = {},
): Promise<RenterCancellation> {
  const today = localMoment(now, site.timeZone).day;
  const change = await cancelHoldByToken(worker.db, token, today);
  if (!change.changed) {
    const { hold } = change;
    if (hold === null) return { outcome: "unknown" };
    const underWay = isOpen(hold.status) ? cancellationClosedReason(hold, today) : null;
    return {
      outcome: "closed",
      message:
        underWay ??
        `This booking is ${hold.status} and can no longer be cancelled online. Call ${site.phone.display} if you need help.`,
    };
  }
  const refundPercent = refundRule(change.hold.startDay, now).refundPercent;
  const refund = (await hasPaidDeposit(worker.db, change.hold.reference))
    ? depositRefundSentence(refundPercent)
    : refundSentence(refundPercent);
  // Only the request whose UPDATE changed the status gets here, so staff hear of it once. The
  // renter's page does not wait on the mail server.
  worker.ctx.waitUntil(notifyStaff(worker.env, mailer, cancellationNotice(change.hold, refund)));
  // Its paid deposit, if any, is refunded by the rental policy's terms for this moment.
  worker.ctx.waitUntil(settleDeposits(worker.env));
  return { outcome: "cancelled", message: `Your booking ${change.hold.reference} is cancelled. ${refund}` };
}

/** References, dates and the place only: staff find the renter in the booking list. */
function cancellationNotice(hold: RentalHold, refund: string): StaffNotice {
  const plan = findRentalPlan(hold.plan)?.title ?? hold.plan;
  const days = `${hold.days} ${hold.days === 1 ? "day" : "days"}`;
  return {
    subject: `Rental booking ${hold.reference} cancelled by the renter`,
    staffPage: bookingPageLink(hold.reference),
    text: [
      `The renter cancelled booking ${hold.reference} from their booking page: ${plan}, ${days}, ${longDate(hold.startDay)} to ${longDate(hold.endDay)}.`,
      `${placeOf(hold.request)}.`,
      `By the rental policy, at the moment they cancelled: ${refund}`,
      `Its cart is free again on the booking calendar. Every rental booking and its status: ${bookingListCommand("rental")}`,
    ].join("\n"),
  };
}
