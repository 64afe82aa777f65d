/**
 * Pennsylvania sales tax on a taxable amount, in whole cents, as the law says to collect it: 6 cents
 * on each whole dollar, and on the cents left over the bracket charge of 61 Pa. Code § 31.2(2) (the
 * same schedule as the Tax Reform Code, 72 P.S. § 7203). A leaf: it imports nothing, so the
 * catalogue and every booking kind can share it.
 *
 * The brackets are not half-up rounding of 6%: 9 and 10 cents pay nothing where rounding would
 * charge 1 cent, and 18-24, 35-41, 51-58, 68-74 and 85-91 cents pay a cent more than rounding
 * (tests/worker/sales-tax.test.ts lists them), so the schedule is written out, not approximated.
 */

/** The one rate the schedule is written for (61 Pa. Code § 31.2; 72 P.S. § 7202(a)). */
const SCHEDULE_PERCENT = 6;

/**
 * The cents part of a purchase price, 0-99, and the tax it pays: each row is the least number of
 * cents that pays `tax` (61 Pa. Code § 31.2(2): "10 or less … No tax", "11 but less than 18 … 1", …,
 * "85 but less than $1.01 … 6"). Highest first so the first row reached is the answer.
 */
const fractionBrackets: readonly { fromCents: number; tax: number }[] = [
  { fromCents: 85, tax: 6 },
  { fromCents: 68, tax: 5 },
  { fromCents: 51, tax: 4 },
  { fromCents: 35, tax: 3 },
  { fromCents: 18, tax: 2 },
  { fromCents: 11, tax: 1 },
  { fromCents: 0, tax: 0 },
];

function fractionTax(remainderCents: number): number {
  return fractionBrackets.find((bracket) => remainderCents >= bracket.fromCents)!.tax;
}

/**
 * Sales tax in cents on `taxableCents` (a whole, non-negative number of cents). `percent` is the
 * rate the caller's terms state (`purchaseTerms.salesTaxPercent`); only the 6% schedule is law here,
 * so any other rate is refused rather than guessed at: a local rate (Allegheny County, Philadelphia)
 * has its own published brackets, which this dealer's county does not levy.
 */
export function salesTaxCents(taxableCents: number, percent: number = SCHEDULE_PERCENT): number {
  if (percent !== SCHEDULE_PERCENT)
    throw new RangeError(`Only Pennsylvania's ${SCHEDULE_PERCENT}% bracket schedule is known, not ${percent}%`);
  if (!Number.isSafeInteger(taxableCents) || taxableCents < 0)
    throw new RangeError(`A taxable amount is a whole, non-negative number of cents, not ${taxableCents}`);
  const wholeDollars = Math.floor(taxableCents / 100);
  // 6% of a whole dollar is exactly 6 cents, so the dollars need no rounding at all.
  return wholeDollars * SCHEDULE_PERCENT + fractionTax(taxableCents % 100);
}
