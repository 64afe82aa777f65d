import type { ReactNode } from "react";
import type { CallLine, StaffLine, StaffWeekView, WeekDay } from "./staff-week.server";

/** The booking's reference, linking to its own staff page, where staff answer it. */
function ReferenceLink({ line }: { line: StaffLine }) {
  return (
    <a href={line.href} className="staff-week__reference">
      {line.reference}
    </a>
  );
}

function Phone({ line }: { line: CallLine }) {
  return line.phoneHref ? <a href={line.phoneHref}>{line.phone}</a> : <>{line.phone}</>;
}

/** A line's deposit paid online, on a line of its own: "deposit paid: in $500.00, …". */
function Deposit({ line }: { line: StaffLine }) {
  return line.deposit ? (
    <>
      <br />
      {line.deposit}
    </>
  ) : null;
}

function DaySection({ day }: { day: WeekDay }) {
  const id = `staff-day-${day.day}`;
  return (
    <section aria-labelledby={id} className="staff-week__day">
      <h3 id={id}>
        {day.relative ? `${day.relative}, ` : null}
        <time dateTime={day.day}>{day.date}</time>
      </h3>
      {day.lines.length > 0 ? (
        <ul className="staff-week__list">
          {day.lines.map((line) => (
            <li key={`${line.reference} ${line.what}`}>
              <ReferenceLink line={line} /> {line.what} · {line.status}
              <br />
              {line.summary} · {line.name}
              {line.paperwork ? (
                <>
                  <br />
                  {line.paperwork}
                </>
              ) : null}
              <Deposit line={line} />
            </li>
          ))}
        </ul>
      ) : (
        <p>Nothing booked.</p>
      )}
    </section>
  );
}

/**
 * The staff day view on a phone: first what is waiting for an answer, then the carts buyers hold,
 * then each coming day. Plain links only (staff pages ship no JavaScript); every booking links to
 * its own page, where it is answered.
 */
export function StaffWeekPage({
  week,
  title,
  demand,
  catalogue,
  tradeInsWaiting,
}: {
  week: StaffWeekView;
  title: string;
  /** Trade-ins waiting for a value. */
  tradeInsWaiting: number;
  /** The catalogue's chores: drafts not on the site yet, vehicles without a photo. */
  catalogue: { drafts: number; withoutPhotos: number };
  /** People waiting for alerts (the alerts feature's section, which the route supplies). */
  demand?: ReactNode;
}) {
  return (
    <div className="container page-section staff-page staff-week">
      <h1>{title}</h1>
      <p data-testid="staff-catalogue-chores">
        <a href="/staff/vehicles">Vehicles</a>: {catalogue.drafts} {catalogue.drafts === 1 ? "draft" : "drafts"} not on
        the site yet, {catalogue.withoutPhotos} without photos · <a href="/staff/vehicles/new">Add a new arrival</a>
      </p>
      <p data-testid="staff-trade-ins-waiting">
        <a href="/staff/trade-ins">Trade-ins</a>: {tradeInsWaiting} waiting for a value
      </p>
      <section aria-labelledby="staff-waiting">
        <h2 id="staff-waiting">Waiting for an answer ({week.waiting.length})</h2>
        {week.waiting.length > 0 ? (
          <ol className="staff-week__list">
            {week.waiting.map((line) => (
              <li key={line.reference}>
                <ReferenceLink line={line} /> {line.kindLabel}: {line.summary}
                <br />
                {line.name} · <Phone line={line} />
                <br />
                <strong>{line.left}</strong> (released {line.releasedAt})
                <Deposit line={line} />
              </li>
            ))}
          </ol>
        ) : (
          <p>Nothing is waiting for an answer.</p>
        )}
      </section>
      <section aria-labelledby="staff-held">
        <h2 id="staff-held">Cart reservations held ({week.held.length})</h2>
        {week.held.length > 0 ? (
          <ul className="staff-week__list">
            {week.held.map((line) => (
              <li key={line.reference}>
                <ReferenceLink line={line} /> {line.summary} · {line.status}
                <br />
                {line.name} · <Phone line={line} /> · placed {line.placed}
                <Deposit line={line} />
              </li>
            ))}
          </ul>
        ) : (
          <p>No cart is held for a buyer.</p>
        )}
      </section>
      <section aria-labelledby="staff-days">
        <h2 id="staff-days">Day by day</h2>
        {week.days.map((day) => (
          <DaySection key={day.day} day={day} />
        ))}
      </section>
      {demand}
    </div>
  );
}
