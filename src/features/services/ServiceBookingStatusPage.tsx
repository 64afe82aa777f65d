import { site, telHref } from "~/config/site";
import { HeldUntilFact } from "~/features/bookings/HeldUntilFact";
import { BusinessHours } from "~/ui/BusinessHours";
import { Link } from "~/ui/links";
import { serviceBookingCopy } from "./service-booking-content";
import type { ServiceBookingView } from "./service-booking-status.server";

/** An owner's private page about one service drop-off: what is booked, its status, the rate, the hours. */
export function ServiceBookingStatusPage({ booking, isNew }: { booking: ServiceBookingView; isNew: boolean }) {
  return (
    <div className="container page-section booking-status service-booking-status">
      <h1>{isNew ? "Service booking received" : `Your service booking ${booking.reference}`}</h1>
      {isNew ? (
        <p>
          Thank you, {booking.ownerName}. {serviceBookingCopy.received}
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
          <dt>Service</dt>
          <dd>{booking.serviceTitle}</dd>
        </div>
        <div>
          <dt>Drop-off day</dt>
          <dd>{booking.dropOffDay}</dd>
        </div>
        <HeldUntilFact holdsUntil={booking.holdsUntil} />
      </dl>
      {booking.staffCall ? <p className="booking-status__next">{booking.staffCall}</p> : null}
      {booking.calendarPath ? (
        <p>
          <a href={booking.calendarPath} className="button button--ghost" download>
            Add to my calendar
          </a>
        </p>
      ) : null}

      <section aria-labelledby="service-status-rate-title">
        <h2 id="service-status-rate-title">Price</h2>
        <p>{booking.rate}</p>
      </section>

      <section aria-labelledby="service-status-hours-title">
        <h2 id="service-status-hours-title">Service department hours</h2>
        <BusinessHours departments={[site.serviceHours]} />
      </section>
      <p>
        Questions? Call <a href={telHref()}>{site.phone.display}</a> or <Link to="/contact">contact us</Link> with your
        reference.
      </p>
    </div>
  );
}
