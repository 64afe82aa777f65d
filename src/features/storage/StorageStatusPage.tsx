import { site, telHref } from "~/config/site";
import { HeldUntilFact } from "~/features/bookings/HeldUntilFact";
import { Link } from "~/ui/links";
import { QuoteTable } from "~/ui/QuoteTable";
import type { StorageBookingView } from "./storage-view";
import { StorageTermsList } from "./StorageTerms";

/** An owner's private page about one storage booking: what is held, its status, the price they saw, the terms. */
export function StorageStatusPage({ booking, isNew }: { booking: StorageBookingView; isNew: boolean }) {
  return (
    <div className="container page-section booking-status storage-status">
      <h1>{isNew ? "Storage booking received" : `Your storage booking ${booking.reference}`}</h1>
      {isNew ? (
        <p>
          Thank you, {booking.ownerName}. We are holding a space for you. Keep this page's address: it is your private
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
          <dt>Space</dt>
          <dd>{booking.stay}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>{booking.dates}</dd>
        </div>
        {booking.vehicle ? (
          <div>
            <dt>Cart</dt>
            <dd>{booking.vehicle}</dd>
          </div>
        ) : null}
        <HeldUntilFact holdsUntil={booking.holdsUntil} />
      </dl>
      {booking.nextStep ? <p>{booking.nextStep}</p> : null}
      {booking.total !== null ? (
        <section aria-labelledby="storage-status-price-title">
          <h2 id="storage-status-price-title">Your price</h2>
          <QuoteTable lines={booking.lines} total={booking.total} caption="Storage price" />
          {booking.note ? <p>{booking.note}</p> : null}
        </section>
      ) : null}
      <StorageTermsList headingId="storage-status-terms-title" />
      <p>
        Questions? Call <a href={telHref()}>{site.phone.display}</a> or <Link to="/contact">contact us</Link> with your
        reference.
      </p>
    </div>
  );
}
