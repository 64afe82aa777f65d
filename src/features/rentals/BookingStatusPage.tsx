import { formatMoney } from "~/lib/format";
import { BookingStatusFrame, type StatusOutcome } from "~/features/bookings/BookingStatusFrame";
import type { BookingView } from "./booking-status.server";
import { QuoteTable } from "~/ui/QuoteTable";
import { DepositSection } from "~/features/payments/DepositSection";
import type { DepositRefusal } from "~/features/payments/deposit-action.server";
import type { DepositView } from "~/features/payments/deposit-view.server";

/** What the cancel action answers. */
export interface CancelOutcome {
  cancelled: boolean;
  message: string;
}

const asOutcome = (cancel?: CancelOutcome): StatusOutcome | undefined =>
  cancel ? { done: cancel.cancelled, message: cancel.message } : undefined;

/** A renter's private page about one rental: its days, place and price, and their own cancel while the policy allows it. */
export function BookingStatusPage({
  booking,
  isNew,
  cancelOutcome,
  deposit,
  depositRefusal,
}: {
  booking: BookingView;
  isNew: boolean;
  cancelOutcome?: CancelOutcome;
  deposit: DepositView | null;
  depositRefusal?: DepositRefusal["deposit"];
}) {
  return (
    <BookingStatusFrame view={booking} isNew={isNew} outcome={asOutcome(cancelOutcome)}>
      <DepositSection view={deposit} action={booking.statusPath} refusal={depositRefusal} />
      <section aria-labelledby="booking-price-title">
        <h2 id="booking-price-title">Price</h2>
        {booking.total === null ? (
          <p>We will confirm the price when we call.</p>
        ) : (
          <>
            <QuoteTable lines={booking.lines} total={booking.total} />
            {booking.deposit === null ? null : (
              <p>
                Refundable deposit, held on your card and not part of the total:{" "}
                <strong>{formatMoney(booking.deposit)}</strong>
              </p>
            )}
          </>
        )}
      </section>
      {booking.paperworkPath ? (
        <section aria-labelledby="booking-paperwork-title">
          <h2 id="booking-paperwork-title">Rental paperwork</h2>
          <p>
            Sign the rental agreement and waiver before pickup, and download the signed PDF:{" "}
            <a href={booking.paperworkPath}>your rental paperwork</a>. Each additional driver's waiver link is listed
            there.
          </p>
        </section>
      ) : null}
      {booking.cancellation ? (
        <section aria-labelledby="booking-cancel-title">
          <h2 id="booking-cancel-title">Cancel this booking</h2>
          <p>{booking.cancellation.rule}</p>
          <form method="post" action={booking.statusPath}>
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button button--primary">
              Cancel this booking
            </button>
          </form>
        </section>
      ) : null}
      {booking.cancellationClosed ? <p className="booking-status__next">{booking.cancellationClosed}</p> : null}
    </BookingStatusFrame>
  );
}
