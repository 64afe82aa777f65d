import { BookingStatusFrame } from "~/features/bookings/BookingStatusFrame";
import { DepositSection } from "~/features/payments/DepositSection";
import type { DepositRefusal } from "~/features/payments/deposit-action.server";
import type { DepositView } from "~/features/payments/deposit-view.server";
import { QuoteTable } from "~/ui/QuoteTable";
import type { ReservationView } from "./reservation-view";

/** A buyer's private page about one reservation: the frame, its deposit, then the out-the-door price they saw. */
export function ReservationStatusPage({
  view,
  isNew,
  deposit,
  statusPath,
  depositRefusal,
}: {
  view: ReservationView;
  isNew: boolean;
  deposit: DepositView | null;
  statusPath: string;
  depositRefusal?: DepositRefusal["deposit"];
}) {
  return (
    <BookingStatusFrame view={view} isNew={isNew}>
      <DepositSection view={deposit} action={statusPath} refusal={depositRefusal} />
      <section aria-labelledby="reservation-price-title">
        <h2 id="reservation-price-title">Out-the-door price</h2>
        <QuoteTable lines={view.lines} total={view.total} caption="Out-the-door price" />
      </section>
    </BookingStatusFrame>
  );
}
