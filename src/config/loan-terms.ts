import { site } from "./site";

/**
 * Financing as the pages state it. A rate or a term length is the lender's to promise, and under
 * Regulation Z an advertisement that names a term length, a number of payments or a payment amount
 * must also give the down payment, the terms of repayment and the rate as an "annual percentage
 * rate" (12 CFR § 1026.24(d)). So the lenders' figures are shown only while
 * `site.optionalClaims.lenderConfirmedRates` is on, and then beside one representative example
 * worked out by the payment estimate's own code (`loanDisclosure`).
 */
export interface LenderRates {
  /** "APR from as low as 0% on select models". */
  minimumAprPercent: number;
  /** The rate the payment estimate starts at and the representative example uses. */
  exampleAprPercent: number;
  minimumTermMonths: number;
  maximumTermMonths: number;
  /** Whether the lender may raise the rate after the loan is made, which § 1026.24(d)(2)(iii) says must be stated. */
  rateMayIncrease: boolean;
}

/** The figures the dealer's lenders are expected to confirm; shown only once one has (`loanTerms.confirmedRates`). */
export const lenderRates: LenderRates = {
  minimumAprPercent: 0,
  exampleAprPercent: 7.99,
  minimumTermMonths: 12,
  maximumTermMonths: 84,
  rateMayIncrease: false,
};

export const loanTerms = {
  /** The lenders' rates and terms, or null while no lender has confirmed them. */
  confirmedRates: site.optionalClaims.lenderConfirmedRates ? lenderRates : null,
  /** The highest APR the estimate takes: a bound on what a visitor types, not a rate anyone offers. */
  maximumAprPercent: 29.99,
  /** The estimate's term choices, which the visitor picks from. */
  termChoicesMonths: [12, 24, 36, 48, 60, 72, 84],
  defaultTermMonths: 60,
  /** The financing page's representative example (with `confirmedRates.exampleAprPercent`). */
  representativeExample: { amountFinanced: 10_000, downPayment: 0, termMonths: 60 },
  /** Said by the vehicle page's estimate until the visitor gives an APR (none is assumed without a lender's). */
  estimatePrompt: "Enter the APR a lender quotes you, and the estimate shows the monthly payment.",
  disclaimer:
    "All financing is subject to credit approval. The lender sets the rate and term, which depend on your credit profile.",
} as const;
