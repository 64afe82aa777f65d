import { BookingStatusFrame } from "~/features/bookings/BookingStatusFrame";
import { QuoteTable } from "~/ui/QuoteTable";
import type { StorageBookingView } from "./storage-view";
import { StorageTermsList } from "./StorageTerms";

/** An owner's private page about one storage booking: the frame, then the price they saw and the terms. */
export function StorageStatusPage({ view, isNew }: { view: StorageBookingView; isNew: boolean }) {
  return (
    <BookingStatusFrame view={view} isNew={isNew}>
      {view.total !== null ? (
        <section aria-labelledby="storage-status-price-title">
          <h2 id="storage-status-price-title">Your price</h2>
          <QuoteTable lines={view.lines} total={view.total} caption="Storage price" />
          {view.note ? <p>{view.note}</p> : null}
        </section>
      ) : null}
      <StorageTermsList headingId="storage-status-terms-title" />
    </BookingStatusFrame>
  );
}
