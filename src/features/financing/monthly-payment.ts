import { loanTerms } from "~/config/loan-terms";

export interface PaymentInput {
  /** Amount financed, in dollars. */
  principal: number;
  aprPercent: number;
  termMonths: number;
}

/**
 * The monthly payment of a fully amortising loan, rounded to cents. At 0% APR it is simply the
 * principal spread over the term.
 */
export function monthlyPayment({ principal, aprPercent, termMonths }: PaymentInput): number {
  if (!Number.isFinite(principal) || principal <= 0) return 0;
  if (!Number.isInteger(termMonths) || termMonths <= 0)
    throw new RangeError("termMonths must be a positive whole number");
  if (!Number.isFinite(aprPercent) || aprPercent < 0) throw new RangeError("aprPercent cannot be negative");
  const monthlyRate = aprPercent / 100 / 12;
  const payment =
    monthlyRate === 0 ? principal / termMonths : (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -termMonths);
  return Math.round(payment * 100) / 100;
}

/** Keeps visitor input within the terms the financing page states. */
export function clampLoanInput(aprPercent: number, termMonths: number): { aprPercent: number; termMonths: number } {
  const apr = Number.isFinite(aprPercent)
    ? Math.min(Math.max(aprPercent, loanTerms.minimumAprPercent), loanTerms.maximumAprPercent)
    : loanTerms.defaultAprPercent;
  const closestTerm = (loanTerms.termChoicesMonths as readonly number[]).includes(termMonths)
    ? termMonths
    : loanTerms.defaultTermMonths;
  return { aprPercent: apr, termMonths: closestTerm };
}
