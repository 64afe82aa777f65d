import { addDays, addMonths, isCalendarDay } from "~/lib/calendar-days";

/**
 * A booking page's availability calendar as data (rentals, service drop-offs): a month as weeks of
 * days, each day with what a customer can do with it. Kept apart from the pages so the grid
 * (leading blanks, month lengths, the edges of the booking window) is tested without rendering.
 */

export type DayState = "past" | "not-open" | "closed" | "free" | "limited" | "full";

export interface CalendarDay {
  date: string;
  dayOfMonth: number;
  state: DayState;
  /** Places left; null for days outside the booking window, which are never asked about. */
  remaining: number | null;
  /** A booking may start on it: inside the booking window with a place left. */
  selectable: boolean;
}

export interface CalendarMonth {
  /** "YYYY-MM". */
  month: string;
  /** "December 2026". */
  title: string;
  /** Sunday-first weeks; null pads the days before the 1st and after the last. */
  weeks: (CalendarDay | null)[][];
}

/** Sunday first, as US wall calendars are laid out. */
export const weekdays = [
  { short: "Sun", long: "Sunday" },
  { short: "Mon", long: "Monday" },
  { short: "Tue", long: "Tuesday" },
  { short: "Wed", long: "Wednesday" },
  { short: "Thu", long: "Thursday" },
  { short: "Fri", long: "Friday" },
  { short: "Sat", long: "Saturday" },
] as const;

/** What a day cell says in words, so no state is told by colour alone. */
export const dayStateText: Record<DayState, string> = {
  past: "past",
  "not-open": "not open yet",
  closed: "closed",
  free: "free",
  limited: "1 left",
  full: "full",
};

const monthPattern = /^\d{4}-\d{2}$/;

export function isCalendarMonth(value: string): boolean {
  return monthPattern.test(value) && isCalendarDay(`${value}-01`);
}

export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function firstDayOf(month: string): string {
  return `${month}-01`;
}

export function shiftMonth(month: string, count: number): string {
  return monthOf(addMonths(firstDayOf(month), count));
}

export function daysInMonth(month: string): number {
  return Number(addDays(firstDayOf(shiftMonth(month, 1)), -1).slice(8, 10));
}

const monthTitleFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" });

export function monthTitle(month: string): string {
  return monthTitleFormat.format(new Date(`${firstDayOf(month)}T00:00:00Z`));
}

export interface BookingWindowDays {
  /** The dealer's today. */
  today: string;
  /** The last day a booking may start. */
  lastStart: string;
}

/**
 * The first month the calendar shows: the one asked for when it is a month a booking can start in,
 * else the nearest such month (an old link, a typed-in year), else today's.
 */
export function firstShownMonth(asked: string | null, window: BookingWindowDays): string {
  const earliest = monthOf(window.today);
  const latest = monthOf(window.lastStart);
  if (!asked || !isCalendarMonth(asked)) return earliest;
  if (asked < earliest) return earliest;
  if (asked > latest) return latest;
  return asked;
}

/** Previous and next first months, or null where the calendar would show no bookable day. */
export function monthSteps(month: string, window: BookingWindowDays): { previous: string | null; next: string | null } {
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return {
    previous: previous >= monthOf(window.today) ? previous : null,
    next: next <= monthOf(window.lastStart) ? next : null,
  };
}

/** The days to ask the database about for `months` months from `month`: the window's part only. */
export function availabilitySpan(
  month: string,
  months: number,
  window: BookingWindowDays,
): { from: string; count: number } | null {
  const first = firstDayOf(month) < window.today ? window.today : firstDayOf(month);
  const lastShown = addDays(firstDayOf(shiftMonth(month, months)), -1);
  const last = lastShown > window.lastStart ? window.lastStart : lastShown;
  if (last < first) return null;
  return { from: first, count: Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1 };
}

function stateOf(
  date: string,
  remaining: number | undefined,
  window: BookingWindowDays,
  closedWeekdays: readonly number[],
): DayState {
  if (date < window.today) return "past";
  if (date > window.lastStart || remaining === undefined) return "not-open";
  if (closedWeekdays.includes(new Date(`${date}T00:00:00Z`).getUTCDay())) return "closed";
  if (remaining <= 0) return "full";
  return remaining === 1 ? "limited" : "free";
}

/**
 * One month laid out in weeks, each day judged against the window and the places left; a day of
 * `closedWeekdays` says closed rather than full.
 */
export function monthGrid(
  month: string,
  remainingByDay: ReadonlyMap<string, number>,
  window: BookingWindowDays,
  closedWeekdays: readonly number[] = [],
): CalendarMonth {
  const first = firstDayOf(month);
  const leading = new Date(`${first}T00:00:00Z`).getUTCDay();
  const cells: (CalendarDay | null)[] = Array.from({ length: leading }, () => null);
  for (let index = 0; index < daysInMonth(month); index += 1) {
    const date = addDays(first, index);
    const state = stateOf(date, remainingByDay.get(date), window, closedWeekdays);
    const inWindow = state !== "past" && state !== "not-open";
    cells.push({
      date,
      dayOfMonth: index + 1,
      state,
      remaining: inWindow ? (remainingByDay.get(date) ?? 0) : null,
      selectable: state === "free" || state === "limited",
    });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return { month, title: monthTitle(month), weeks };
}

/** The month a booking page's calendar opens at, its months laid out, and the steps either side. */
export interface CalendarView {
  month: string;
  months: CalendarMonth[];
  /** Places left per day shown (only the window's days). */
  remaining: ReadonlyMap<string, number>;
  previousMonth: string | null;
  nextMonth: string | null;
}

/**
 * A booking page's calendar of `shown` months: the month asked for, unless the day already chosen
 * would then be off the calendar; each day judged by `remainingDays` (the engine's availability of
 * the kind's pool). With no pool to ask (no class chosen yet), the months are left out.
 */
export async function calendarView({
  askedMonth,
  chosenDay,
  window,
  shown,
  closedWeekdays = [],
  remainingDays,
}: {
  askedMonth: string | null;
  chosenDay: string;
  window: BookingWindowDays;
  shown: number;
  closedWeekdays?: readonly number[];
  remainingDays: ((from: string, count: number) => Promise<{ date: string; remaining: number }[]>) | null;
}): Promise<CalendarView> {
  let month = firstShownMonth(askedMonth, window);
  if (isCalendarDay(chosenDay)) {
    const chosenMonth = monthOf(chosenDay);
    if (chosenMonth < month || chosenMonth > shiftMonth(month, shown - 1)) month = firstShownMonth(chosenMonth, window);
  }
  const span = availabilitySpan(month, shown, window);
  const days = span && remainingDays ? await remainingDays(span.from, span.count) : [];
  const remaining = new Map(days.map((day) => [day.date, day.remaining]));
  const months = remainingDays
    ? Array.from({ length: shown }, (_, index) =>
        monthGrid(shiftMonth(month, index), remaining, window, closedWeekdays),
      )
    : [];
  const steps = monthSteps(month, window);
  return { month, months, remaining, previousMonth: steps.previous, nextMonth: steps.next };
}
