import { describe, expect, it } from "vitest";
import {
  calculateEcoImpact,
  formatEco,
  parseEcoInput,
  timeFrames,
  usageMultipliers,
  type UsageType,
} from "~/features/eco-impact/calculate";

describe("eco-impact calculator", () => {
  it("matches the published formulas for the defaults (25 miles/week, recreational, 1 year)", () => {
    // 25 × 52 × 1 × 1 = 1,300 miles; 1,300 / 15 = 86.667 gal
    const result = calculateEcoImpact({ milesPerWeek: 25, usage: "recreational", years: 1 });
    expect(result.fuelSaved).toBeCloseTo(86.6667, 3);
    expect(result.co2Saved).toBeCloseTo(1698.6667, 3); // × 19.6
    expect(result.costSaved).toBeCloseTo(303.3333, 3); // × 3.50
    expect(result.electricCost).toBeCloseTo(23.4, 6); // 1,300 × 0.15 × 0.12
    expect(result.netSavings).toBeCloseTo(279.9333, 3);
    expect(result.treesEquivalent).toBeCloseTo(14.014, 3); // 1,698.67 / 2,000 × 16.5
  });

  it.each([
    // usage, multiplier → miles for 100 miles/week over 3 years
    ["recreational", 15600],
    ["residential", 18720],
    ["commercial", 31200],
    ["golf_course", 39000],
  ] as [UsageType, number][])("applies the %s multiplier", (usage, miles) => {
    const result = calculateEcoImpact({ milesPerWeek: 100, usage, years: 3 });
    expect(result.fuelSaved).toBeCloseTo(miles / 15, 6);
    expect(result.electricCost).toBeCloseTo(miles * 0.018, 6);
    expect(usageMultipliers[usage]).toBe(miles / 15600);
  });

  it.each(timeFrames.map((years) => [years]))("scales linearly over %i year(s)", (years) => {
    const one = calculateEcoImpact({ milesPerWeek: 40, usage: "commercial", years: 1 });
    const many = calculateEcoImpact({ milesPerWeek: 40, usage: "commercial", years });
    expect(many.co2Saved).toBeCloseTo(one.co2Saved * years, 6);
    expect(many.netSavings).toBeCloseTo(one.netSavings * years, 6);
  });

  it("computes a golf course over 10 years at the maximum mileage", () => {
    // 500 × 52 × 10 × 2.5 = 650,000 miles
    const result = calculateEcoImpact({ milesPerWeek: 500, usage: "golf_course", years: 10 });
    expect(result.fuelSaved).toBeCloseTo(43333.333, 2);
    expect(result.co2Saved).toBeCloseTo(849333.333, 2);
    expect(result.costSaved).toBeCloseTo(151666.667, 2);
    expect(result.electricCost).toBeCloseTo(11700, 6);
    expect(result.netSavings).toBeCloseTo(139966.667, 2);
    expect(result.treesEquivalent).toBeCloseTo(7007.0, 1);
  });

  it("formats amounts as whole US dollars and quantities in en-US", () => {
    expect(formatEco.dollars(139966.667)).toBe("$139,967");
    expect(formatEco.pounds(849333.333)).toBe("849,333 lbs");
  });

  it("reads input from the query string and names what is out of range", () => {
    expect(parseEcoInput(new URLSearchParams("")).input).toEqual({ milesPerWeek: 25, usage: "recreational", years: 1 });
    expect(parseEcoInput(new URLSearchParams("miles=60&usage=commercial&years=5")).input).toEqual({
      milesPerWeek: 60,
      usage: "commercial",
      years: 5,
    });
    const bad = parseEcoInput(new URLSearchParams("miles=9000&usage=boat&years=2"));
    expect(bad.problems.map((problem) => problem.field)).toEqual(["miles", "usage", "years"]);
  });
});
