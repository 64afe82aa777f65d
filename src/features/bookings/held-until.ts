import { bookingKinds, type BookingKind } from "~/config/booking-kinds";
import { dealerMoment } from "~/lib/dealer-clock";
import { formatMinutes } from "~/lib/format";

/**
 * When a request staff have not answered yet is released, as its customer's page says it: placed
 * plus its kind's hold, on the dealer's clock. Null once staff have answered: the hold no longer
 * runs out.
 */
export function heldUntil(booking: HeldBooking & { status: string }): string | null {
  if (booking.status !== "requested") return null;
  return dealerMoment(releaseAt(booking));
}

/** What a booking's release depends on: its kind and placing, and the longer hold a paid deposit bought. */
interface HeldBooking {
  kind: BookingKind;
  createdAt: string;
  holdUntil?: string | null;
}

/**
 * When an unanswered request is released (placed plus its kind's hold, or the end of the hold its
 * paid deposit bought), as an instant.
 */
export function releaseAt(booking: HeldBooking): Date {
  if (booking.holdUntil) return new Date(booking.holdUntil);
  return new Date(Date.parse(booking.createdAt) + bookingKinds[booking.kind].holdHours * 3_600_000);
}

/** For staff: how long a request still holds its place, "31 h 20 min left", or "released" once over. */
export function timeLeft(booking: HeldBooking, now: Date): string {
  const minutes = Math.floor((releaseAt(booking).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return "released at the next check";
  return `${formatMinutes(minutes)} left`;
}
