import { closedWeekdays } from "~/config/booking-pools";
import { site } from "~/config/site";
import { weekdays } from "~/features/bookings/availability-calendar";
import { addDays, isCalendarDay, localMoment, longDate } from "~/lib/calendar-days";
import { rateNotes } from "./service-booking-content";
import { serviceOffers, serviceTaxNote, type ServiceOffer } from "./services";

/**
 * The rules of an online service drop-off, shared by the server's checks and the pages: which work
 * can be booked, which days, and the messages a customer reads when a choice will not do.
 */

/** The API's names for the four kinds of work, in the services page's order. */
export const serviceIds = ["maintenance", "battery", "custom", "warranty"] as const;
export type ServiceId = (typeof serviceIds)[number];

/** The one place the API's ids meet the services content's (whose ids name its cards). */
const offerIdOf: Record<ServiceId, string> = {
  maintenance: "maintenance-repair",
  battery: "battery",
  custom: "custom",
  warranty: "warranty",
};

export function isServiceId(value: unknown): value is ServiceId {
  return typeof value === "string" && (serviceIds as readonly string[]).includes(value);
}

/** The services page's card for a kind of work: its title and its price in words. */
export function serviceOfferOf(id: ServiceId): ServiceOffer {
  const offer = serviceOffers.find((candidate) => candidate.id === offerIdOf[id]);
  if (!offer) throw new Error(`No service offer ${offerIdOf[id]} for ${id}`);
  return offer;
}

/** "Labour rate: From $155/hour." and what happens before any work, from the services content. */
export function rateSentence(id: ServiceId): string {
  const offer = serviceOfferOf(id);
  return [`Labour rate: ${offer.priceText}.`, rateNotes[offer.id], serviceTaxNote].filter(Boolean).join(" ");
}

/** The days of the week the service department takes no drop-off (Sunday). */
export const serviceClosedWeekdays: readonly number[] = closedWeekdays(site.serviceHours);

export interface ServiceBookingWindow {
  /** The dealer's today. */
  today: string;
  /** The earliest drop-off: tomorrow, so the service desk can call first. */
  first: string;
  /** The latest drop-off: the horizon's last day. */
  last: string;
}

/** The booking window on the dealer's clock at `now`. */
export function serviceBookingWindow(now: Date): ServiceBookingWindow {
  const today = localMoment(now, site.timeZone).day;
  return { today, first: addDays(today, 1), last: addDays(today, site.serviceBooking.horizonDays) };
}

function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

const closedDayNames = serviceClosedWeekdays.map((day) => `${weekdays[day]!.long}s`).join(" and ");

export const serviceMessages = {
  date: "Choose a drop-off day",
  service: "Choose maintenance and repair, battery services, custom modifications or warranty service",
  vehicle: "Tell us the cart's make, model and year",
  tooEarly: (window: ServiceBookingWindow) =>
    `The earliest drop-off day is tomorrow, ${longDate(window.first)}, so that our service desk can call you first.`,
  tooLate: (window: ServiceBookingWindow) =>
    `Drop-offs can be booked up to ${site.serviceBooking.horizonDays} days ahead: choose ${longDate(window.last)} or earlier.`,
  closed: `The service department is closed on ${closedDayNames}, so there is no drop-off then: choose another day.`,
  full: (day: string) => `Every drop-off slot on ${longDate(day)} is taken. Choose another day or call us.`,
} as const;

/** The cart's description on one line: make, model and year, as the owner writes them. */
export const vehicleMax = 120;

/** Why a day cannot be a drop-off day at `now`, or null when it can (its slots are the engine's to count). */
export function dropOffDayProblem(day: string, now: Date): string | null {
  if (!isCalendarDay(day)) return serviceMessages.date;
  const window = serviceBookingWindow(now);
  if (day < window.first) return serviceMessages.tooEarly(window);
  if (day > window.last) return serviceMessages.tooLate(window);
  if (serviceClosedWeekdays.includes(weekdayOf(day))) return serviceMessages.closed;
  return null;
}
