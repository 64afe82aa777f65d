import { formatAddress, hoursSentence, showroom, site } from "~/config/site";
import { bookingStatusView, type BookingStatusView } from "~/features/bookings/booking-status-view";
import { calendarFile } from "~/features/bookings/booking-calendar-file";
import { longDate } from "~/lib/calendar-days";
import type { ServiceBookingStatus } from "./service-booking-content";
import { rateSentence, serviceOfferOf } from "./service-booking-rules";
import type { ServiceBooking } from "./service-bookings.server";
import { serviceBookingCalendarPath, serviceBookingStatusPath } from "./service-paths";

/** A service booking as its owner's private page shows it, with the rate they were shown. */
export interface ServiceBookingView extends BookingStatusView {
  serviceTitle: string;
  dropOffDay: string;
  rate: string;
}

const isOpen = (status: ServiceBookingStatus) => status === "requested" || status === "confirmed";

export function serviceBookingView(booking: ServiceBooking, token: string): ServiceBookingView {
  const offer = booking.service ? serviceOfferOf(booking.service) : null;
  const serviceTitle = offer?.title ?? "Service";
  const dropOffDay = longDate(booking.date);
  const facts = [
    { label: "Service", text: serviceTitle },
    { label: "Drop-off day", text: dropOffDay },
  ];
  return {
    ...bookingStatusView(booking, facts, serviceBookingCalendarPath(token)),
    serviceTitle,
    dropOffDay,
    rate: booking.service ? rateSentence(booking.service) : `Labour rate: ${booking.rate ?? offer?.priceText ?? ""}.`,
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
