import { staffBookingPath, staffPathPrefix } from "~/config/pages";
import { absoluteUrl } from "~/seo/urls";

/**
 * The staff page an e-mail to staff opens with. Staff read their mail on a phone, where the
 * terminal commands further down are no use: the page answers the booking with a tap, so its
 * address is the first thing they see, above anything they would have to scroll past.
 */
export interface StaffPageLink {
  /** What the address is for, as staff read it before it. */
  label: string;
  /** A path under the staff pages; the e-mail carries the site's full address of it. */
  path: string;
}

/** The page that answers one booking: what every staff e-mail about a single booking opens with. */
export function bookingPageLink(reference: string): StaffPageLink {
  return { label: "Answer from your phone", path: staffBookingPath(reference) };
}

/** The staff day view: what an e-mail naming several bookings opens with. */
export const staffDayLink: StaffPageLink = { label: "Bookings from your phone", path: staffPathPrefix };

/** A booking's staff page as a full address, for a line that names one booking among several. */
export const bookingPageUrl = (reference: string): string => absoluteUrl(staffBookingPath(reference));

/** "Answer from your phone: https://…/staff/bookings/R-7K3M9Q": the first line of the plain text. */
export function staffPageLine(link: StaffPageLink): string {
  return `${link.label}: ${absoluteUrl(link.path)}`;
}
