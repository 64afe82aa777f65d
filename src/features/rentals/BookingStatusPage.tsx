import { formatMoney } from "~/lib/format";
import { HeldUntilFact } from "~/features/bookings/HeldUntilFact";
import { Link } from "~/ui/links";
import type { BookingView } from "./booking-status.server";
import { QuoteTable } from "~/ui/QuoteTable";

/** What the cancel action answers. */
export interface CancelOutcome {
  cancelled: boolean;
  message: string;
}

export function BookingStatusPage({
  booking,
  isNew,
  cancelOutcome,
}: {
  booking: BookingView;
  isNew: boolean;
  cancelOutcome?: CancelOutcome;
}) {
  return (
    <div className="container page-section booking-status">
      <h1>{isNew ? "Booking received" : `Your rental booking ${booking.reference}`}</h1>
      {cancelOutcome ? (
        <p role="status" className={cancelOutcome.cancelled ? "booking-status__done" : "field__error"}>
          {cancelOutcome.message}
        </p>
      ) : null}
      {isNew ? (
        <p>
          Thank you, {booking.renterName}. We are holding a cart for you. Keep this page's address: it is your private
          link to this booking.
        </p>
      ) : null}
      <dl className="facts-list">
        <div>
          <dt>Reference</dt>
          <dd>{booking.reference}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{booking.statusText}</dd>
        </div>
        <div>
          <dt>Cart</dt>
          <dd>{booking.planTitle}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {booking.dates} ({booking.days} {booking.days === 1 ? "day" : "days"})
          </dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>{booking.place}</dd>
        </div>
        <HeldUntilFact holdsUntil={booking.holdsUntil} />
      </dl>
      {booking.staffCall ? <p className="booking-status__next">{booking.staffCall}</p> : null}
      <p>
        <a href={booking.calendarPath} className="button button--ghost" download>
          Add to my calendar
        </a>
      </p>

      <section aria-labelledby="booking-price-title">
        <h2 id="booking-price-title">Price</h2>
        {booking.total === null ? (
          <p>We will confirm the price when we call.</p>
        ) : (
          <>
            <QuoteTable lines={booking.lines} total={booking.total} />
            {booking.deposit === null ? null : (
              <p>
                Refundable deposit, held on your card and not part of the total:{" "}
                <strong>{formatMoney(booking.deposit)}</strong>
              </p>
            )}
          </>
        )}
      </section>

      {booking.cancellation ? (
        <section aria-labelledby="booking-cancel-title">
          <h2 id="booking-cancel-title">Cancel this booking</h2>
          <p>{booking.cancellation.rule}</p>
          <form method="post" action={booking.statusPath}>
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button button--primary">
              Cancel this booking
            </button>
          </form>
        </section>
      ) : null}
      {booking.cancellationClosed ? <p className="booking-status__next">{booking.cancellationClosed}</p> : null}
      <p>
        Questions? <Link to="/contact">Contact us</Link> with your reference.
      </p>
    </div>
  );
}
