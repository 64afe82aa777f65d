import { sql } from "drizzle-orm";
import { depositTermsByKind, refundReasonWords, takesDeposit, type RefundReason } from "~/config/deposits";
import { returns } from "~/config/business-terms";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { formatMoney } from "~/lib/format";
import type { Database } from "~/server/db.server";

/**
 * What a deposit's receipt and its refund say (src/features/payments stores them): the amounts to
 * the cent from the payment's own record, never from anything the customer sent.
 */
interface PaymentFacts {
  amountCents: number;
  paidAt: string | null;
  refundCents: number;
  refundReason: string | null;
  holdUntil: string | null;
  status: string;
}

export async function paymentFacts(db: Database, paymentId: number): Promise<PaymentFacts | null> {
  const [row] = await db.all<PaymentFacts>(sql`
    SELECT p.amount_cents AS amountCents, p.paid_at AS paidAt, p.refund_cents AS refundCents,
      p.refund_reason AS refundReason, b.hold_until AS holdUntil, b.status AS status
    FROM booking_payments p JOIN bookings b ON b.reference = p.reference WHERE p.id = ${paymentId}`);
  return row ?? null;
}

/** Whether a booking has a deposit counted (paid and not yet settled): its decline says it comes back. */
export async function hasPaidDeposit(db: Database, reference: string): Promise<boolean> {
  const rows = await db.all(
    sql`SELECT 1 FROM booking_payments WHERE reference = ${reference} AND state = 'paid' LIMIT 1`,
  );
  return rows.length > 0;
}

const money = (cents: number) => formatMoney(cents / 100);

export function receiptWords(kind: string, payment: PaymentFacts, what: string) {
  const held =
    payment.holdUntil && payment.status === "requested"
      ? ` We hold it for you until ${dealerTimestamp(new Date(payment.holdUntil))}.`
      : "";
  return {
    subject: "deposit received",
    opening: `We have your deposit of ${money(payment.amountCents)} for your ${what}, paid by card through Stripe.${held} This e-mail is your receipt.`,
    facts: [
      ["Deposit paid", money(payment.amountCents)],
      ...(payment.paidAt ? ([["Paid", dealerTimestamp(new Date(payment.paidAt))]] as [string, string][]) : []),
    ] as [string, string][],
    notes: takesDeposit(kind) ? [...depositTermsByKind[kind]] : [],
  };
}

export function refundWords(payment: PaymentFacts, what: string) {
  const reason =
    refundReasonWords[(payment.refundReason ?? "cancelled") as RefundReason] ?? refundReasonWords.cancelled;
  return {
    subject: "deposit refunded",
    opening: `We have refunded ${money(payment.refundCents)} of your ${money(payment.amountCents)} deposit for your ${what} to the card you paid with: ${reason}. A card refund takes ${returns.cardRefundBusinessDays} business days to show on your statement.`,
    facts: [
      ["Deposit paid", money(payment.amountCents)],
      ["Refunded", money(payment.refundCents)],
      ["Kept", money(payment.amountCents - payment.refundCents)],
    ] as [string, string][],
  };
}
