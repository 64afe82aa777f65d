import { bookingKinds, type BookingKind } from "~/config/booking-kinds";
import { site } from "~/config/site";

const dealerClock = new Intl.DateTimeFormat("en-US", {
  timeZone: site.timeZone,
  weekday: "long",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/**
 * When a request staff have not answered yet is released, as its customer's page says it: placed
 * plus its kind's hold, on the dealer's clock ("Saturday, November 28 at 10:32 AM EST"). Null once
 * staff have answered: the hold no longer runs out.
 */
export function heldUntil(booking: { kind: BookingKind; status: string; createdAt: string }): string | null {
  if (booking.status !== "requested") return null;
  return dealerClock.format(new Date(Date.parse(booking.createdAt) + bookingKinds[booking.kind].holdHours * 3_600_000));
}
