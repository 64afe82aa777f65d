import { testDrivePool, testDrivePoolsAt, type TestDrivePlace } from "~/config/test-drives";
import { site } from "~/config/site";
import type { BookingHold } from "~/features/bookings/booking-flow.server";
import { bookingCommand } from "~/features/bookings/booking-commands";
import type { Booking } from "~/features/bookings/capacity.server";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { addDays, longDate } from "~/lib/calendar-days";
import { findDeliveryTown } from "~/lib/delivery";
import { formatTimeOfDay } from "~/lib/format";
import { testDriveTerms } from "~/config/test-drives";

/**
 * Test drives on the capacity engine: each place and start time is a pool (so many drivers a day at
 * that time), and a drive holds its slot's pool for its one day. The vehicle is the booking's own
 * column, which names it in the staff e-mail and the CRM lead.
 */

/** What a test drive stores of its request; a home drive's town as a delivery, as rentals store theirs. */
export interface TestDriveRequest {
  vehicleId: string;
  time: string;
  where: TestDrivePlace;
  delivery?: { type: "delivery"; town: string };
}

export interface TestDriveAsked {
  date: string;
  time: string;
  where: TestDrivePlace;
  town?: string;
}

/** "at the showroom", "at home in Hallstead": where the drive starts, as staff and the driver read it. */
export function placeText(where: TestDrivePlace, town: string | undefined): string {
  return where === "home" ? `at home in ${findDeliveryTown(town ?? "")?.name ?? town}` : "at the showroom";
}

/** "Tuesday, March 2, 2027 at 10:00 AM". */
export function whenText(date: string, time: string): string {
  return `${longDate(date)} at ${formatTimeOfDay(time)}`;
}

function announcement(reference: string, vehicle: Pick<Vehicle, "id" | "name">, asked: TestDriveAsked): string {
  return [
    `Test drive request ${reference}: ${vehicle.name} (${site.website}/vehicle/${vehicle.id}).`,
    `${whenText(asked.date, asked.time)}, ${placeText(asked.where, asked.town)}.`,
    "",
    `The time is held for ${testDriveTerms.holdHours} hours. Call the driver, then:`,
    `  ${bookingCommand("confirm", reference)}`,
    `  ${bookingCommand("decline", reference)}`,
  ].join("\n");
}

/** What a test drive holds: one place of its slot's pool on its day. */
export function testDriveHold(vehicle: Pick<Vehicle, "id" | "name">, asked: TestDriveAsked): BookingHold {
  const request: TestDriveRequest = {
    vehicleId: vehicle.id,
    time: asked.time,
    where: asked.where,
    ...(asked.where === "home" && asked.town ? { delivery: { type: "delivery", town: asked.town } } : {}),
  };
  return {
    pool: testDrivePool(asked.where, asked.time),
    start: asked.date,
    end: addDays(asked.date, 1),
    request,
    quote: null,
    describe: (reference) => ({
      summary: `${vehicle.name}, ${whenText(asked.date, asked.time)}, ${placeText(asked.where, asked.town)}`,
      announcement: announcement(reference, vehicle, asked),
    }),
    interest: "sales",
    vehicleId: vehicle.id,
    vehicleOnceAcross: testDrivePoolsAt(asked.time),
  };
}

/** A stored test drive's time, place and town, as it asked for them. */
export function askedOf(booking: Booking): TestDriveAsked {
  const request = (booking.request ?? {}) as Partial<TestDriveRequest>;
  return {
    date: booking.startDay,
    time: request.time ?? "",
    where: request.where === "home" ? "home" : "showroom",
    town: request.delivery?.town,
  };
}
