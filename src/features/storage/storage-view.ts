import { bookingKinds } from "~/config/booking-kinds";
import { bookingStatusView, type BookingStatusView } from "~/features/bookings/booking-status-view";
import { addDays } from "~/lib/calendar-days";
import type { StorageBooking } from "./storage-bookings.server";
import { monthsCovered, stayDates, stayName, type QuoteLine } from "./storage-quote";

/** A storage booking as its owner's private page shows it, with the quote as it was shown. */
export interface StorageBookingView extends BookingStatusView {
  lines: QuoteLine[];
  total: number | null;
  note: string | null;
}

/** The one sentence every storage booking shows: nothing is paid on the site. */
export const noPaymentOnline = bookingKinds.storage.whileOpen;

export function storageBookingView(booking: StorageBooking): StorageBookingView {
  const lastDay = booking.quote?.lastDay ?? addDays(booking.endDay, -1);
  const stay = {
    space: booking.space,
    package: booking.quote?.package ?? booking.request?.package ?? "monthly",
    months: booking.quote?.months ?? monthsCovered(booking.startDay, lastDay),
    start: booking.startDay,
    lastDay,
  };
  const vehicle = typeof booking.request?.vehicle === "string" ? booking.request.vehicle : null;
  const facts = [
    { label: "Space", text: stayName(stay) },
    { label: "Dates", text: stayDates(stay) },
    ...(vehicle ? [{ label: "Cart", text: vehicle }] : []),
  ];
  return {
    ...bookingStatusView(booking, facts),
    lines: booking.quote?.lines ?? [],
    total: booking.quote?.total ?? null,
    note: booking.quote?.note ?? null,
  };
}
