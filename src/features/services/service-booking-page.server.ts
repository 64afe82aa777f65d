import { calendarView, type CalendarMonth } from "~/features/bookings/availability-calendar";
import type { Database } from "~/server/db.server";
import {
  dropOffDayProblem,
  isServiceId,
  serviceBookingWindow,
  serviceClosedWeekdays,
  serviceMessages,
  type ServiceId,
} from "./service-booking-rules";
import { serviceAvailability } from "./service-bookings.server";

/**
 * What the service booking page shows for one address: two months of drop-off slots, the day and
 * the kind of work the address names, and why that day will not do when it will not. Everything is
 * read from the address and the database on every request, so the page works with no script and
 * never shows yesterday's slots.
 */

const shownMonths = 2;

export interface ServiceBookingPageData {
  /** The address's fields, as the page's links and form carry them on ("" when not asked). */
  search: { service: string; month: string; date: string };
  /** The kind of work the address names, preselected in the form. */
  service: ServiceId | null;
  /** The earliest and latest drop-off days. */
  window: { first: string; last: string };
  months: CalendarMonth[];
  previousMonth: string | null;
  nextMonth: string | null;
  /** Why the day in the address cannot be booked (closed, outside the window, full). */
  dateProblem: string | null;
}

function field(params: URLSearchParams, name: string): string {
  return params.get(name)?.trim() ?? "";
}

export async function serviceBookingPageData(
  db: Database,
  params: URLSearchParams,
  now: Date,
): Promise<ServiceBookingPageData> {
  const bookable = serviceBookingWindow(now);
  // The calendar's window: the days before the first drop-off day read as gone, not as offered.
  const window = { today: bookable.first, lastStart: bookable.last };
  const askedService = field(params, "service");
  const date = field(params, "date");

  const calendar = await calendarView({
    askedMonth: field(params, "month") || null,
    chosenDay: date,
    window,
    shown: shownMonths,
    closedWeekdays: serviceClosedWeekdays,
    remainingDays: (from, count) => serviceAvailability(db, from, count),
  });
  const { month, months, remaining } = calendar;

  let dateProblem = date ? dropOffDayProblem(date, now) : null;
  if (date && !dateProblem) {
    const left = remaining.get(date) ?? (await serviceAvailability(db, date, 1))[0]?.remaining ?? 0;
    if (left <= 0) dateProblem = serviceMessages.full(date);
  }

  return {
    // The month stays in the address only once the owner has turned the calendar.
    search: {
      service: isServiceId(askedService) ? askedService : "",
      month: field(params, "month") ? month : "",
      date,
    },
    service: isServiceId(askedService) ? askedService : null,
    window: { first: bookable.first, last: bookable.last },
    months,
    previousMonth: calendar.previousMonth,
    nextMonth: calendar.nextMonth,
    dateProblem,
  };
}
