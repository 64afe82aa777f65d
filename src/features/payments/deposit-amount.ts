import { depositTerms, takesDeposit, type DepositKind } from "~/config/deposits";

/**
 * A booking's deposit in whole cents, from its stored quote: the only figure a checkout is ever
 * opened for (the browser never says what to charge). The quotes keep dollars with cents as
 * decimals, so their total is turned into cents once, here. Null for a kind that takes none or a
 * quote without a total.
 */
export function depositCents(booking: { kind: string; quote: unknown }): number | null {
  if (!takesDeposit(booking.kind)) return null;
  const total = (booking.quote as { total?: unknown } | null)?.total;
  if (typeof total !== "number" || !Number.isFinite(total) || total <= 0) return null;
  return depositOf(booking.kind, Math.round(total * 100));
}

/** The deposit of a `kind` booking whose quoted total is `totalCents`. */
export function depositOf(kind: DepositKind, totalCents: number): number {
  if (kind === "reservation") return Math.min(depositTerms.reservation.fixedCents, totalCents);
  // Half a cent and up rounds up, as the quote's own figures do.
  return Math.round((totalCents * depositTerms.rental.sharePercent) / 100);
}
