/**
 * Calendar days as "YYYY-MM-DD" strings: what a rental occupies and what the calendar shows. The
 * arithmetic runs in UTC so that a day is always 24 hours, whatever daylight saving does to the
 * dealer's clock; which day it is *now* is read in the dealer's time zone.
 */

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const millisecondsPerDay = 86_400_000;

/** True for a real date written "YYYY-MM-DD" (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * millisecondsPerDay).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`: 1 from a day to the next, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / millisecondsPerDay);
}

/** `count` consecutive days from `first`. */
export function dayRange(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** The same day `months` later, or that month's last day when it is shorter (Jan 31 + 1 = Feb 28). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDate = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDate));
  return target.toISOString().slice(0, 10);
}

export interface LocalMoment {
  /** "YYYY-MM-DD" on the wall calendar of the zone. */
  day: string;
  /** Minutes since that day's midnight on the zone's clock. */
  minutes: number;
}

/** What a wall calendar and clock in `timeZone` read at `instant`. */
export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const longDateFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});

/** "Thursday, December 24, 2026" for "2026-12-24". */
export function longDate(day: string): string {
  return longDateFormat.format(new Date(`${day}T00:00:00Z`));
}

const weekdayDateFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
});

/** "Friday, November 27" for "2026-11-27": for lists within a week or so, where the year goes without saying. */
export function weekdayDate(day: string): string {
  return weekdayDateFormat.format(new Date(`${day}T00:00:00Z`));
}
