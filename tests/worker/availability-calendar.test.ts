import { describe, expect, it } from "vitest";
import {
  availabilitySpan,
  firstShownMonth,
  monthGrid,
  monthSteps,
  shiftMonth,
} from "~/features/bookings/availability-calendar";

const window = { today: "2026-11-23", lastStart: "2027-11-23" };

describe("the booking calendar's month grid", () => {
  it("lays a month out in Sunday-first weeks with blanks before the 1st and after the last", () => {
    // 1 November 2026 is a Sunday; 1 February 2027 a Monday; February 2027 has 28 days.
    const november = monthGrid("2026-11", new Map(), window);
    expect(november.title).toBe("November 2026");
    expect(november.weeks[0]![0]!.date).toBe("2026-11-01");
    expect(november.weeks).toHaveLength(5);
    expect(november.weeks.at(-1)!.map((day) => day?.dayOfMonth ?? null)).toEqual([
      29,
      30,
      null,
      null,
      null,
      null,
      null,
    ]);

    const february = monthGrid("2027-02", new Map(), window);
    expect(february.weeks[0]![0]).toBeNull();
    expect(february.weeks[0]![1]!.dayOfMonth).toBe(1);
    expect(february.weeks.flat().filter(Boolean)).toHaveLength(28);
    for (const week of february.weeks) expect(week).toHaveLength(7);
  });

  it("counts leap days", () => {
    expect(monthGrid("2028-02", new Map(), window).weeks.flat().filter(Boolean)).toHaveLength(29);
  });

  it("says free, 1 left or full from the carts left, and only those days can be picked", () => {
    const remaining = new Map([
      ["2026-11-23", 3],
      ["2026-11-24", 1],
      ["2026-11-25", 0],
    ]);
    const days = monthGrid("2026-11", remaining, window)
      .weeks.flat()
      .filter((day) => day !== null);
    const byDate = new Map(days.map((day) => [day.date, day]));
    expect(byDate.get("2026-11-22")).toMatchObject({ state: "past", selectable: false, remaining: null });
    expect(byDate.get("2026-11-23")).toMatchObject({ state: "free", selectable: true, remaining: 3 });
    expect(byDate.get("2026-11-24")).toMatchObject({ state: "limited", selectable: true, remaining: 1 });
    expect(byDate.get("2026-11-25")).toMatchObject({ state: "full", selectable: false, remaining: 0 });
    // A day in the window the database said nothing about is never offered.
    expect(byDate.get("2026-11-26")).toMatchObject({ state: "not-open", selectable: false });
  });

  it("never offers a day beyond the booking horizon", () => {
    const remaining = new Map([
      ["2027-11-23", 2],
      ["2027-11-24", 2],
    ]);
    const days = monthGrid("2027-11", remaining, window).weeks.flat();
    expect(days.find((day) => day?.date === "2027-11-23")).toMatchObject({ state: "free", selectable: true });
    expect(days.find((day) => day?.date === "2027-11-24")).toMatchObject({ state: "not-open", selectable: false });
  });

  it("keeps the first month shown within the months a rental can start in", () => {
    expect(firstShownMonth(null, window)).toBe("2026-11");
    expect(firstShownMonth("2027-03", window)).toBe("2027-03");
    expect(firstShownMonth("2020-01", window)).toBe("2026-11");
    expect(firstShownMonth("2031-01", window)).toBe("2027-11");
    expect(firstShownMonth("2027-13", window)).toBe("2026-11");
    expect(firstShownMonth("next", window)).toBe("2026-11");
  });

  it("offers a previous and next month only inside the window", () => {
    expect(monthSteps("2026-11", window)).toEqual({ previous: null, next: "2026-12" });
    expect(monthSteps("2027-01", window)).toEqual({ previous: "2026-12", next: "2027-02" });
    expect(monthSteps("2027-11", window)).toEqual({ previous: "2027-10", next: null });
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
  });

  it("asks the database only about the shown days inside the window", () => {
    expect(availabilitySpan("2026-11", 2, window)).toEqual({ from: "2026-11-23", count: 8 + 31 });
    expect(availabilitySpan("2027-01", 2, window)).toEqual({ from: "2027-01-01", count: 31 + 28 });
    expect(availabilitySpan("2027-11", 2, window)).toEqual({ from: "2027-11-01", count: 23 });
  });
});
