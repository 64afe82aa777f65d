import { BookingStatusFrame } from "~/features/bookings/BookingStatusFrame";
import { QuoteTable } from "~/ui/QuoteTable";
import type { ReservationView } from "./reservation-view";

/** A buyer's private page about one reservation: the frame, then the out-the-door price they saw. */
export function ReservationStatusPage({ view, isNew }: { view: ReservationView; isNew: boolean }) {
  return (
    <BookingStatusFrame view={view} isNew={isNew}>
      <section aria-labelledby="reservation-price-title">
        <h2 id="reservation-price-title">Out-the-door price</h2>
        <QuoteTable lines={view.lines} total={view.total} caption="Out-the-door price" />
      </section>
    </BookingStatusFrame>
  );
}
