import { and, gt } from "drizzle-orm";
import type { RentalPlan } from "~/config/rental-plans";
import { bookings } from "~/db/schema";
import {
  availability,
  bookingWithToken,
  changeBookingStatus,
  findBookingByToken,
  placeBooking,
  type Booking,
  type BookingChange,
  type PlaceBookingResult,
  type PlacingLimits,
} from "~/features/bookings/capacity.server";
import type { BookingHold, Person } from "~/features/bookings/booking-flow.server";
import { addDays, daysBetween, longDate } from "~/lib/calendar-days";
import type { DeliveryChoice } from "~/lib/delivery-choice";
import type { Database } from "~/server/db.server";
import { holdAnnouncementText } from "./hold-announcement";
import { findRentalPlan, type RentalQuote } from "./rental-quote";

/**
 * Rentals on the capacity engine: each class is a pool of its carts, and a hold takes one cart of it
 * for every day of the rental. What the rental pages read of a booking, by the names they use.
 */

type PlanId = RentalPlan["id"];

/** A rental's statuses: every booking's but "sold", which only a cart reservation reaches. */
export type RentalHoldStatus = Exclude<Booking["status"], "sold">;

/** A rental booking as the pages, the calendar file and the cancellation notice see it. */
export type RentalHold = Omit<Booking, "status"> & { status: RentalHoldStatus; plan: PlanId; days: number };

export function asRentalHold(booking: Booking): RentalHold {
  return {
    ...booking,
    status: booking.status as RentalHoldStatus,
    plan: booking.pool as PlanId,
    days: daysBetween(booking.startDay, booking.endDay),
  };
}

export interface RentalHoldInput {
  quote: RentalQuote;
  delivery: DeliveryChoice;
  drivers: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** What staff read of a rental in lists and notices: the class and the days, none of the renter's details. */
export function rentalSummary(quote: Pick<RentalQuote, "plan" | "days" | "start">): string {
  const title = findRentalPlan(quote.plan)?.title ?? quote.plan;
  return `${title}, ${quote.days} ${quote.days === 1 ? "day" : "days"} from ${longDate(quote.start)}`;
}

/** What a rental holds: one cart of the quoted class for every day of the rental. */
export function rentalHold({ quote, delivery, drivers }: Omit<RentalHoldInput, keyof Person>): BookingHold {
  return {
    pool: quote.plan,
    start: quote.start,
    end: addDays(quote.start, quote.days),
    request: { delivery, drivers },
    quote,
    describe: (reference) => ({
      summary: rentalSummary(quote),
      announcement: holdAnnouncementText({ reference, quote, delivery, drivers }),
    }),
    interest: "sales",
  };
}

/** Holds one cart of the quoted class for every day of the rental, when each day has one free. */
export function placeRentalHold(
  db: Database,
  input: RentalHoldInput,
  limits?: PlacingLimits,
): Promise<PlaceBookingResult> {
  const { quote, delivery, drivers, ...renter } = input;
  return placeBooking(db, { ...rentalHold({ quote, delivery, drivers }), kind: "rental", ...renter }, limits);
}

/** Carts of the class still free per day for `count` days from `from`. */
export function rentalAvailability(db: Database, plan: PlanId, from: string, count: number) {
  return availability(db, plan, from, count);
}

export async function findHoldByToken(db: Database, token: string): Promise<RentalHold | null> {
  const booking = await findBookingByToken(db, token, "rental");
  return booking ? asRentalHold(booking) : null;
}

/** When nothing changed, the hold as it is now (null: no such hold), so the renter can be told why. */
export type HoldChange = { changed: true; hold: RentalHold } | { changed: false; hold: RentalHold | null };

/**
 * The renter's own cancellation, from the private link, only before the rental's pickup day
 * (`today` is the dealer's). The day is part of the guarded UPDATE, so a cancel that arrives as the
 * day turns is judged by the same statement that would cancel it.
 */
export async function cancelHoldByToken(db: Database, token: string, today: string): Promise<HoldChange> {
  const beforePickupDay = and(await bookingWithToken(token, "rental"), gt(bookings.startDay, today))!;
  const change: BookingChange = await changeBookingStatus(db, beforePickupDay, "cancel", "customer");
  if (change.changed) return { changed: true, hold: asRentalHold(change.booking) };
  // A refusal for the day leaves the status open, so the status alone would not say why.
  return { changed: false, hold: await findHoldByToken(db, token) };
}
