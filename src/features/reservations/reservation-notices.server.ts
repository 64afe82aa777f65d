import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { site, purchaseTerms } from "~/config/site";
import { cartReservations, contactMessages } from "~/db/schema";
import type { OutTheDoorPrice } from "~/features/catalogue/out-the-door";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { storeAndEnqueue } from "~/features/contact/contact-intake.server";
import type { Mailer } from "~/features/contact/mailer.server";
import { notifyStaff } from "~/features/contact/staff-notice.server";
import { findDeliveryTown } from "~/lib/delivery";
import type { DeliveryChoice } from "~/lib/delivery-choice";
import { formatMoney } from "~/lib/format";
import { database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { expireStaleReservations, reservedVehicleName } from "./reservation-store.server";

export interface Buyer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface AnnouncedReservation {
  reference: string;
  vehicle: Pick<Vehicle, "id" | "name">;
  delivery: DeliveryChoice;
  price: OutTheDoorPrice;
}

/** The staff's command for a reservation, as the README's Reservations section writes it, on the live site. */
export function reservationCommand(action: "confirm" | "decline" | "sold", reference: string): string {
  return `npm run reservations -- ${action} ${reference} --remote`;
}

/** Where the cart goes, as staff read it. */
export function deliveryText(delivery: DeliveryChoice): string {
  if (delivery.type === "pickup") return "Pickup at the showroom.";
  return `Delivery to ${findDeliveryTown(delivery.town)?.name ?? delivery.town}.`;
}

/** What staff read about a new reservation: the cart, where it goes, the price the buyer saw, the commands. */
export function reservationAnnouncementText({ reference, vehicle, delivery, price }: AnnouncedReservation): string {
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
    `  ${reservationCommand("confirm", reference)}`,
    `  ${reservationCommand("decline", reference)}`,
    `and once the sale is done: ${reservationCommand("sold", reference)}`,
  ].join("\n");
}

/**
 * Tells staff about a new reservation through the contact messages' pipeline: stored, queued, sent
 * once per recipient, retried, and a lead for the CRM. Reply-To is the buyer.
 */
export async function announceReservation(env: Env, reservation: AnnouncedReservation, buyer: Buyer): Promise<void> {
  await storeAndEnqueue(env, {
    ...buyer,
    interest: "sales",
    message: reservationAnnouncementText(reservation),
    vehicleId: reservation.vehicle.id,
    reservationReference: reservation.reference,
  });
}

/** How long a request may take between storing its reservation and announcing it before the cron steps in. */
const announceGraceMs = 2 * 60_000;

/**
 * Cron: announces reservations a request stored but did not announce, so staff hear of every one.
 * The unique index on the message's reservation reference makes a second announcement impossible.
 */
export async function announceMissedReservations(env: Env, at: Date = new Date()): Promise<number> {
  const db = database(env.DB);
  const missed = await db
    .select()
    .from(cartReservations)
    .leftJoin(contactMessages, eq(contactMessages.reservationReference, cartReservations.reference))
    .where(
      and(
        eq(cartReservations.status, "requested"),
        isNull(contactMessages.id),
        lt(cartReservations.createdAt, new Date(at.getTime() - announceGraceMs).toISOString()),
      ),
    )
    .orderBy(asc(cartReservations.createdAt))
    .limit(50);
  let announced = 0;
  for (const { cart_reservations: reservation } of missed) {
    try {
      const name = (await reservedVehicleName(db, reservation.vehicleId)) ?? reservation.vehicleId;
      await announceReservation(
        env,
        {
          reference: reservation.reference,
          vehicle: { id: reservation.vehicleId, name },
          delivery: reservation.delivery as DeliveryChoice,
          price: reservation.price as OutTheDoorPrice,
        },
        {
          firstName: reservation.firstName,
          lastName: reservation.lastName,
          email: reservation.email,
          phone: reservation.phone,
        },
      );
      announced += 1;
    } catch (error) {
      // The reference and the kind only: the error's text would carry the buyer's details.
      console.error("cart reservation not announced", { reference: reservation.reference, kind: errorKind(error) });
    }
  }
  return announced;
}

/**
 * Cron: releases reservations staff left unanswered past `purchaseTerms.reservationHoldHours`, so
 * the cart can be reserved again, and sends staff one e-mail naming them (references and carts, no
 * buyer's details). Best effort; `npm run reservations -- list` shows them as expired either way.
 */
export async function releaseStaleReservations(env: Env, mailer: Mailer, at: Date = new Date()): Promise<number> {
  const hours = purchaseTerms.reservationHoldHours;
  const db = database(env.DB);
  const released = await expireStaleReservations(db, at, hours);
  if (released.length === 0) return 0;
  const lines = await Promise.all(
    released.map(
      async (reservation) =>
        `  ${reservation.reference}  ${(await reservedVehicleName(db, reservation.vehicleId)) ?? reservation.vehicleId}`,
    ),
  );
  const count = released.length === 1 ? "1 cart reservation was" : `${released.length} cart reservations were`;
  await notifyStaff(env, mailer, {
    subject: `${count} released: not confirmed within ${hours} hours`,
    text: [
      `Not confirmed within ${hours} hours, so these carts can be reserved again:`,
      ...lines,
      "",
      "Each buyer's reservation page now says the reservation expired; call them if they still want the cart.",
    ].join("\n"),
  });
  return released.length;
}
