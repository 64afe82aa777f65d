import { formatAddress, hoursSentence, showroom, site } from "~/config/site";
import { testDriveTerms } from "~/config/test-drives";
import { calendarFile } from "~/features/bookings/booking-calendar-file";
import type { Booking } from "~/features/bookings/capacity.server";
import { heldUntil } from "~/features/bookings/held-until";
import { findDeliveryTown } from "~/lib/delivery";
import { testDriveStatusWords, type TestDriveStatus } from "./test-drive-content";
import { placeText, whenText, type TestDriveAsked } from "./test-drive-bookings.server";
import { testDriveCalendarPath, testDriveStatusPath } from "./test-drive-paths";
import { slotStart } from "./test-drive-rules";

/**
 * A test drive as its driver sees it on the private status page: the cart, when and where, the
 * status, until when an unanswered request holds its time. No e-mail or phone: the address could be
 * forwarded.
 */
export interface TestDriveView {
  reference: string;
  driverName: string;
  vehicleId: string;
  vehicleName: string;
  statusText: string;
  when: string;
  where: string;
  staffCall: string | null;
  holdsUntil: string | null;
  calendarPath: string | null;
}

const isOpen = (status: string) => status === "requested" || status === "confirmed";

function whereText(asked: TestDriveAsked): string {
  if (asked.where === "home") return `At your home in ${findDeliveryTown(asked.town ?? "")?.name ?? asked.town}`;
  return `At our showroom, ${formatAddress(showroom.address!)}`;
}

export function testDriveView(booking: Booking, asked: TestDriveAsked, vehicleName: string | null, token: string) {
  return {
    reference: booking.reference,
    driverName: `${booking.firstName} ${booking.lastName}`,
    vehicleId: booking.vehicleId ?? "",
    vehicleName: vehicleName ?? booking.vehicleId ?? "",
    statusText: testDriveStatusWords[booking.status as TestDriveStatus] ?? booking.status,
    when: whenText(asked.date, asked.time),
    where: whereText(asked),
    staffCall:
      booking.status === "requested"
        ? `Our sales team will call you to confirm within showroom hours (${hoursSentence(site.showroomHours)}).`
        : null,
    holdsUntil: heldUntil(booking),
    calendarPath: isOpen(booking.status) ? testDriveCalendarPath(token) : null,
  } satisfies TestDriveView;
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
      `Status: ${testDriveStatusWords[booking.status as TestDriveStatus] ?? booking.status}.`,
      `Questions: ${site.phone.display}. Your booking: ${statusUrl}`,
    ].join("\n"),
    location: asked.where === "home" ? undefined : formatAddress(showroom.address!),
    url: statusUrl,
    status: booking.status === "confirmed" ? "CONFIRMED" : isOpen(booking.status) ? "TENTATIVE" : "CANCELLED",
    producer: `-//${site.name}//Test drive//EN`,
  });
}
