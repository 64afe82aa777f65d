import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { salesTaxCents } from "~/lib/sales-tax";
import { propertyRuns } from "./property-runs";

/**
 * 61 Pa. Code § 31.2(2) as the regulation words it, row by row, kept apart from the module's table
 * so a slip in one is caught by the other: the cents part of the price, then the tax in cents.
 */
function scheduleAsWritten(priceCents: number): number {
  const dollars = Math.floor(priceCents / 100);
  const fraction = priceCents % 100;
  let fractionTax: number;
  if (fraction <= 10)
    fractionTax = 0; // "10 or less … No tax"
  else if (fraction < 18)
    fractionTax = 1; // "11 but less than 18 … 1"
  else if (fraction < 35)
    fractionTax = 2; // "18 but less than 35 … 2"
  else if (fraction < 51)
    fractionTax = 3; // "35 but less than 51 … 3"
  else if (fraction < 68)
    fractionTax = 4; // "51 but less than 68 … 4"
  else if (fraction < 85)
    fractionTax = 5; // "68 but less than 85 … 5"
  else fractionTax = 6; // "85 but less than $1.01 … 6"
  // "$1.01 or more … 6% of each dollar plus above bracket charges for fraction of a dollar."
  return dollars * 6 + fractionTax;
}

const halfUpSixPercent = (cents: number) => Math.round((cents * 6) / 100);

describe("Pennsylvania sales tax by the bracket schedule", () => {
  it("charges the schedule's tax on every price under a dollar", () => {
    for (let cents = 0; cents <= 100; cents++) expect(salesTaxCents(cents), `${cents}¢`).toBe(scheduleAsWritten(cents));
    expect([10, 11, 17, 18, 34, 35, 50, 51, 67, 68, 84, 85, 99, 100].map((cents) => salesTaxCents(cents))).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6,
    ]);
  });

  it("is 6 cents a whole dollar plus the bracket charge of the cents left, for any amount and every remainder", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99 }), (dollars, remainder) => {
        const cents = dollars * 100 + remainder;
        expect(salesTaxCents(cents)).toBe(scheduleAsWritten(cents));
        expect(salesTaxCents(cents, 6)).toBe(scheduleAsWritten(cents));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it("is not half-up rounding of 6%: the schedule differs on these remainders, whatever the dollars", () => {
    const differing = Array.from({ length: 100 }, (_, cents) => cents).filter(
      (cents) => scheduleAsWritten(cents) !== halfUpSixPercent(cents),
    );
    expect(differing).toEqual([
      // 9-10¢ pay nothing where rounding charges 1¢; in the rest the schedule charges 1¢ more.
      9, 10, 18, 19, 20, 21, 22, 23, 24, 35, 36, 37, 38, 39, 40, 41, 51, 52, 53, 54, 55, 56, 57, 58, 68, 69, 70, 71, 72,
      73, 74, 85, 86, 87, 88, 89, 90, 91,
    ]);
    for (const cents of differing) expect(salesTaxCents(123_400 + cents)).toBe(scheduleAsWritten(123_400 + cents));
  });

  it("refuses a rate it has no schedule for, and an amount that is not whole cents", () => {
    expect(() => salesTaxCents(10_000, 7)).toThrow(RangeError);
    expect(() => salesTaxCents(10.5)).toThrow(RangeError);
    expect(() => salesTaxCents(-1)).toThrow(RangeError);
  });
});
