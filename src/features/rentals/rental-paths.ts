import { choicePath, privatePages } from "~/features/bookings/booking-paths";

/** Where a renter follows a booking (a private page whose address carries its secret token) and its calendar file. */
export const { statusPath: rentalBookingStatusPath, calendarPath: rentalBookingCalendarPath } =
  privatePages("/rentals/booking");

/** A rental's paperwork page under the booking's private address, and its signed PDF (issue 56). */
export const rentalPaperworkPath = (token: string) => `${rentalBookingStatusPath(token)}/paperwork`;
export const rentalPaperworkPdfPath = (token: string) => `${rentalPaperworkPath(token)}/signed.pdf`;

/** What the booking page reads from its address; every field optional, all text as typed. */
export interface BookingSearch {
  plan?: string;
  month?: string;
  start?: string;
  days?: string;
  delivery?: string;
  drivers?: string;
}

/** The booking page itself; its choices ride in the query (`rentalBookingPath`). */
export const rentalBookingPagePath = "/rentals/book";

const searchOrder = ["plan", "month", "start", "days", "delivery", "drivers"] as const;

/**
 * The booking page at `search` with `changes` applied, fields always in one order so the same
 * choice is always the same address. An empty value drops the field.
 */
export function rentalBookingPath(search: BookingSearch = {}, changes: BookingSearch = {}): string {
  return choicePath(rentalBookingPagePath, searchOrder, { ...search, ...changes });
}
