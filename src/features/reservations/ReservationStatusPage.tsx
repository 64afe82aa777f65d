import { site, telHref } from "~/config/site";
import { HeldUntilFact } from "~/features/bookings/HeldUntilFact";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import { Link } from "~/ui/links";
import { QuoteTable } from "~/ui/QuoteTable";
import type { ReservationView } from "./reservation-view";

/** A buyer's private page about one reservation: what is held, its status, the price they saw. */
export function ReservationStatusPage({ reservation, isNew }: { reservation: ReservationView; isNew: boolean }) {
  return (
    <div className="container page-section reservation-status">
      <h1>{isNew ? "Reservation received" : `Your cart reservation ${reservation.reference}`}</h1>
      {isNew ? (
        <p>
          Thank you, {reservation.buyerName}. We are holding this cart for you. Keep this page's address: it is your
          private link to this reservation.
        </p>
      ) : null}
      <dl className="facts-list">
        <div>
          <dt>Reference</dt>
          <dd>{reservation.reference}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{reservation.statusText}</dd>
        </div>
        <div>
          <dt>Cart</dt>
          <dd>
            <Link to={canonicalVehiclePath(reservation.vehicleId)}>{reservation.vehicleName}</Link>
          </dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>{reservation.place}</dd>
        </div>
        <HeldUntilFact holdsUntil={reservation.holdsUntil} />
      </dl>
      {reservation.nextStep ? <p>{reservation.nextStep}</p> : null}
      <section aria-labelledby="reservation-price-title">
        <h2 id="reservation-price-title">Out-the-door price</h2>
        <QuoteTable lines={reservation.lines} total={reservation.total} caption="Out-the-door price" />
      </section>
      <p>
        Questions? Call <a href={telHref()}>{site.phone.display}</a> or <Link to="/contact">contact us</Link> with your
        reference.
      </p>
    </div>
  );
}
