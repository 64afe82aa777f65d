import { describe, expect, it } from "vitest";
import { calendarFile, escapeText, foldLine } from "~/features/bookings/booking-calendar-file";
import { cancellationTerms, dealerMidnight } from "~/lib/rental-cancellation";

const event = {
  uid: "R-ABC234@www.example.com",
  stamp: new Date("2026-11-23T16:45:12.345Z"),
  firstDay: "2026-12-24",
  lastDay: "2026-12-27",
  summary: "Golf cart rental: 6 Seater (R-ABC234)",
  description: "Line one; with, commas\\and a backslash\nLine two",
  location: "Delivered to Montrose, PA",
  url: "https://www.example.com/rentals/booking/abc",
  status: "TENTATIVE" as const,
  producer: "-//Endless Mountains Golf Carts//Rental booking//EN",
};

/** The file's content lines, unfolded as a calendar program reads them. */
function unfolded(file: string): string[] {
  return file.replace(/\r\n /g, "").split("\r\n");
}

describe("the booking's calendar file", () => {
  it("is one all-day event from the first day through the last (DTEND is the day after)", () => {
    const lines = unfolded(calendarFile(event));
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("DTSTART;VALUE=DATE:20261224");
    expect(lines).toContain("DTEND;VALUE=DATE:20261228");
    expect(lines).toContain("DTSTAMP:20261123T164512Z");
    expect(lines).toContain("UID:R-ABC234@www.example.com");
    expect(lines).toContain("STATUS:TENTATIVE");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(lines.at(-1)).toBe("");
  });

  it("ends every line with CRLF and never a bare LF", () => {
    const file = calendarFile(event);
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("escapes TEXT values as RFC 5545 says", () => {
    expect(escapeText("a;b,c\\d\ne\r\nf")).toBe("a\\;b\\,c\\\\d\\ne\\nf");
    expect(unfolded(calendarFile(event))).toContain(
      "DESCRIPTION:Line one\\; with\\, commas\\\\and a backslash\\nLine two",
    );
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const long = `SUMMARY:${"é".repeat(40)}${"x".repeat(60)}`;
    const folded = foldLine(long);
    const encoder = new TextEncoder();
    for (const line of folded.split("\r\n")) expect(encoder.encode(line).byteLength).toBeLessThanOrEqual(75);
    expect(
      folded
        .split("\r\n")
        .slice(1)
        .every((line) => line.startsWith(" ")),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("keeps every line of a real file within 75 octets", () => {
    const file = calendarFile({ ...event, description: "A long description. ".repeat(20) });
    for (const line of file.split("\r\n")) expect(new TextEncoder().encode(line).byteLength).toBeLessThanOrEqual(75);
  });
});

describe("the cancellation rule", () => {
  it("reads the start as midnight on the dealer's clock, daylight saving or not", () => {
    expect(dealerMidnight("2026-12-24").toISOString()).toBe("2026-12-24T05:00:00.000Z");
    expect(dealerMidnight("2026-07-04").toISOString()).toBe("2026-07-04T04:00:00.000Z");
    // The day clocks go back (1 November 2026): midnight is still on summer time.
    expect(dealerMidnight("2026-11-01").toISOString()).toBe("2026-11-01T04:00:00.000Z");
  });

  it("is free up to 24 hours before the start, 50% within them, nothing once begun", () => {
    expect(cancellationTerms("2026-12-24", new Date("2026-12-23T04:59:00Z")).refundPercent).toBe(100);
    expect(cancellationTerms("2026-12-24", new Date("2026-12-23T05:00:00Z")).refundPercent).toBe(50);
    expect(cancellationTerms("2026-12-24", new Date("2026-12-24T04:59:00Z")).refundPercent).toBe(50);
    expect(cancellationTerms("2026-12-24", new Date("2026-12-24T05:00:00Z")).refundPercent).toBe(0);
  });
});
