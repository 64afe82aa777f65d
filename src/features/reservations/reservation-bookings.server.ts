import { purchaseTerms, site } from "~/config/site";
import { vehiclePool } from "~/config/booking-pools";
import type { BookingHold } from "~/features/bookings/booking-flow.server";
import { bookingCommand } from "~/features/bookings/booking-commands";
import {
  findBookingByToken,
  openEnd,
  placeBooking,
  type Booking,
  type BookingStatus,
  type PlaceBookingResult,
  type PlacingLimits,
} from "~/features/bookings/capacity.server";
import type { OutTheDoorPrice } from "~/features/catalogue/out-the-door";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { findDeliveryTown } from "~/lib/delivery";
import type { DeliveryChoice } from "~/lib/delivery-choice";
import { formatMoney } from "~/lib/format";
import type { Database } from "~/server/db.server";

/**
 * Cart reservations on the capacity engine: each vehicle is a pool of its units on the lot, and a
 * buyer's hold takes one of them from the day it is placed until staff decide (no last day). What
 * the reservation pages read of a booking, by the names they use.
 */

export type CartReservationStatus = BookingStatus;

/** A reservation as the pages see it: the booking, with the vehicle and delivery it was for. */
export interface CartReservation extends Booking {
  vehicleId: string;
  delivery: DeliveryChoice;
  price: OutTheDoorPrice;
}

export function asReservation(booking: Booking): CartReservation {
  const request = booking.request as { vehicleId?: string; delivery?: DeliveryChoice } | null;
  return {
    ...booking,
    vehicleId: booking.vehicleId ?? request?.vehicleId ?? "",
    delivery: request?.delivery ?? { type: "pickup" },
    price: booking.quote as OutTheDoorPrice,
  };
}

/** Where the cart goes, as staff read it. */
export function deliveryText(delivery: DeliveryChoice): string {
  if (delivery.type === "pickup") return "Pickup at the showroom.";
  return `Delivery to ${findDeliveryTown(delivery.town)?.name ?? delivery.town}.`;
}

export interface ReservationInput {
  vehicle: Pick<Vehicle, "id" | "name">;
  delivery: DeliveryChoice;
  /** The out-the-door price the buyer was shown, kept as they saw it. */
  price: OutTheDoorPrice;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** What staff read about a new reservation: the cart, where it goes, the price the buyer saw, the commands. */
export function reservationAnnouncementText(reference: string, input: Omit<ReservationInput, keyof Buyer>): string {
  const { vehicle, delivery, price } = input;
  return [
    `Cart reservation ${reference}: ${vehicle.name} (${site.website}/vehicle/${vehicle.id}).`,
    deliveryText(delivery),
    "",
    "Out-the-door price as shown to the buyer:",
    ...price.lines.map((line) => `  ${line.label}: ${formatMoney(line.amount)}`),
    `  Total: ${formatMoney(price.total)}`,
    "",
    `One unit is held for this buyer for ${purchaseTerms.reservationHoldHours} hours; no payment was taken.`,
    "Call them to arrange the deposit and paperwork, then:",
    `  ${bookingCommand("confirm", reference)}`,
    `  ${bookingCommand("decline", reference)}`,
    `and once the sale is done: ${bookingCommand("sold", reference)}`,
  ].join("\n");
}

type Buyer = Pick<ReservationInput, "firstName" | "lastName" | "email" | "phone">;

/**
 * What a buyer's reservation holds: one unit of the vehicle from today on, with no last day (until
 * staff decide); the engine's INSERT takes it only when the vehicle's pool (its units in stock, 0
 * when it is not in stock) has more than its active holds.
 */
export function reservationHold(
  today: string,
  { vehicle, delivery, price }: Omit<ReservationInput, keyof Buyer>,
): BookingHold {
  return {
    pool: vehiclePool(vehicle.id),
    start: today,
    end: openEnd,
    request: { vehicleId: vehicle.id, delivery },
    quote: price,
    describe: (reference) => ({
      summary: `${vehicle.name}, ${delivery.type === "pickup" ? "pickup" : `delivery to ${findDeliveryTown(delivery.town)?.name ?? delivery.town}`}`,
      announcement: reservationAnnouncementText(reference, { vehicle, delivery, price }),
    }),
    interest: "sales",
    vehicleId: vehicle.id,
  };
}

/** Holds one unit of the vehicle for the buyer from today on, when one is free. */
export function placeReservation(
  db: Database,
  today: string,
  input: ReservationInput,
  limits?: PlacingLimits,
): Promise<PlaceBookingResult> {
  const { firstName, lastName, email, phone, ...asked } = input;
  return placeBooking(
    db,
    { ...reservationHold(today, asked), kind: "reservation", firstName, lastName, email, phone },
    limits,
  );
}

export async function findReservationByToken(db: Database, token: string): Promise<CartReservation | null> {
  const booking = await findBookingByToken(db, token, "reservation");
  return booking ? asReservation(booking) : null;
}
