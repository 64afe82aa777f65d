import { longDate } from "~/lib/calendar-days";
import { Link } from "~/ui/links";
import { dayStateText, weekdays, type CalendarDay, type CalendarMonth } from "./availability-calendar";

export interface AvailabilityMonthProps {
  month: CalendarMonth;
  /** Where choosing a day leads (a GET address the server answers); only selectable days link. */
  hrefOf: (day: CalendarDay) => string;
  /** Days the customer's choice covers, outlined and named for screen readers. */
  isChosen: (day: CalendarDay) => boolean;
  /** What a chosen day is part of: "in your rental", "your drop-off day". */
  chosenLabel: string;
  /** The day the choice starts on, marked as the current date. */
  current: string;
}

/**
 * One month of a booking calendar as a table of links: every state is said in words, not colour
 * alone, and choosing a day is a plain link, so it works with no script at all.
 */
export function AvailabilityMonth({ month, hrefOf, isChosen, chosenLabel, current }: AvailabilityMonthProps) {
  return (
    <table className="calendar">
      <caption>{month.title}</caption>
      <thead>
        <tr>
          {weekdays.map((weekday) => (
            <th key={weekday.short} scope="col" abbr={weekday.long}>
              {weekday.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {month.weeks.map((week, index) => (
          <tr key={index}>
            {week.map((day, column) =>
              day ? (
                <DayCell
                  key={day.date}
                  day={day}
                  href={day.selectable ? hrefOf(day) : null}
                  chosen={isChosen(day)}
                  chosenLabel={chosenLabel}
                  current={day.date === current}
                />
              ) : (
                <td key={`blank-${column}`} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayCell({
  day,
  href,
  chosen,
  chosenLabel,
  current,
}: {
  day: CalendarDay;
  href: string | null;
  chosen: boolean;
  chosenLabel: string;
  current: boolean;
}) {
  const quiet = day.state === "past" || day.state === "not-open";
  const className = `calendar__day calendar__day--${day.state}${chosen ? " calendar__day--chosen" : ""}`;
  const content = (
    <>
      <span className="calendar__number" aria-hidden="true">
        {day.dayOfMonth}
      </span>
      <span className="visually-hidden">{longDate(day.date)}: </span>
      <span className={quiet ? "visually-hidden" : "calendar__state"}>{dayStateText[day.state]}</span>
      {chosen ? <span className="visually-hidden"> ({chosenLabel})</span> : null}
    </>
  );
  return (
    <td className={className}>
      {href ? (
        <Link to={href} rel="nofollow" preventScrollReset aria-current={current ? "date" : undefined}>
          {content}
        </Link>
      ) : (
        content
      )}
    </td>
  );
}
