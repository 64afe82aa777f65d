import { bookingKinds, type BookingKind } from "~/config/booking-kinds";
import { dealerMoment } from "~/lib/dealer-clock";

/**
 * When a request staff have not answered yet is released, as its customer's page says it: placed
 * plus its kind's hold, on the dealer's clock. Null once staff have answered: the hold no longer
 * runs out.
 */
export function heldUntil(booking: { kind: BookingKind; status: string; createdAt: string }): string | null {
  if (booking.status !== "requested") return null;
  return dealerMoment(new Date(Date.parse(booking.createdAt) + bookingKinds[booking.kind].holdHours * 3_600_000));
}
