import type { BookingDecisionName } from "~/config/booking-kinds";

/**
 * The staff's command for a booking, as the README's Bookings section writes it, against the live
 * site: the one line a staff e-mail gives for each answer.
 */
export function bookingCommand(action: BookingDecisionName, reference: string): string {
  return `npm run bookings -- ${action} ${reference} --remote`;
}

/** The staff's list of bookings of one kind, on the live site. */
export function bookingListCommand(kind: string): string {
  return `npm run bookings -- list --kind ${kind} --remote`;
}
