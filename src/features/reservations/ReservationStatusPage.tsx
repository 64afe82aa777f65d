import { BookingStatusFrame, justPlaced } from "~/features/bookings/BookingStatusFrame";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import { Link } from "~/ui/links";
import { QuoteTable } from "~/ui/QuoteTable";
import type { ReservationView } from "./reservation-view";

/** A buyer's private page about one reservation: what is held, its status, the price they saw. */
export function ReservationStatusPage({ reservation, isNew }: { reservation: ReservationView; isNew: boolean }) {
  return (
    <BookingStatusFrame
      className="reservation-status"
      title={`Your cart reservation ${reservation.reference}`}
      received={justPlaced(isNew, "Reservation received", {
        name: reservation.buyerName,
        holding: "this cart",
        what: "reservation",
      })}
      reference={reservation.reference}
      statusText={reservation.statusText}
      holdsUntil={reservation.holdsUntil}
      facts={[
        ["Cart", <Link to={canonicalVehiclePath(reservation.vehicleId)}>{reservation.vehicleName}</Link>],
        ["Where", reservation.place],
      ]}
      next={reservation.nextStep}
    >
      <section aria-labelledby="reservation-price-title">
        <h2 id="reservation-price-title">Out-the-door price</h2>
        <QuoteTable lines={reservation.lines} total={reservation.total} caption="Out-the-door price" />
      </section>
    </BookingStatusFrame>
  );
}
