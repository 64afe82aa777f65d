import { formatAddress, showroom, site } from "~/config/site";
import { testDriveTerms } from "~/config/test-drives";
import { calendarFile } from "~/features/bookings/booking-calendar-file";
import type { Booking } from "~/features/bookings/capacity.server";
import { bookingStatusView, type BookingStatusView } from "~/features/bookings/booking-status-view";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import { findDeliveryTown } from "~/lib/delivery";
import { statusWordsOf } from "~/config/booking-kinds";
import { placeText, whenText, type TestDriveAsked } from "./test-drive-bookings.server";
import { testDriveCalendarPath, testDriveStatusPath } from "./test-drive-paths";
import { slotStart } from "./test-drive-rules";

const isOpen = (status: string) => status === "requested" || status === "confirmed";

function whereText(asked: TestDriveAsked): string {
  if (asked.where === "home") return `At your home in ${findDeliveryTown(asked.town ?? "")?.name ?? asked.town}`;
  return `At our showroom, ${formatAddress(showroom.address!)}`;
}

/** The test drive as its driver's private page shows it: the cart, when and where. */
export function testDriveView(
  booking: Booking,
  asked: TestDriveAsked,
  vehicleName: string | null,
  token: string,
): BookingStatusView {
  const cart = { label: "Cart", text: vehicleName ?? booking.vehicleId ?? "" };
  const facts = [
    booking.vehicleId ? { ...cart, href: canonicalVehiclePath(booking.vehicleId) } : cart,
    { label: "When", text: whenText(asked.date, asked.time) },
    { label: "Where", text: whereText(asked) },
  ];
  return bookingStatusView(booking, facts, testDriveCalendarPath(token));
}

/** The drive as an .ics file (its hour, at the showroom or the driver's town): the page's and the e-mail's. */
export function testDriveCalendarFile(
  booking: Booking,
  asked: TestDriveAsked,
  token: string,
  origin: string,
  now: Date,
): string {
  const statusUrl = new URL(testDriveStatusPath(token), origin).toString();
  const start = slotStart(asked.date, asked.time);
  return calendarFile({
    uid: `${booking.reference}@${new URL(site.website).hostname}`,
    stamp: now,
    firstDay: asked.date,
    lastDay: asked.date,
    at: { start, end: new Date(start.getTime() + testDriveTerms.slotMinutes * 60_000) },
    summary: `Golf cart test drive (${booking.reference})`,
    description: [
      `${site.name}, test drive ${booking.reference}: ${booking.summary}.`,
      `${whenText(asked.date, asked.time)}, ${placeText(asked.where, asked.town)}.`,
      `Status: ${statusWordsOf("test-drive", booking.status)}.`,
      `Questions: ${site.phone.display}. Your booking: ${statusUrl}`,
    ].join("\n"),
    location: asked.where === "home" ? undefined : formatAddress(showroom.address!),
    url: statusUrl,
    status: booking.status === "confirmed" ? "CONFIRMED" : isOpen(booking.status) ? "TENTATIVE" : "CANCELLED",
    producer: `-//${site.name}//Test drive//EN`,
  });
}
