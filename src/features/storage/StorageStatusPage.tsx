import { BookingStatusFrame, justPlaced } from "~/features/bookings/BookingStatusFrame";
import { QuoteTable } from "~/ui/QuoteTable";
import type { StorageBookingView } from "./storage-view";
import { StorageTermsList } from "./StorageTerms";

/** An owner's private page about one storage booking: what is held, its status, the price they saw, the terms. */
export function StorageStatusPage({ booking, isNew }: { booking: StorageBookingView; isNew: boolean }) {
  return (
    <BookingStatusFrame
      className="storage-status"
      title={`Your storage booking ${booking.reference}`}
      received={justPlaced(isNew, "Storage booking received", { name: booking.ownerName, holding: "a space" })}
      reference={booking.reference}
      statusText={booking.statusText}
      holdsUntil={booking.holdsUntil}
      facts={[
        ["Space", booking.stay],
        ["Dates", booking.dates],
        ...(booking.vehicle ? [["Cart", booking.vehicle] as const] : []),
      ]}
      next={booking.nextStep}
    >
      {booking.total !== null ? (
        <section aria-labelledby="storage-status-price-title">
          <h2 id="storage-status-price-title">Your price</h2>
          <QuoteTable lines={booking.lines} total={booking.total} caption="Storage price" />
          {booking.note ? <p>{booking.note}</p> : null}
        </section>
      ) : null}
      <StorageTermsList headingId="storage-status-terms-title" />
    </BookingStatusFrame>
  );
}
