import type { BookingKind } from "./booking-kinds";
import { salesDelivery } from "./business-terms";
import { rentalTerms } from "./rental-plans";
import { formatAddress, showroom, site, type Department } from "./site";

/**
 * The e-mail each booking with a day gets the day before it (issue 38), as data: a kind's entry is
 * all a new kind needs to be reminded of, and null is a kind with no day (a cart reservation holds
 * from the day it is placed with no last day). Every figure and policy word is read from the terms
 * it comes from, so the reminder can never promise more than the policy pages.
 */
export interface BookingReminder {
  /** The opening, before "tomorrow, <day>": what happens on the booking's first day. */
  happens: string;
  /** The department whose hours that weekday say when the customer can come. */
  hours: Department;
  /** Where the customer comes. */
  place: string;
  /** What to bring, one item a line. */
  bring: readonly string[];
  /**
   * A booking whose request asks for delivery to a town (`delivery: { type: "delivery", town }`):
   * the cart comes to them, at the delivery policy's hours, and they have this ready instead.
   */
  delivered?: { hours: string; have: readonly string[] };
}

const atShowroom = `${showroom.name}, ${formatAddress(showroom.address!)}`;

/** The rental policy's "Who can rent", as the renter shows it on the day. */
const renterBrings = `${rentalTerms.renterShows[0]!.toUpperCase()}${rentalTerms.renterShows.slice(1)} for the renter, who must be ${rentalTerms.minimumAge} or older (our rental terms).`;

/** Whoever takes the wheel on a test drive shows this first. */
const testDriverBrings = "A valid driver's license for whoever drives.";

export const bookingReminders: Record<BookingKind, BookingReminder | null> = {
  rental: {
    happens: "Your rental starts",
    hours: site.showroomHours,
    place: atShowroom,
    bring: [renterBrings],
    delivered: {
      // The delivery policy's own timing lines, which cover rentals as well as sales.
      hours: `Delivery hours: ${salesDelivery.hours.map((entry) => `${entry.days} ${entry.times}`).join(", ")}. We confirm a ${salesDelivery.windowHours}-hour delivery window the day before.`,
      have: [renterBrings],
    },
  },
  service: {
    happens: "Your service drop-off is",
    hours: site.serviceHours,
    place: atShowroom,
    bring: ["The cart and its keys."],
  },
  storage: {
    happens: "You bring your cart in for storage",
    hours: site.serviceHours,
    place: atShowroom,
    bring: ["The cart and its keys."],
  },
  reservation: null,
  "test-drive": {
    happens: "Your test drive is",
    hours: site.showroomHours,
    place: atShowroom,
    bring: [testDriverBrings],
    delivered: {
      hours: "We bring the cart to you at the time you booked and call when we set off.",
      have: [testDriverBrings, "A safe place to park the trailer and start the drive."],
    },
  },
};

/**
 * From when on the day before the reminders go, on the dealer's clock (`site.timeZone`, "HH:MM"):
 * the cron job's first run at or after it sends them, so none wakes a customer at night.
 */
export const reminderSendFrom = "09:00";
