import { staffBookingPath } from "~/config/pages";
import { noFailedMessages } from "~/features/mail/failed-mail-words";
import type { FailedMailOutcome, FailedMessageLine } from "./staff-failed-mail.server";

export interface StaffFailedMailPageProps {
  messages: FailedMessageLine[];
  outcome?: Pick<FailedMailOutcome, "changed" | "message">;
}

/**
 * The e-mails that ran out of retries, for staff on a phone, and one plain form post (no
 * JavaScript) that sends them again.
 */
export function StaffFailedMailPage({ messages, outcome }: StaffFailedMailPageProps) {
  return (
    <div className="container page-section staff-page">
      <h1>Failed e-mails</h1>
      {outcome ? (
        <p role="status" className={outcome.changed ? "staff-page__done" : "field__error"}>
          {outcome.message}
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p>{noFailedMessages}</p>
      ) : (
        <>
          <ul className="staff-page__list">
            {messages.map((message) => (
              <li key={message.id}>
                <strong>{message.id}</strong>
                <br />
                Received {message.received} · {message.attempts}
                {message.bookingReference ? (
                  <>
                    {" "}
                    · Booking <a href={staffBookingPath(message.bookingReference)}>{message.bookingReference}</a>
                  </>
                ) : null}
                <br />
                Still owed: {message.owed}
                {message.lastError ? (
                  <>
                    <br />
                    Last error: {message.lastError}
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          <form method="post" className="staff-page__buttons">
            <button type="submit" className="button button--primary">
              Send them again
            </button>
          </form>
        </>
      )}
    </div>
  );
}
