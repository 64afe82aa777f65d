import { loanTerms, type LenderRates } from "~/config/loan-terms";
import { formatMoney } from "~/lib/format";

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

/** The estimate's choices: an APR the visitor gave (null until they give one) and a term. */
export interface LoanChoice {
  aprPercent: number | null;
  termMonths: number;
}

/**
 * Keeps visitor input within the estimate's bounds. Without an APR of the visitor's it starts at the
 * lender's example rate once a lender has confirmed it (`confirmedRates`), and otherwise at none:
 * a rate the site picked would be a rate it advertised.
 */
export function clampLoanInput(
  aprText: string | null,
  termMonths: number,
  confirmedRates: Pick<LenderRates, "exampleAprPercent"> | null = loanTerms.confirmedRates,
): LoanChoice {
  const typed = aprText === null || aprText.trim() === "" ? Number.NaN : Number(aprText);
  const apr = Number.isFinite(typed)
    ? Math.min(Math.max(typed, 0), loanTerms.maximumAprPercent)
    : (confirmedRates?.exampleAprPercent ?? null);
  const term = (loanTerms.termChoicesMonths as readonly number[]).includes(termMonths)
    ? termMonths
    : loanTerms.defaultTermMonths;
  return { aprPercent: apr, termMonths: term };
}

/** What Regulation Z asks of a stated payment: the down payment, the terms of repayment and the APR. */
export interface LoanDisclosure {
  amountFinanced: number;
  downPayment: number;
  numberOfPayments: number;
  payment: number;
  aprPercent: number;
  /**
   * The disclosure as a clause after what is financed, "annual percentage rate" written out (12 CFR
   * § 1026.24(d)(2)): "a $0.00 down payment, then 60 monthly payments of $202.76 at a 7.99% annual
   * percentage rate (APR)".
   */
  terms: string;
}

/**
 * The one place a payment is stated with its disclosures: the vehicle page's estimate and the
 * financing page's representative example both read it, so neither can name a payment without the
 * down payment, the number of payments and the annual percentage rate beside it.
 */
export function loanDisclosure(
  amountFinanced: number,
  choice: { aprPercent: number; termMonths: number; downPayment?: number; rateMayIncrease?: boolean },
): LoanDisclosure {
  const downPayment = choice.downPayment ?? 0;
  const payment = monthlyPayment({
    principal: amountFinanced,
    aprPercent: choice.aprPercent,
    termMonths: choice.termMonths,
  });
  const increase = choice.rateMayIncrease ? " The rate may increase after the loan is made." : "";
  return {
    amountFinanced,
    downPayment,
    numberOfPayments: choice.termMonths,
    payment,
    aprPercent: choice.aprPercent,
    terms: `a ${formatMoney(downPayment)} down payment, then ${choice.termMonths} monthly payments of ${formatMoney(payment)} at a ${choice.aprPercent}% annual percentage rate (APR).${increase}`,
  };
}

/** The financing page's representative example, or null while no lender has confirmed its rates. */
export function representativeExample(
  confirmedRates: LenderRates | null = loanTerms.confirmedRates,
): LoanDisclosure | null {
  if (!confirmedRates) return null;
  const example = loanTerms.representativeExample;
  return loanDisclosure(example.amountFinanced, {
    aprPercent: confirmedRates.exampleAprPercent,
    termMonths: example.termMonths,
    downPayment: example.downPayment,
    rateMayIncrease: confirmedRates.rateMayIncrease,
  });
}
