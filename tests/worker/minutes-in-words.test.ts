import { describe, expect, it } from "vitest";
import { releaseAt, timeLeft } from "~/features/bookings/held-until";
import { durationWords } from "~/features/staff/staff-vehicles.server";

// Staff read two clocks in the same words: a cart's arrival to online, and a request's hold.
describe("spans of time as staff read them", () => {
  it("says a vehicle's time from added to online in minutes, hours, then days", () => {
    expect(durationWords("2026-11-27T09:00:00Z", "2026-11-27T09:45:20Z")).toBe("45 min");
    expect(durationWords("2026-11-27T09:00:00Z", "2026-11-27T12:05:00Z")).toBe("3 h 5 min");
    expect(durationWords("2026-11-25T09:00:00Z", "2026-11-27T13:10:00Z")).toBe("2 days 4 h");
  });

  it("says how long a request still holds its place in the same words, and when it is over", () => {
    const request = { kind: "service" as const, createdAt: "2026-11-27T09:00:00Z" };
    const release = releaseAt(request).getTime();
    const at = (minutesBefore: number) => new Date(release - minutesBefore * 60_000);
    expect(timeLeft(request, at(20))).toBe("20 min left");
    expect(timeLeft(request, at(65))).toBe("1 h 5 min left");
    expect(timeLeft(request, at(-1))).toBe("released at the next check");
  });
});
