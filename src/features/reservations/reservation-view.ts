import { formatAddress, showroom, site } from "~/config/site";
import { bookingKinds } from "~/config/booking-kinds";
import { reservationWhileOpenWithDeposit } from "~/config/deposits";
import { bookingStatusView, type BookingStatusView } from "~/features/bookings/booking-status-view";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import type { PriceLine } from "~/features/catalogue/out-the-door";
import { findDeliveryTown } from "~/lib/delivery";
import type { CartReservation } from "./reservation-bookings.server";

/** A reservation as its buyer's private page shows it, with the out-the-door price as it was shown. */
export interface ReservationView extends BookingStatusView {
  lines: PriceLine[];
  total: number;
}

/**
 * The one sentence every reservation shows about money: nothing is paid on the site, or, where
 * deposits are taken online, what the deposit buys.
 */
export const reservationMoneyWords = (depositsOnline: boolean) =>
  depositsOnline ? reservationWhileOpenWithDeposit : bookingKinds.reservation.whileOpen;

function placeOf(reservation: CartReservation): string {
  const { delivery } = reservation;
  const town = delivery.type === "delivery" ? findDeliveryTown(delivery.town) : undefined;
  if (town) return `Delivered to ${town.name}, ${site.stateCode}`;
  return `Pickup at the showroom, ${formatAddress(showroom.address!)}`;
}

export function reservationView(
  reservation: CartReservation,
  vehicleName: string | null,
  depositsOnline: boolean,
): ReservationView {
  const facts = [
    {
      label: "Cart",
      text: vehicleName ?? reservation.price.lines[0]?.label ?? reservation.vehicleId,
      href: canonicalVehiclePath(reservation.vehicleId),
    },
    { label: "Where", text: placeOf(reservation) },
  ];
  return {
    ...bookingStatusView(reservation, facts, undefined, reservationMoneyWords(depositsOnline)),
    lines: reservation.price.lines,
    total: reservation.price.total,
  };
}
