import { site } from "~/config/site";
import { BookingStatusFrame } from "~/features/bookings/BookingStatusFrame";
import { BusinessHours } from "~/ui/BusinessHours";
import type { ServiceBookingView } from "./service-booking-status.server";

/** An owner's private page about one service drop-off: the frame, then the rate and the hours. */
export function ServiceBookingStatusPage({ view, isNew }: { view: ServiceBookingView; isNew: boolean }) {
  return (
    <BookingStatusFrame view={view} isNew={isNew}>
      <section aria-labelledby="service-status-rate-title">
        <h2 id="service-status-rate-title">Price</h2>
        <p>{view.rate}</p>
      </section>
      <section aria-labelledby="service-status-hours-title">
        <h2 id="service-status-hours-title">Service department hours</h2>
        <BusinessHours departments={[site.serviceHours]} />
      </section>
    </BookingStatusFrame>
  );
}
