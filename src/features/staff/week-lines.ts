import type { BookingKind, BookingStatus } from "~/config/booking-kinds";
import { addDays } from "~/lib/calendar-days";
import { storedDelivery, storedTime, townName } from "./stored-request";

/**
 * What happens on which day for one booking, as staff plan the lot: a rental goes out on its first
 * day and comes back on its return day (`end_day`, the day after its last full day, as the rental
 * quote's `returnDay`); a service cart is dropped off on its day; a stored cart arrives on its first
 * day and goes home on its last (`end_day` less one, as storage quotes `lastDay`); a test drive is
 * on its day at its time, at the showroom or at the driver's home (a delivery town). A cart
 * reservation has no day of its own: the day view lists it apart.
 */

/** The columns of a booking the day view reads. */
export interface WeekBooking {
  reference: string;
  kind: BookingKind;
  status: BookingStatus;
  startDay: string;
  endDay: string;
  request: unknown;
  summary: string;
  firstName: string;
  lastName: string;
  phone: string;
  createdAt: string;
}

export interface DayLine {
  day: string;
  /** Within a day: carts going out, then coming back, drop-offs, storage arrivals, departures, test drives. */
  order: number;
  what: string;
  booking: WeekBooking;
}

function rentalLines(booking: WeekBooking): DayLine[] {
  const delivery = storedDelivery(booking.request);
  const out =
    delivery?.type === "delivery"
      ? `Rental delivery to ${townName(delivery.town)}`
      : delivery
        ? "Rental pickup at the showroom"
        : "Rental starts (pickup or delivery not recorded)";
  const back =
    delivery?.type === "delivery"
      ? `Rental return: collect from ${townName(delivery.town)}`
      : delivery
        ? "Rental return to the showroom"
        : "Rental return";
  return [
    { day: booking.startDay, order: 0, what: out, booking },
    { day: booking.endDay, order: 1, what: back, booking },
  ];
}

export function dayLinesOf(booking: WeekBooking): DayLine[] {
  switch (booking.kind) {
    case "rental":
      return rentalLines(booking);
    case "service":
      return [{ day: booking.startDay, order: 2, what: "Service drop-off", booking }];
    case "storage":
      return [
        { day: booking.startDay, order: 3, what: "Storage arrival", booking },
        { day: addDays(booking.endDay, -1), order: 4, what: "Storage departure (last day)", booking },
      ];
    case "reservation":
      return [];
    case "test-drive":
      return [{ day: booking.startDay, order: 5, what: testDriveLine(booking), booking }];
  }
}

function testDriveLine(booking: WeekBooking): string {
  const delivery = storedDelivery(booking.request);
  const time = storedTime(booking.request) ?? "time not recorded";
  return delivery?.type === "delivery"
    ? `Test drive ${time} at home in ${townName(delivery.town)}`
    : `Test drive ${time} at the showroom`;
}
