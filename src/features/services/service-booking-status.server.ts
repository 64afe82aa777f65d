import { hoursSentence, site } from "~/config/site";
import { longDate } from "~/lib/calendar-days";
import { serviceStatusWords, type ServiceBookingStatus } from "./service-booking-content";
import { rateSentence, serviceOfferOf } from "./service-booking-rules";
import type { ServiceBooking } from "./service-bookings.server";

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
}

export function serviceBookingView(booking: ServiceBooking): ServiceBookingView {
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
  };
}
