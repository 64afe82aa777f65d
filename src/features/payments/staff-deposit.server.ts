import { refundReasonWords, type RefundReason } from "~/config/deposits";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { formatMoney } from "~/lib/format";
import type { Database } from "~/server/db.server";
import { moneyLines, moneyWords } from "./deposit-money";
import { paymentsOf, type PaymentRow } from "./payment-store.server";

/**
 * A booking's deposit as staff read it: each checkout and what became of it, then money in, money
 * out and the balance. Null for a booking no deposit was ever asked for.
 */
const money = (cents: number) => formatMoney(cents / 100);
const at = (instant: string | null) => (instant ? dealerTimestamp(new Date(instant)) : "");

function paymentLine(payment: PaymentRow): string {
  const amount = money(payment.amountCents);
  const why = refundReasonWords[(payment.refundReason ?? "cancelled") as RefundReason] ?? payment.refundReason;
  switch (payment.state) {
    case "open":
      return `Checkout ${payment.attempt} for ${amount} opened ${at(payment.createdAt)}: not paid (yet)`;
    case "expired":
      return `Checkout ${payment.attempt} for ${amount}: ended unpaid`;
    case "paid":
      return `Deposit paid: ${amount} on ${at(payment.paidAt)} (Stripe ${payment.paymentIntent ?? "payment"})`;
    case "refunding":
      return `Paid ${amount} on ${at(payment.paidAt)}; refund of ${money(payment.refundCents)} being made: ${why}`;
    case "refunded":
      return `Paid ${amount} on ${at(payment.paidAt)}; refunded ${money(payment.refundCents)} on ${at(payment.refundedAt)} (Stripe ${payment.refundId}): ${why}`;
    case "kept":
      return `Paid ${amount} on ${at(payment.paidAt)}; kept by the terms: ${why}`;
  }
}

export async function staffDepositLines(db: Database, reference: string) {
  const payments = await paymentsOf(db, reference);
  if (payments.length === 0) return null;
  return { lines: moneyLines(payments), payments: payments.map(paymentLine) };
}

/** The day view's few words: "deposit paid: in $500.00, out $0.00, balance $500.00"; null for none. */
export async function depositSummary(db: Database, reference: string): Promise<string | null> {
  return moneyWords(await paymentsOf(db, reference)) || null;
}
