import { describe, expect, it } from "vitest";
import { storage } from "~/config/business-terms";
import { addDays } from "~/lib/calendar-days";
import {
  quoteStorage,
  seasonWindowOf,
  storageRequestProblems,
  StorageRequestError,
  storageRuleProblems,
  storageSummary,
  type StorageRequest,
} from "~/features/storage/storage-quote";

/**
 * The storage quote as the policy charges it, in whole cents: packages for their season, monthly
 * storage by calendar months, the add-ons, and the rules that refuse a request before any price.
 */

const noAddOns = { maintenance: false, prep: false };
const winter = (start: string, more: Partial<StorageRequest> = {}): StorageRequest => ({
  space: "indoor",
  package: "winter",
  start,
  ...noAddOns,
  ...more,
});
const monthly = (start: string, months: number, more: Partial<StorageRequest> = {}): StorageRequest => ({
  space: "indoor",
  package: "monthly",
  start,
  months,
  ...noAddOns,
  ...more,
});

/** 2026-07-01 at noon on the dealer's clock (EDT, UTC-4). */
const july1 = new Date("2026-07-01T16:00:00Z");

describe("the figures the policy states", () => {
  it("prices the winter package indoors at $650 for October 15 to April 15, both included", () => {
    const quote = quoteStorage(winter("2026-10-15"));
    expect(quote).toMatchObject({
      space: "indoor",
      package: "winter",
      start: "2026-10-15",
      lastDay: "2027-04-15",
      end: "2027-04-16",
      months: 6,
      storage: 650,
      total: 650,
      lines: [{ label: "Indoor space, winter package (October 15 - April 15)", amount: 650 }],
    });
    expect(quote.note).toBeUndefined();
    expect(storageSummary(quote)).toBe("Indoor space, winter package, October 15, 2026 to April 15, 2027");
  });

  it("prices 2 months indoors at $250, from the start to the day before the start plus 2 months", () => {
    const quote = quoteStorage(monthly("2027-01-10", 2));
    expect(quote).toMatchObject({
      start: "2027-01-10",
      lastDay: "2027-03-09",
      end: "2027-03-10",
      months: 2,
      total: 250,
      lines: [{ label: "Indoor space, 2 months at $125", amount: 250 }],
    });
    expect(quoteStorage(monthly("2027-01-10", 1)).lines[0]!.label).toBe("Indoor space, 1 month at $125");
  });

  it("prices every package and space from the storage terms", () => {
    const season = (pkg: "winter" | "summer", space: "indoor" | "outdoor", start: string) =>
      quoteStorage({ space, package: pkg, start, ...noAddOns }).total;
    expect(season("winter", "outdoor", "2026-10-15")).toBe(storage.winter.outdoor);
    expect(season("summer", "indoor", "2027-05-01")).toBe(storage.summer.indoor);
    expect(season("summer", "outdoor", "2027-05-01")).toBe(storage.summer.outdoor);
    expect(quoteStorage(monthly("2027-01-10", 3, { space: "outdoor" }))).toMatchObject({
      total: 225,
      lines: [{ label: "Covered outdoor space, 3 months at $75", amount: 225 }],
    });
    expect(quoteStorage({ space: "indoor", package: "summer", start: "2027-05-01", ...noAddOns })).toMatchObject({
      lastDay: "2027-09-30",
      end: "2027-10-01",
      months: 5,
    });
  });
});

describe("monthly storage from the end of a month", () => {
  /** What the customer reads of a monthly stay: the line they pay, the dates, the months covered. */
  const shown = (start: string, months: number) => {
    const quote = quoteStorage(monthly(start, months, { maintenance: true }));
    return { summary: storageSummary(quote), lines: quote.lines, end: quote.end, total: quote.total };
  };
  const charged = (months: number) => {
    const word = months === 1 ? "month" : "months";
    return {
      lines: [
        { label: `Indoor space, ${months} ${word} at $125`, amount: 125 * months },
        { label: `Battery and tyre maintenance, ${months} ${word} at $50`, amount: 50 * months },
        { label: "Pennsylvania sales tax (6%) on maintenance and preparation", amount: 3 * months },
      ],
      total: 178 * months,
    };
  };

  it("holds every day to the day before the same date, or to the month's last day when it has no such date", () => {
    const expected: [start: string, months: number, lastDay: string, dates: string][] = [
      ["2027-01-31", 1, "2027-02-28", "January 31, 2027 to February 28, 2027"],
      ["2027-01-31", 2, "2027-03-30", "January 31, 2027 to March 30, 2027"],
      ["2027-03-31", 1, "2027-04-30", "March 31, 2027 to April 30, 2027"],
      ["2027-03-31", 2, "2027-05-30", "March 31, 2027 to May 30, 2027"],
      ["2027-01-29", 1, "2027-02-28", "January 29, 2027 to February 28, 2027"],
      ["2027-01-29", 2, "2027-03-28", "January 29, 2027 to March 28, 2027"],
      ["2027-01-30", 1, "2027-02-28", "January 30, 2027 to February 28, 2027"],
      ["2027-01-30", 2, "2027-03-29", "January 30, 2027 to March 29, 2027"],
      ["2027-05-10", 1, "2027-06-09", "May 10, 2027 to June 9, 2027"],
      ["2027-05-10", 2, "2027-07-09", "May 10, 2027 to July 9, 2027"],
    ];
    for (const [start, months, lastDay, dates] of expected) {
      const word = months === 1 ? "1 month" : `${months} months`;
      expect(shown(start, months), `${word} from ${start}`).toEqual({
        summary: `Indoor space, monthly storage (${word}), ${dates}`,
        end: addDays(lastDay, 1),
        ...charged(months),
      });
    }
  });

  it("counts a package's days in the same months when it says monthly storage would cost less", () => {
    // May 31 to September 30 is four months of monthly storage: $500 against the summer package's $575.
    expect(quoteStorage({ space: "indoor", package: "summer", start: "2027-05-31", ...noAddOns }).note).toBe(
      "Monthly storage would cost less for these dates: 4 months from May 31, 2027 (to September 30, 2027) comes to $500.00, against $575.00 for the summer package. Choose monthly storage to book it that way.",
    );
  });
});

describe("add-ons", () => {
  it("adds maintenance for each month the stay covers and preparation once, each on its own line", () => {
    const quote = quoteStorage(winter("2026-10-15", { maintenance: true, prep: true }));
    expect(quote.lines).toEqual([
      { label: "Indoor space, winter package (October 15 - April 15)", amount: 650 },
      { label: "Battery and tyre maintenance, 6 months at $50", amount: 300 },
      { label: "Pre-season preparation", amount: 150 },
      // Storage is not taxed; the add-ons are service to the cart (src/config/taxes.ts).
      { label: "Pennsylvania sales tax (6%) on maintenance and preparation", amount: 27 },
    ]);
    expect(quote).toMatchObject({ storage: 650, maintenance: 300, prep: 150, salesTax: 27, total: 1127 });

    expect(quoteStorage(monthly("2027-01-10", 2, { maintenance: true })).lines).toEqual([
      { label: "Indoor space, 2 months at $125", amount: 250 },
      { label: "Battery and tyre maintenance, 2 months at $50", amount: 100 },
      { label: "Pennsylvania sales tax (6%) on maintenance and preparation", amount: 6 },
    ]);
    expect(quoteStorage(monthly("2027-01-10", 1, { prep: true })).total).toBe(125 + 150 + 9);
    // Summer: May 1 to September 30 is five months of maintenance, and its tax.
    expect(
      quoteStorage({ space: "outdoor", package: "summer", start: "2027-05-01", maintenance: true, prep: false }).total,
    ).toBe(storage.summer.outdoor + 5 * storage.maintenanceMonthly + 15);
  });
});

describe("the season rule", () => {
  it("knows each season's days, across the new year", () => {
    expect(seasonWindowOf("winter", "2026-12-31")).toEqual({ first: "2026-10-15", last: "2027-04-15" });
    expect(seasonWindowOf("winter", "2027-01-01")).toEqual({ first: "2026-10-15", last: "2027-04-15" });
    expect(seasonWindowOf("winter", "2027-04-15")).toEqual({ first: "2026-10-15", last: "2027-04-15" });
    expect(seasonWindowOf("winter", "2027-04-16")).toBeNull();
    expect(seasonWindowOf("winter", "2026-10-14")).toBeNull();
    expect(seasonWindowOf("summer", "2027-09-30")).toEqual({ first: "2027-05-01", last: "2027-09-30" });
    expect(seasonWindowOf("summer", "2027-04-30")).toBeNull();
    expect(seasonWindowOf("summer", "2027-10-01")).toBeNull();
  });

  it("books a start inside the season to the season's end at the package price, and says when monthly costs less", () => {
    const late = quoteStorage(winter("2027-01-15", { maintenance: true }));
    expect(late).toMatchObject({ start: "2027-01-15", lastDay: "2027-04-15", months: 3, storage: 650 });
    expect(late.lines[1]).toEqual({ label: "Battery and tyre maintenance, 3 months at $50", amount: 150 });
    // Four months of monthly storage hold January 15 to May 14: $500 + $200 + $12 tax on the
    // maintenance, against $650 + $150 + $9.
    expect(late.note).toBe(
      "Monthly storage would cost less for these dates: 4 months from January 15, 2027 (to May 14, 2027), with the same add-ons, comes to $712.00, against $809.00 for the winter package. Choose monthly storage to book it that way.",
    );
    expect(quoteStorage(winter("2027-04-01")).note).toMatch(/^Monthly storage would cost less .*: 1 month from/);
    // A whole season is what the package is for: no note.
    expect(
      quoteStorage({ space: "outdoor", package: "summer", start: "2027-05-01", ...noAddOns }).note,
    ).toBeUndefined();
  });

  it("refuses a start outside the season, naming the start and the season's dates, and prices nothing", () => {
    expect(storageRuleProblems(winter("2027-05-01"))).toEqual({
      start: "The winter package runs October 15 - April 15: choose a start in that season, or choose monthly storage.",
    });
    expect(() => quoteStorage(winter("2027-05-01"))).toThrow(StorageRequestError);
    expect(() => quoteStorage({ ...winter("2027-04-30"), package: "summer" })).toThrow(StorageRequestError);
    // Judged at a moment, the message names the season's days that can be booked.
    expect(storageRequestProblems(winter("2026-08-01"), july1)).toEqual({
      start:
        "The winter package runs October 15 - April 15. Choose a start from October 15, 2026 to April 15, 2027, or choose monthly storage.",
    });
    expect(storageRequestProblems({ package: "summer", start: "2026-11-01" }, july1).start).toBe(
      "The summer package runs May 1 - September 30. Choose a start from July 1, 2026 to September 30, 2026 or from May 1, 2027 to July 1, 2027, or choose monthly storage.",
    );
    expect(storageRequestProblems({ package: "summer", start: "2026-07-01" }, july1)).toEqual({});
  });
});

describe("the clock and the months", () => {
  it("refuses a start that has passed or lies more than 12 months ahead, on the dealer's clock", () => {
    expect(storageRequestProblems(monthly("2026-06-30", 1), july1).start).toBe(
      "That date has passed. Choose today or a later day.",
    );
    expect(storageRequestProblems(monthly("2026-07-01", 1), july1)).toEqual({});
    expect(storageRequestProblems(monthly("2027-07-01", 1), july1)).toEqual({});
    expect(storageRequestProblems(monthly("2027-07-02", 1), july1).start).toBe(
      "Storage can be booked up to 12 months ahead. Choose a start on or before July 1, 2027.",
    );
    // 1 AM UTC on July 2 is still July 1 in Pennsylvania.
    expect(storageRequestProblems(monthly("2026-07-01", 1), new Date("2026-07-02T01:00:00Z"))).toEqual({});
    expect(storageRequestProblems(monthly("2026-02-30", 1), july1).start).toBe("Choose a start date");
  });

  it("takes months for monthly storage only, whole, from 1 to 12", () => {
    const months = "Choose 1 to 12 months for monthly storage";
    expect(storageRuleProblems({ package: "monthly", start: "2027-01-10" })).toEqual({ months });
    for (const wrong of [0, 13, 1.5, -1]) {
      expect(storageRuleProblems(monthly("2027-01-10", wrong)), String(wrong)).toEqual({ months });
      expect(() => quoteStorage(monthly("2027-01-10", wrong))).toThrow(StorageRequestError);
    }
    expect(storageRuleProblems(winter("2026-10-15", { months: 6 }))).toEqual({
      months: "Months are for monthly storage only: a package runs to the end of its season",
    });
    expect(quoteStorage(monthly("2027-01-10", 12))).toMatchObject({ lastDay: "2028-01-09", total: 1500, months: 12 });
  });
});

describe("whole cents", () => {
  it("adds every line in whole cents, and the total is the sum of the lines", () => {
    const starts = ["2026-10-15", "2026-12-31", "2027-02-28", "2027-04-15", "2027-05-01", "2027-08-31", "2027-09-30"];
    let checked = 0;
    for (const space of ["indoor", "outdoor"] as const) {
      for (const start of starts) {
        for (const plan of ["winter", "summer", ...Array.from({ length: 12 }, (_, index) => index + 1)] as const) {
          for (const maintenance of [false, true]) {
            for (const prep of [false, true]) {
              const request: StorageRequest =
                typeof plan === "number"
                  ? { space, package: "monthly", start, months: plan, maintenance, prep }
                  : { space, package: plan, start, maintenance, prep };
              if (Object.keys(storageRuleProblems(request)).length > 0) continue;
              const quote = quoteStorage(request);
              const amounts = [...quote.lines.map((line) => line.amount), quote.total];
              // Each amount is a whole number of cents, written in dollars with no float residue.
              for (const amount of amounts) expect(Math.round(amount * 100) / 100).toBe(amount);
              const lineCents = quote.lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
              expect(lineCents / 100).toBe(quote.total);
              const partCents = [quote.storage, quote.maintenance, quote.prep, quote.salesTax];
              expect(partCents.reduce((sum, part) => sum + Math.round(part * 100), 0) / 100).toBe(quote.total);
              checked += 1;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
