import { formatAddress, hoursSentence, showroom, site } from "~/config/site";
import { heldUntil } from "~/features/bookings/held-until";
import { calendarFile } from "~/features/bookings/booking-calendar-file";
import { longDate } from "~/lib/calendar-days";
import { serviceStatusWords, type ServiceBookingStatus } from "./service-booking-content";
import { rateSentence, serviceOfferOf } from "./service-booking-rules";
import type { ServiceBooking } from "./service-bookings.server";
import { serviceBookingCalendarPath, serviceBookingStatusPath } from "./service-paths";

/**
 * A service booking as its owner sees it on the private status page: the work, the day, the rate
 * they were shown, what happens next. No e-mail or phone, and not the owner's account of the fault:
 * the page needs none of them, and the address could be forwarded.
 */
export interface ServiceBookingView {
  reference: string;
  ownerName: string;
  status: ServiceBookingStatus;
  statusText: string;
  serviceTitle: string;
  dropOffDay: string;
  rate: string;
  /** While the request waits for staff: that they will call, and when. */
  staffCall: string | null;
  /** When the slot is released unless staff confirm it first; null once they have answered. */
  holdsUntil: string | null;
  /** "Add to my calendar": the drop-off day as an .ics file, while the booking stands. */
  calendarPath: string | null;
}

const isOpen = (status: ServiceBookingStatus) => status === "requested" || status === "confirmed";

export function serviceBookingView(booking: ServiceBooking, token: string): ServiceBookingView {
  const offer = booking.service ? serviceOfferOf(booking.service) : null;
  return {
    reference: booking.reference,
    ownerName: `${booking.firstName} ${booking.lastName}`,
    status: booking.status,
    statusText: serviceStatusWords[booking.status] ?? booking.status,
    serviceTitle: offer?.title ?? "Service",
    dropOffDay: longDate(booking.date),
    rate: booking.service ? rateSentence(booking.service) : `Labour rate: ${booking.rate ?? offer?.priceText ?? ""}.`,
    staffCall:
      booking.status === "requested"
        ? `Our service desk will call you to confirm within service hours (${hoursSentence(site.serviceHours)}).`
        : null,
    holdsUntil: heldUntil(booking),
    calendarPath: isOpen(booking.status) ? serviceBookingCalendarPath(token) : null,
  };
}

/**
 * The drop-off day as an .ics file (one all-day event at the showroom), the same file the status
 * page offers and the owner's e-mail attaches; `origin` makes the status link absolute.
 */
export function serviceBookingCalendarFile(booking: ServiceBooking, token: string, origin: string, now: Date): string {
  const view = serviceBookingView(booking, token);
  const statusUrl = new URL(serviceBookingStatusPath(token), origin).toString();
  return calendarFile({
    uid: `${view.reference}@${new URL(site.website).hostname}`,
    stamp: now,
    firstDay: booking.date,
    lastDay: booking.date,
    summary: `Golf cart service drop-off: ${view.serviceTitle} (${view.reference})`,
    description: [
      `${site.name}, service booking ${view.reference}: ${view.serviceTitle}, drop-off ${view.dropOffDay}.`,
      `Status: ${view.statusText}.`,
      `Service hours: ${hoursSentence(site.serviceHours)}.`,
      `Questions: ${site.phone.display}. Your booking: ${statusUrl}`,
    ].join("\n"),
    location: formatAddress(showroom.address!),
    url: statusUrl,
    status: booking.status === "confirmed" ? "CONFIRMED" : isOpen(booking.status) ? "TENTATIVE" : "CANCELLED",
    producer: `-//${site.name}//Service booking//EN`,
  });
}
