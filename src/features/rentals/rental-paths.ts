import { calendarFilePath, choicePath, privatePagePath } from "~/features/bookings/booking-paths";

/** Where a renter follows a booking: a private page whose address carries the booking's secret token. */
export function rentalBookingStatusPath(token: string): string {
  return privatePagePath("/rentals/booking", token);
}

/** The booking's calendar file, beside its status page. */
export function rentalBookingCalendarPath(token: string): string {
  return calendarFilePath(rentalBookingStatusPath(token));
}

/** What the booking page reads from its address; every field optional, all text as typed. */
export interface BookingSearch {
  plan?: string;
  month?: string;
  start?: string;
  days?: string;
  delivery?: string;
  drivers?: string;
}

const searchOrder = ["plan", "month", "start", "days", "delivery", "drivers"] as const;

/**
 * The booking page at `search` with `changes` applied, fields always in one order so the same
 * choice is always the same address. An empty value drops the field.
 */
export function rentalBookingPath(search: BookingSearch = {}, changes: BookingSearch = {}): string {
  return choicePath("/rentals/book", searchOrder, { ...search, ...changes });
}
