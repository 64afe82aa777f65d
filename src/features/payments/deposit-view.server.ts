import { depositTermsByKind, refundReasonWords, takesDeposit, type RefundReason } from "~/config/deposits";
import { heldUntil } from "~/features/bookings/held-until";
import type { Booking } from "~/features/bookings/capacity.server";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { formatMoney } from "~/lib/format";
import type { Database } from "~/server/db.server";
import { depositCents } from "./deposit-amount";
import { moneyLines } from "./deposit-money";
import { paymentsOf } from "./payment-store.server";
import { depositsOffered } from "./stripe-client.server";

/**
 * A booking's deposit as its customer's page shows it: the offer to pay (with the terms its box
 * accepts), "being confirmed" after Stripe's page sent them back and before Stripe's notice came,
 * the deposit paid, each refund, and money in, money out and what is kept.
 */
export interface DepositView {
  offer: { amount: string; terms: readonly string[] } | null;
  confirming: boolean;
  /** They left Stripe's page without paying. */
  leftCheckout: boolean;
  paid: { amount: string; at: string; holdsUntil: string | null } | null;
  refunds: { amount: string; done: boolean; why: string }[];
  money: { label: string; amount: string }[];
}

const money = (cents: number) => formatMoney(cents / 100);

export async function depositView(env: Env, db: Database, booking: Booking, url: URL): Promise<DepositView | null> {
  if (!takesDeposit(booking.kind)) return null;
  const payments = await paymentsOf(db, booking.reference);
  const amountCents = depositCents(booking);
  const stands = booking.status === "requested" || booking.status === "confirmed";
  const paid = payments.find((payment) => payment.state === "paid") ?? null;
  const latest = payments.at(-1) ?? null;
  const offerable = stands && !paid && amountCents !== null && depositsOffered(env, url);
  const refunds = payments.filter(
    (payment) => payment.state === "refunding" || payment.state === "refunded" || payment.state === "kept",
  );
  if (payments.length === 0 && !offerable) return null;
  return {
    offer: offerable ? { amount: money(amountCents), terms: depositTermsByKind[booking.kind] } : null,
    confirming: url.searchParams.get("deposit") === "returned" && latest?.state === "open" && !paid,
    leftCheckout: url.searchParams.get("deposit") === "cancelled" && !paid,
    paid: paid
      ? { amount: money(paid.amountCents), at: dealerTimestamp(new Date(paid.paidAt!)), holdsUntil: heldUntil(booking) }
      : null,
    refunds: refunds.map((payment) => ({
      amount: money(payment.refundCents),
      done: payment.state !== "refunding",
      why: refundReasonWords[(payment.refundReason ?? "cancelled") as RefundReason] ?? refundReasonWords.cancelled,
    })),
    money: moneyLines(payments),
  };
}
