import type { BookingStatus } from "~/config/booking-kinds";
import { heldUntil } from "~/features/bookings/held-until";
import { hoursSentence, site } from "~/config/site";
import { addDays } from "~/lib/calendar-days";
import type { StorageBooking } from "./storage-bookings.server";
import { monthsCovered, stayDates, stayName, type QuoteLine } from "./storage-quote";

/**
 * A storage booking as its owner sees it on the private status page: no e-mail or phone (the page
 * needs neither), the quote as it was shown when booking.
 */
export interface StorageBookingView {
  reference: string;
  ownerName: string;
  status: BookingStatus;
  statusText: string;
  stay: string;
  dates: string;
  vehicle: string | null;
  lines: QuoteLine[];
  total: number | null;
  note: string | null;
  /** While staff have not answered: when the hold lapses, as the dealer's clock reads it. */
  holdsUntil: string | null;
  nextStep: string | null;
}

export const storageStatusWords: Record<BookingStatus, string> = {
  requested: "Requested: a space is held for you while our staff call to confirm",
  confirmed: "Confirmed: your space is booked",
  declined: "Declined: we could not take this booking",
  cancelled: "Cancelled",
  expired: "Expired: it was not confirmed in time and the space was released",
  sold: "Closed",
};

/** The one sentence every storage booking shows: nothing is paid on the site. */
export const noPaymentOnline = "No payment is taken online; our staff arrange payment with you when they confirm.";

export function storageBookingView(booking: StorageBooking): StorageBookingView {
  const lastDay = booking.quote?.lastDay ?? addDays(booking.endDay, -1);
  const stay = {
    space: booking.space,
    package: booking.quote?.package ?? booking.request?.package ?? "monthly",
    months: booking.quote?.months ?? monthsCovered(booking.startDay, lastDay),
    start: booking.startDay,
    lastDay,
  };
  const requested = booking.status === "requested";
  return {
    reference: booking.reference,
    ownerName: `${booking.firstName} ${booking.lastName}`,
    status: booking.status,
    statusText: storageStatusWords[booking.status],
    stay: stayName(stay),
    dates: stayDates(stay),
    vehicle: typeof booking.request?.vehicle === "string" ? booking.request.vehicle : null,
    lines: booking.quote?.lines ?? [],
    total: booking.quote?.total ?? null,
    note: booking.quote?.note ?? null,
    holdsUntil: heldUntil(booking),
    nextStep: requested
      ? `Our staff will call you within business hours (${hoursSentence(site.serviceHours)}) to confirm. ${noPaymentOnline}`
      : booking.status === "confirmed"
        ? noPaymentOnline
        : null,
  };
}
