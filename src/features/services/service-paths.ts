import { choicePath, privatePages } from "~/features/bookings/booking-paths";

/** Where an owner follows a service booking (a private page whose address carries its secret token) and its calendar file. */
export const { statusPath: serviceBookingStatusPath, calendarPath: serviceBookingCalendarPath } =
  privatePages("/services/booking");

/** What the booking page reads from its address; every field optional, all text as typed. */
export interface ServiceBookingSearch {
  service?: string;
  month?: string;
  date?: string;
}

const searchOrder = ["service", "month", "date"] as const;

export const serviceBookingBase = "/services/book";

/**
 * The booking page at `search` with `changes` applied, fields always in one order so the same
 * choice is always the same address. An empty value drops the field.
 */
export function serviceBookingPath(search: ServiceBookingSearch = {}, changes: ServiceBookingSearch = {}): string {
  return choicePath(serviceBookingBase, searchOrder, { ...search, ...changes });
}
