import { site } from "~/config/site";
import { BookingStatusFrame, justPlaced } from "~/features/bookings/BookingStatusFrame";
import { BusinessHours } from "~/ui/BusinessHours";
import { serviceBookingCopy } from "./service-booking-content";
import type { ServiceBookingView } from "./service-booking-status.server";

/** An owner's private page about one service drop-off: what is booked, its status, the rate, the hours. */
export function ServiceBookingStatusPage({ booking, isNew }: { booking: ServiceBookingView; isNew: boolean }) {
  return (
    <BookingStatusFrame
      className="service-booking-status"
      title={`Your service booking ${booking.reference}`}
      received={justPlaced(isNew, "Service booking received", {
        name: booking.ownerName,
        thanks: serviceBookingCopy.received,
      })}
      reference={booking.reference}
      statusText={booking.statusText}
      holdsUntil={booking.holdsUntil}
      facts={[
        ["Service", booking.serviceTitle],
        ["Drop-off day", booking.dropOffDay],
      ]}
      next={booking.staffCall}
      calendarPath={booking.calendarPath}
    >
      <section aria-labelledby="service-status-rate-title">
        <h2 id="service-status-rate-title">Price</h2>
        <p>{booking.rate}</p>
      </section>
      <section aria-labelledby="service-status-hours-title">
        <h2 id="service-status-hours-title">Service department hours</h2>
        <BusinessHours departments={[site.serviceHours]} />
      </section>
    </BookingStatusFrame>
  );
}
