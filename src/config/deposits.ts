import { rentalTerms } from "./rental-plans";
import { purchaseTerms } from "./site";

/**
 * The deposits customers can pay online (issue 57), and the words they read about them: the
 * reservation page, the booking pages, the quote and the out-the-door price, the sales and rental
 * policies and the e-mails all read these, so no page states a term another does not. Amounts are
 * whole cents. Fictional defaults until the dealer sets their own; a kind with no entry takes none
 * (service, storage and test drives).
 */
export const depositTerms = {
  reservation: {
    /** A fixed amount, or the cart's out-the-door total when that is less. */
    fixedCents: 50_000,
    /** Paying it extends an unanswered reservation's hold from `purchaseTerms.reservationHoldHours` to this. */
    paidHoldDays: 7,
  },
  rental: {
    /** The share of the rental's quoted total (tax included) paid online; the balance at pickup. */
    sharePercent: 25,
  },
} as const;

export type DepositKind = keyof typeof depositTerms;

/**
 * The daily check of our deposits against Stripe's records: run at `hour` on the dealer's clock,
 * over the payments of the last `lookBackDays` (src/features/payments/money-check.server.ts).
 */
export const depositCheck = { hour: 6, lookBackDays: 60 } as const;

export const depositKinds = Object.keys(depositTerms) as DepositKind[];

export function takesDeposit(kind: string): kind is DepositKind {
  return kind in depositTerms;
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/**
 * How sales tax treats each deposit. Neither is a charge of its own: a deposit is part of the price
 * it is paid toward, and Pennsylvania's sales tax is on the purchase price of the sale (72 P.S.
 * § 7202(a)), which the out-the-door price and the rental quote already include with the tax on its
 * own line (61 Pa. Code § 31.2). So nothing is added to a deposit, and a refunded deposit refunds
 * the tax share it carried.
 */
export const depositTaxNote = `A deposit is part of the price, not a charge of its own: Pennsylvania sales tax (${purchaseTerms.salesTaxPercent}%) is on the price of the sale (72 P.S. § 7202(a)), which the total already includes on its own line, so nothing is added to the deposit.`;

/**
 * What a reservation says while it stands, in place of "No payment is taken online" (its kind's
 * `whileOpen`), where deposits are taken online: on the reserve page and the reservation's page.
 */
export const reservationWhileOpenWithDeposit = `Nothing is charged to place it. To hold the cart ${depositTerms.reservation.paidHoldDays} days instead of ${purchaseTerms.reservationHoldHours} hours, pay the ${dollars(depositTerms.reservation.fixedCents)} deposit (part of the price) on the reservation's page; we call to arrange the rest and the paperwork.`;

/** What a buyer reads beside "Pay the deposit": the terms the box accepts. */
export const reservationDepositTerms = [
  `Pay a ${dollars(depositTerms.reservation.fixedCents)} deposit (or the cart's whole price, if that is less) and we hold the cart for ${depositTerms.reservation.paidHoldDays} days from your payment instead of ${purchaseTerms.reservationHoldHours} hours.`,
  "The deposit counts toward the price.",
  `It is refunded in full to your card if the sale does not go ahead: if you cancel (call us), if we decline or cancel the reservation, or if the ${depositTerms.reservation.paidHoldDays} days run out before the sale.`,
  depositTaxNote,
] as const;

/** What a renter reads beside "Pay the deposit": the terms the box accepts. */
export const rentalDepositTerms = [
  `Pay ${depositTerms.rental.sharePercent}% of the rental's total now to secure it; the balance is paid at pickup.`,
  `It is refunded by the rental policy's cancellation terms: in full if you cancel more than ${rentalTerms.cancellation.freeUntilHoursBefore} hours before the start, ${rentalTerms.cancellation.lateRefundPercent}% within those hours, nothing for a no-show; in full if we decline or cancel the booking.`,
  "It is not the refundable security deposit held on your card at pickup, which stays as the rental policy says.",
  depositTaxNote,
] as const;

export const depositTermsByKind: Record<DepositKind, readonly string[]> = {
  reservation: reservationDepositTerms,
  rental: rentalDepositTerms,
};

/** Why a deposit comes back (src/features/payments/refund-terms.ts decides which). */
export type RefundReason = "declined" | "cancelled" | "expired" | "renter-cancelled" | "released" | "paid-twice";

/** Why a deposit came back, in the customer's e-mail and on their page. */
export const refundReasonWords: Record<RefundReason, string> = {
  declined: "we declined the booking, so the deposit is refunded in full",
  cancelled: "the booking was cancelled, so the deposit is refunded in full",
  expired: "the hold ran out before the booking was confirmed, so the deposit is refunded in full",
  "renter-cancelled": "you cancelled, and the rental policy's cancellation terms refund this much of it",
  released: "the payment arrived after the booking's hold had already been released, so it is refunded in full",
  "paid-twice": "a deposit for this booking had already been paid, so this second payment is refunded in full",
};
