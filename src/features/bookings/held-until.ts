import { bookingKinds, type BookingKind } from "~/config/booking-kinds";
import { dealerMoment } from "~/lib/dealer-clock";
import { formatMinutes } from "~/lib/format";

/**
 * When a request staff have not answered yet is released, as its customer's page says it: placed
 * plus its kind's hold, on the dealer's clock. Null once staff have answered: the hold no longer
 * runs out.
 */
export function heldUntil(booking: { kind: BookingKind; status: string; createdAt: string }): string | null {
  if (booking.status !== "requested") return null;
  return dealerMoment(releaseAt(booking));
}

/** When an unanswered request is released (placed plus its kind's hold), as an instant. */
export function releaseAt(booking: { kind: BookingKind; createdAt: string }): Date {
  return new Date(Date.parse(booking.createdAt) + bookingKinds[booking.kind].holdHours * 3_600_000);
}

/** For staff: how long a request still holds its place, "31 h 20 min left", or "released" once over. */
export function timeLeft(booking: { kind: BookingKind; createdAt: string }, now: Date): string {
  const minutes = Math.floor((releaseAt(booking).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return "released at the next check";
  return `${formatMinutes(minutes)} left`;
}
