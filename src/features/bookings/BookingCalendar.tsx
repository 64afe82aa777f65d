import { Link } from "~/ui/links";
import type { CalendarMonth } from "./availability-calendar";
import { AvailabilityMonth, type AvailabilityMonthProps } from "./AvailabilityMonth";

export interface BookingCalendarProps extends Omit<AvailabilityMonthProps, "month"> {
  months: readonly CalendarMonth[];
  /** The same page a month earlier or later; null where the bookable window ends. */
  previousHref: string | null;
  nextHref: string | null;
}

/**
 * A booking page's calendar: the months shown, and plain links to the months before and after
 * (a GET the server answers, so it works with no script), kept at the calendar on arrival.
 */
export function BookingCalendar({ months, previousHref, nextHref, ...day }: BookingCalendarProps) {
  return (
    <>
      <nav className="calendar-nav" aria-label="Calendar months">
        {previousHref ? (
          <Link to={`${previousHref}#calendar`} rel="nofollow" preventScrollReset>
            Previous month
          </Link>
        ) : (
          <span className="muted">Previous month</span>
        )}
        {nextHref ? (
          <Link to={`${nextHref}#calendar`} rel="nofollow" preventScrollReset>
            Next month
          </Link>
        ) : (
          <span className="muted">Next month</span>
        )}
      </nav>
      <div className="calendar-months">
        {months.map((month) => (
          <AvailabilityMonth key={month.month} month={month} {...day} />
        ))}
      </div>
    </>
  );
}
