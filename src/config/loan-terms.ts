/** The financing claims every page repeats: written once here. */
export const loanTerms = {
  /** "APR from as low as 0%" */
  minimumAprPercent: 0,
  maximumAprPercent: 29.99,
  /** What the payment estimate starts with: a typical promotional-free rate. */
  defaultAprPercent: 7.99,
  minimumTermMonths: 12,
  maximumTermMonths: 84,
  defaultTermMonths: 60,
  termChoicesMonths: [12, 24, 36, 48, 60, 72, 84],
  disclaimer:
    "All financing is subject to credit approval. Promotional rates are not guaranteed and depend on the lender and your credit profile.",
} as const;
