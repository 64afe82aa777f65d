import type { RefundReason } from "~/config/deposits";
import { cancellationTerms } from "~/lib/rental-cancellation";

/**
 * What the written terms refund of a paid deposit when its booking is released
 * (src/config/deposits.ts says it to the customer): in full when we decline, cancel or let the
 * hold run out, or when a second payment or one after the release came in; a renter who cancels
 * from their own page gets the rental policy's share for the moment they cancelled.
 */

export interface ReleasedDeposit {
  kind: string;
  status: string;
  decidedBy: string | null;
  decidedAt: string | null;
  startDay: string;
  amountCents: number;
}

export function refundDue(deposit: ReleasedDeposit): { cents: number; reason: RefundReason } {
  if (deposit.status === "cancelled" && deposit.kind === "rental" && deposit.decidedBy === "customer") {
    const at = deposit.decidedAt ? new Date(deposit.decidedAt) : new Date();
    const percent = cancellationTerms(deposit.startDay, at).refundPercent;
    return { cents: Math.round((deposit.amountCents * percent) / 100), reason: "renter-cancelled" };
  }
  const reason: RefundReason =
    deposit.status === "declined" ? "declined" : deposit.status === "expired" ? "expired" : "cancelled";
  return { cents: deposit.amountCents, reason };
}
