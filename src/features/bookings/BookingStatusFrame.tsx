import type { ReactNode } from "react";
import { site, telHref } from "~/config/site";
import { Link } from "~/ui/links";
import { HeldUntilFact } from "./HeldUntilFact";

/** What a change the customer made on their page (a cancel) answered. */
export interface StatusOutcome {
  done: boolean;
  message: string;
}

/**
 * The heading and thanks of a booking just placed (its page opened with `?new=1`), or none:
 * "Thank you, Ada. We are holding a cart for you. Keep this page's address: it is your private link
 * to this booking."
 */
export function justPlaced(
  isNew: boolean,
  title: string,
  {
    name,
    holding,
    thanks,
    what = "booking",
  }: { name: string; holding?: string; thanks?: string; what?: "booking" | "reservation" },
): BookingStatusFrameProps["received"] {
  if (!isNew) return undefined;
  const said =
    thanks ?? `We are holding ${holding} for you. Keep this page's address: it is your private link to this ${what}.`;
  return { title, thanks: `Thank you, ${name}. ${said}` };
}

export interface BookingStatusFrameProps {
  /** The heading once the customer comes back: "Your rental booking R-7K3M9Q". */
  title: string;
  /** Just placed (`?new=1`): the heading and the thanks a new booking gets instead. */
  received?: { title: string; thanks: string };
  reference: string;
  statusText: string;
  /** While the request waits for staff: when it is released, on the dealer's clock. */
  holdsUntil: string | null;
  /** The kind's own facts, after the reference and status: [label, value]. */
  facts: readonly (readonly [string, ReactNode])[];
  /** What happens next, in a sentence (staff will call; what to bring). */
  next?: string | null;
  /** The booking's calendar file, where it has a day. */
  calendarPath?: string | null;
  outcome?: StatusOutcome;
  /** The kind's own sections: its price, hours, terms, cancel form. */
  children?: ReactNode;
  className?: string;
}

/**
 * Every kind's private status page: the reference, the status, how long the request is held, the
 * kind's facts, what happens next, the calendar file, the kind's own sections and how to reach us.
 * A kind's page is this frame with its facts and sections.
 */
export function BookingStatusFrame(props: BookingStatusFrameProps) {
  const { received } = props;
  return (
    <div className={`container page-section booking-status ${props.className ?? ""}`.trim()}>
      <h1>{received ? received.title : props.title}</h1>
      {props.outcome ? (
        <p role="status" className={props.outcome.done ? "booking-status__done" : "field__error"}>
          {props.outcome.message}
        </p>
      ) : null}
      {received ? <p>{received.thanks}</p> : null}
      <dl className="facts-list">
        <div>
          <dt>Reference</dt>
          <dd>{props.reference}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{props.statusText}</dd>
        </div>
        {props.facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <HeldUntilFact holdsUntil={props.holdsUntil} />
      </dl>
      {props.next ? <p className="booking-status__next">{props.next}</p> : null}
      {props.calendarPath ? (
        <p>
          <a href={props.calendarPath} className="button button--ghost" download>
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
