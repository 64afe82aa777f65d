import { describe, expect, it } from "vitest";
import { loanTerms } from "~/config/loan-terms";
import { clampLoanInput, monthlyPayment } from "~/features/financing/monthly-payment";

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

  it("keeps visitor input within the stated 0% APR and 12-84 month terms", () => {
    expect(clampLoanInput(-5, 12)).toEqual({ aprPercent: 0, termMonths: 12 });
    expect(clampLoanInput(99, 84)).toEqual({ aprPercent: loanTerms.maximumAprPercent, termMonths: 84 });
    expect(clampLoanInput(Number.NaN, 13)).toEqual({
      aprPercent: loanTerms.defaultAprPercent,
      termMonths: loanTerms.defaultTermMonths,
    });
  });
});
