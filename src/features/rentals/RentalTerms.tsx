import { rentalPlans, rentalTerms } from "~/config/rental-plans";
import { plusSalesTax } from "~/config/taxes";
import { formatMoney } from "~/lib/format";
import { Link } from "~/ui/links";

/** The policy's terms a renter agrees to, beside the price; every figure from the rental config. */
export function RentalTermsList({ headingId }: { headingId: string }) {
  const { cancellation } = rentalTerms;
  return (
    <aside className="booking-terms" aria-labelledby={headingId}>
      <h3 id={headingId}>Rental terms</h3>
      <ul className="check-list">
        <li>
          Renters must be {rentalTerms.minimumAge} or older, with {rentalTerms.renterShows}.
        </li>
        <li>
          Refundable deposit held on your card, not part of the total:{" "}
          {rentalPlans.map((plan) => `${plan.title} ${formatMoney(plan.deposit)}`).join(", ")}.
        </li>
        <li>
          Cancellation: free up to {cancellation.freeUntilHoursBefore} hours before the start,{" "}
          {cancellation.lateRefundPercent}% refund within {cancellation.freeUntilHoursBefore} hours of the start, no
          refund for a no-show.
        </li>
        <li>
          Late return: {formatMoney(rentalTerms.lateFeePerHour)} per hour, {plusSalesTax}.
        </li>
        <li>
          Rentals run in {rentalTerms.incrementHours}-hour periods, from {rentalTerms.minimumHours} hours to{" "}
          {rentalTerms.maximumDays} days; early returns are not refunded.
        </li>
      </ul>
      <p className="muted">
        The full <Link to="/policies/rental-policy">rental policy</Link> lists every fee.
      </p>
    </aside>
  );
}
