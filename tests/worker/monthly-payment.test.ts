import { describe, expect, it } from "vitest";
import { lenderRates, loanTerms } from "~/config/loan-terms";
import {
  clampLoanInput,
  loanDisclosure,
  monthlyPayment,
  representativeExample,
} from "~/features/financing/monthly-payment";

describe("monthly payment estimate", () => {
  it("spreads the price evenly at 0% APR", () => {
    expect(monthlyPayment({ principal: 12000, aprPercent: 0, termMonths: 48 })).toBe(250);
  });

  it("matches the standard amortisation formula", () => {
    // 15,595 at 7.99% over 60 months: r = 0.0799/12; P·r / (1 − (1+r)^−60) = 316.14
    expect(monthlyPayment({ principal: 15595, aprPercent: 7.99, termMonths: 60 })).toBe(316.14);
    // 10,000 at 6% over 12 months = 860.66 (textbook value)
    expect(monthlyPayment({ principal: 10000, aprPercent: 6, termMonths: 12 })).toBe(860.66);
  });

  it("costs more per month over a shorter term", () => {
    const short = monthlyPayment({ principal: 9995, aprPercent: 5, termMonths: 12 });
    const long = monthlyPayment({ principal: 9995, aprPercent: 5, termMonths: 84 });
    expect(short).toBeGreaterThan(long);
  });

  it("refuses nonsense instead of answering with NaN", () => {
    expect(() => monthlyPayment({ principal: 1000, aprPercent: -1, termMonths: 12 })).toThrow(RangeError);
    expect(() => monthlyPayment({ principal: 1000, aprPercent: 5, termMonths: 0 })).toThrow(RangeError);
    expect(monthlyPayment({ principal: 0, aprPercent: 5, termMonths: 12 })).toBe(0);
  });

  it("keeps visitor input within the estimate's bounds, and assumes no APR until a lender has confirmed one", () => {
    expect(clampLoanInput("-5", 12)).toEqual({ aprPercent: 0, termMonths: 12 });
    expect(clampLoanInput("99", 84)).toEqual({ aprPercent: loanTerms.maximumAprPercent, termMonths: 84 });
    expect(clampLoanInput(null, 13, null)).toEqual({ aprPercent: null, termMonths: loanTerms.defaultTermMonths });
    expect(clampLoanInput("", 48, null)).toEqual({ aprPercent: null, termMonths: 48 });
    expect(clampLoanInput("abc", 48, { exampleAprPercent: 7.99 })).toEqual({ aprPercent: 7.99, termMonths: 48 });
  });

  it("states a payment only with Regulation Z's disclosures: down payment, number of payments, annual percentage rate", () => {
    expect(loanDisclosure(12714.7, { aprPercent: 5, termMonths: 48 }).terms).toBe(
      "a $0.00 down payment, then 48 monthly payments of $292.81 at a 5% annual percentage rate (APR).",
    );
  });

  it("gives the financing page a representative example only once a lender has confirmed its rates", () => {
    expect(loanTerms.confirmedRates).toBeNull();
    expect(representativeExample()).toBeNull();
    // $10,000 at 7.99% over 60 months: r = 0.0799/12; P·r / (1 − (1+r)^−60) = 202.72
    expect(representativeExample(lenderRates)).toMatchObject({
      amountFinanced: 10_000,
      downPayment: 0,
      numberOfPayments: 60,
      payment: 202.72,
      terms: "a $0.00 down payment, then 60 monthly payments of $202.72 at a 7.99% annual percentage rate (APR).",
    });
  });
});
