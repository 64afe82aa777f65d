import { formatAddress, hoursSentence, showroom, site } from "~/config/site";
import { heldUntil } from "~/features/bookings/held-until";
import type { PriceLine } from "~/features/catalogue/out-the-door";
import { findDeliveryTown } from "~/lib/delivery";
import type { CartReservation, CartReservationStatus } from "./reservation-bookings.server";

/**
 * A reservation as its buyer sees it on the private status page: no e-mail or phone (the page needs
 * neither), the out-the-door price as it was shown when reserving.
 */
export interface ReservationView {
  reference: string;
  buyerName: string;
  vehicleName: string;
  vehicleId: string;
  status: CartReservationStatus;
  statusText: string;
  place: string;
  lines: PriceLine[];
  total: number;
  /** While staff have not answered: when the hold lapses, as the dealer's clock reads it. */
  holdsUntil: string | null;
  nextStep: string | null;
}

export const reservationStatusWords: Record<CartReservationStatus, string> = {
  requested: "Requested: the cart is held for you while our staff call you",
  confirmed: "Confirmed: the cart is held for you",
  declined: "Declined: we could not hold this cart for you",
  cancelled: "Cancelled",
  expired: "Expired: it was not confirmed in time and the cart was released",
  sold: "Sold to you",
};

/** The one sentence every reservation shows: nothing is paid on the site. */
export const noPaymentOnline = "No payment is taken online; we will call to arrange the deposit and paperwork.";

function placeOf(reservation: CartReservation): string {
  const { delivery } = reservation;
  const town = delivery.type === "delivery" ? findDeliveryTown(delivery.town) : undefined;
  if (town) return `Delivered to ${town.name}, ${site.stateCode}`;
  return `Pickup at the showroom, ${formatAddress(showroom.address!)}`;
}

export function reservationView(reservation: CartReservation, vehicleName: string | null): ReservationView {
  const requested = reservation.status === "requested";
  return {
    reference: reservation.reference,
    buyerName: `${reservation.firstName} ${reservation.lastName}`,
    vehicleName: vehicleName ?? reservation.price.lines[0]?.label ?? reservation.vehicleId,
    vehicleId: reservation.vehicleId,
    status: reservation.status,
    statusText: reservationStatusWords[reservation.status],
    place: placeOf(reservation),
    lines: reservation.price.lines,
    total: reservation.price.total,
    holdsUntil: heldUntil(reservation),
    nextStep: requested
      ? `Our staff will call you within business hours (${hoursSentence(site.showroomHours)}). ${noPaymentOnline}`
      : reservation.status === "confirmed"
        ? noPaymentOnline
        : null,
  };
}
