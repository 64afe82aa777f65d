import type { ReactNode } from "react";
import { site, telHref } from "~/config/site";
import { Link } from "~/ui/links";
import type { JustPlaced } from "~/config/booking-kinds";
import type { BookingStatusView } from "./booking-status-view";
import { HeldUntilFact } from "./HeldUntilFact";

/** What a change the customer made on their page (a cancel) answered. */
export interface StatusOutcome {
  done: boolean;
  message: string;
}

export interface BookingStatusFrameProps {
  /** The reference, words, facts, hold, next step and calendar file, as every kind's view carries them. */
  view: BookingStatusView;
  /** The page was opened just after placing the booking (`?new=1`): it gets the thanks. */
  isNew: boolean;
  outcome?: StatusOutcome;
  /** The kind's own sections: its price, hours, terms, cancel form. */
  children?: ReactNode;
}

function thanksFor(name: string, { holding, thanks, what = "booking" }: JustPlaced): string {
  const said =
    thanks ?? `We are holding ${holding} for you. Keep this page's address: it is your private link to this ${what}.`;
  return `Thank you, ${name}. ${said}`;
}

/**
 * Every kind's private status page: the reference, the status, how long the request is held, the
 * kind's facts, what happens next, the calendar file, the kind's own sections and how to reach us.
 * A kind's page is this frame with its facts and sections.
 */
export function BookingStatusFrame(props: BookingStatusFrameProps) {
  const { view, isNew } = props;
  return (
    <div className="container page-section booking-status">
      <h1>{isNew ? view.received.title : view.title}</h1>
      {props.outcome ? (
        <p role="status" className={props.outcome.done ? "booking-status__done" : "field__error"}>
          {props.outcome.message}
        </p>
      ) : null}
      {isNew ? <p>{thanksFor(view.customerName, view.received)}</p> : null}
      <dl className="facts-list">
        <div>
          <dt>Reference</dt>
          <dd>{view.reference}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{view.statusText}</dd>
        </div>
        {view.facts.map(({ label, text, href }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{href ? <Link to={href}>{text}</Link> : text}</dd>
          </div>
        ))}
        <HeldUntilFact holdsUntil={view.holdsUntil} />
      </dl>
      {view.next ? <p className="booking-status__next">{view.next}</p> : null}
      {view.calendarPath ? (
        <p>
          <a href={view.calendarPath} className="button button--ghost" download>
            Add to my calendar
          </a>
        </p>
      ) : null}
      {props.children}
      <p>
        Questions? Call <a href={telHref()}>{site.phone.display}</a> or <Link to="/contact">contact us</Link> with your
        reference.
      </p>
    </div>
  );
}
