import { MoneyLines } from "~/features/payments/MoneyLines";
import type { BookingDecisionName } from "~/config/booking-kinds";
import type { StaffBookingView } from "./staff-booking.server";

/** The buttons' words, in the order staff meet them: the answer they give most first. */
const buttonWords: Record<BookingDecisionName, string> = {
  confirm: "Confirm",
  decline: "Decline",
  cancel: "Cancel",
  sold: "Sold",
};

/** Which buttons take a place away from the customer: set apart from Confirm, so a thumb does not slip. */
const releasing: ReadonlySet<BookingDecisionName> = new Set(["decline", "cancel"]);

export interface StaffBookingPageProps {
  booking: StaffBookingView;
  staffEmail: string;
  outcome?: { changed: boolean; message: string };
}

/**
 * One booking for staff on a phone: what it is, who to call, its price and history, and the answers
 * its status allows, each a plain form post (no JavaScript).
 */
export function StaffBookingPage({ booking, staffEmail, outcome }: StaffBookingPageProps) {
  const kept = booking.decisions.filter((decision) => !releasing.has(decision));
  const released = booking.decisions.filter((decision) => releasing.has(decision));
  return (
    <div className="container page-section staff-page">
      <h1>
        {booking.kindLabel} {booking.reference}
      </h1>
      {outcome ? (
        <p role="status" className={outcome.changed ? "staff-page__done" : "field__error"}>
          {outcome.message}
        </p>
      ) : null}
      <p className="staff-page__status">
        Status: <strong data-testid="staff-booking-status">{booking.status}</strong>
        {booking.waiting ? (
          <>
            {" "}
            · {booking.waiting.left} (released {booking.waiting.until})
          </>
        ) : null}
      </p>
      <dl className="facts-list">
        <div>
          <dt>What</dt>
          <dd>{booking.summary}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>{booking.name}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{booking.phoneHref ? <a href={booking.phoneHref}>{booking.phone}</a> : booking.phone}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${booking.email}`}>{booking.email}</a>
          </dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{booking.placed}</dd>
        </div>
      </dl>
      {booking.price.lines.length > 0 ? (
        <table className="data-table quote-table">
          <caption>Price as the customer was shown it</caption>
          <tbody>
            {booking.price.lines.map(([label, amount]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {booking.price.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      {booking.decisions.length > 0 ? (
        <section aria-labelledby="staff-answer" className="staff-page__answers">
          <h2 id="staff-answer">Answer</h2>
          <p>
            The customer is e-mailed at once. You are signed in as <strong>{staffEmail}</strong>, which the booking's
            history records.
          </p>
          {[kept, released].map((group) =>
            group.length > 0 ? (
              <form method="post" className="staff-page__buttons" key={group.join()}>
                {group.map((decision) => (
                  <button
                    key={decision}
                    type="submit"
                    name="decision"
                    value={decision}
                    className={releasing.has(decision) ? "button button--ghost" : "button button--primary"}
                  >
                    {buttonWords[decision]}
                  </button>
                ))}
              </form>
            ) : null,
          )}
        </section>
      ) : (
        <p>This booking is {booking.status}: there is nothing left to answer.</p>
      )}
      {booking.deposit ? (
        <section aria-labelledby="staff-deposit">
          <h2 id="staff-deposit">Deposit</h2>
          <ul>
            {booking.deposit.payments.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <MoneyLines lines={booking.deposit.lines} className="facts-list" />
        </section>
      ) : null}
      {booking.paperwork ? (
        <section aria-labelledby="staff-paperwork">
          <h2 id="staff-paperwork">Paperwork</h2>
          <ul>
            {booking.paperwork.map((line) => (
              <li key={line.signer}>
                {line.label}: {line.words}
                {line.pdfPath ? (
                  <>
                    {" "}
                    · <a href={line.pdfPath}>Download the signed PDF</a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          {booking.paperwork.some((line) => !line.signed) ? (
            <form method="post" className="staff-page__buttons">
              <button type="submit" name="intent" value="paperwork-link" className="button button--ghost">
                Send the link again
              </button>
            </form>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="staff-history">
        <h2 id="staff-history">History</h2>
        <ol className="staff-page__history">
          {booking.history.map((entry) => (
            <li key={`${entry.at} ${entry.what}`}>
              <time>{entry.at}</time> {entry.what}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
