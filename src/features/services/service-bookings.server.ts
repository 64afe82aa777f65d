import { servicePool } from "~/config/booking-pools";
import { site } from "~/config/site";
import { bookingCommand } from "~/features/bookings/booking-commands";
import { quotedCustomerWords } from "~/features/mail/customer-words";
import {
  availability,
  findBookingByToken,
  placeBooking,
  type Booking,
  type PlaceBookingResult,
  type PlacingLimits,
} from "~/features/bookings/capacity.server";
import type { BookingHold, Person } from "~/features/bookings/booking-flow.server";
import { addDays, longDate } from "~/lib/calendar-days";
import type { Database } from "~/server/db.server";
import type { ServiceBookingStatus } from "./service-booking-content";
import { isServiceId, serviceOfferOf, type ServiceId } from "./service-booking-rules";

/**
 * Service drop-offs on the capacity engine: the service department's drop-off slots are one pool,
 * and a request takes one slot on its drop-off day. What the service pages read of a booking, by the
 * names they use.
 */

/** What the owner asked for, stored with the booking. */
export interface ServiceRequestDetails {
  service: ServiceId;
  vehicle: string;
  message: string;
}

/** A service booking as the status page sees it. */
export type ServiceBooking = Omit<Booking, "status"> & {
  status: ServiceBookingStatus;
  service: ServiceId | null;
  /** The drop-off day, "YYYY-MM-DD". */
  date: string;
  /** The labour rate as the owner was shown it. */
  rate: string | null;
};

export function asServiceBooking(booking: Booking): ServiceBooking {
  const request = booking.request as Partial<ServiceRequestDetails> | null;
  const quote = booking.quote as { rate?: unknown } | null;
  return {
    ...booking,
    status: booking.status as ServiceBookingStatus,
    service: isServiceId(request?.service) ? request.service : null,
    date: booking.startDay,
    rate: typeof quote?.rate === "string" ? quote.rate : null,
  };
}

export interface ServiceBookingInput extends ServiceRequestDetails {
  /** The drop-off day. */
  date: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * What staff read in lists and release e-mails: the kind of work and the day, never the owner's
 * words or details (those are in the announcement, which goes to the service inbox only).
 */
export function serviceSummary(service: ServiceId, date: string): string {
  return `${serviceOfferOf(service).title}, drop-off ${longDate(date)}`;
}

/**
 * The staff e-mail announcing a request: the work, the day and the rate the owner was shown, the
 * lines that confirm or decline it, and last, quoted as theirs, the owner's cart and account of the
 * fault. The owner's name, e-mail and phone travel with the message itself.
 */
export function serviceAnnouncementText(reference: string, input: ServiceRequestDetails & { date: string }): string {
  const offer = serviceOfferOf(input.service);
  return [
    `Service request ${reference}: ${offer.title}, drop-off ${longDate(input.date)}.`,
    `Labour rate as shown to the owner: ${offer.priceText}. No total was given.`,
    "",
    `The drop-off slot is held for ${site.serviceBooking.holdHours} hours. Call the owner, then:`,
    `  ${bookingCommand("confirm", reference)}`,
    `  ${bookingCommand("decline", reference)}`,
    "",
    quotedCustomerWords("Cart", input.vehicle),
    "",
    quotedCustomerWords("What is wrong", input.message),
  ].join("\n");
}

/** What a service request holds: one drop-off slot on its day. */
export function serviceHold({ date, service, vehicle, message }: Omit<ServiceBookingInput, keyof Person>): BookingHold {
  const details: ServiceRequestDetails = { service, vehicle, message };
  return {
    pool: servicePool,
    start: date,
    end: addDays(date, 1),
    request: details,
    quote: { rate: serviceOfferOf(service).priceText },
    describe: (reference) => ({
      summary: serviceSummary(service, date),
      announcement: serviceAnnouncementText(reference, { ...details, date }),
    }),
    interest: "service",
  };
}

/** Takes one drop-off slot on the day, in the engine's one conditional INSERT: only when one is free. */
export function placeServiceBooking(
  db: Database,
  input: ServiceBookingInput,
  limits?: PlacingLimits,
): Promise<PlaceBookingResult> {
  const { firstName, lastName, email, phone, ...asked } = input;
  return placeBooking(db, { ...serviceHold(asked), kind: "service", firstName, lastName, email, phone }, limits);
}

/** Drop-off slots still free per day for `count` days from `from` (0 on a closed weekday). */
export function serviceAvailability(db: Database, from: string, count: number) {
  return availability(db, servicePool, from, count);
}

export async function findServiceBookingByToken(db: Database, token: string): Promise<ServiceBooking | null> {
  const booking = await findBookingByToken(db, token, "service");
  return booking ? asServiceBooking(booking) : null;
}
