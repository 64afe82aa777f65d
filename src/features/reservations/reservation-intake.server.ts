import { z } from "zod";
import { requestLimits } from "~/config/request-limits";
import { site } from "~/config/site";
import { announceNewBooking } from "~/features/bookings/booking-notices.server";
import { reservationStatusPath } from "./reservation-paths";
import { placingLimits } from "~/features/bookings/capacity.server";
import {
  formText,
  limitRefusal,
  readBookingRequest,
  refuse,
  type BookingBodyKind,
  type BookingRefusal,
} from "~/features/bookings/booking-intake.server";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import { outTheDoorPrice, type OutTheDoorPrice } from "~/features/catalogue/out-the-door";
import { townForPrice } from "~/features/catalogue/price-choice";
import { contactSchema } from "~/features/contact/contact-schema.server";
import { localMoment } from "~/lib/calendar-days";
import { deliveryChoiceMessage, type DeliveryChoice } from "~/lib/delivery-choice";
import { database } from "~/server/db.server";
import { deliveryChoiceSchema, deliveryFromFormValue } from "~/server/delivery-choice.server";
import { forgetHoldVersions } from "~/server/page-cache.server";
import { placeReservation } from "./reservation-bookings.server";

/**
 * A reservation reaches the server two ways: JSON to the API, and the vehicle's reservation form
 * posted without JavaScript. Both pass the same checks, in the same order (readBookingRequest), then
 * the capacity engine's one conditional statement holds a unit.
 */
export type ReservationBodyKind = BookingBodyKind;

export const reservationSchema = contactSchema
  .pick({ firstName: true, lastName: true, email: true, phone: true })
  .extend({ delivery: deliveryChoiceSchema(deliveryChoiceMessage) });

export type ReservationSubmission = z.infer<typeof reservationSchema>;

export type ReservationRefused = BookingRefusal;

export type ReservationOutcome =
  | {
      ok: true;
      reference: string;
      token: string;
      vehicleName: string;
      delivery: DeliveryChoice;
      price: OutTheDoorPrice;
    }
  | ReservationRefused;

/** What the buyer reads when nothing could be held, by why. */
export const reservationRefusals = {
  "no-vehicle": { status: 404, error: "Vehicle not found" },
  "not-in-stock": {
    status: 409,
    error: "This cart is not in stock, so it cannot be reserved. Call us and we will find you one like it.",
  },
  "all-held": {
    status: 409,
    error:
      "Every one of these carts is reserved by another buyer right now. Call us: if a reservation is released, we can hold it for you.",
  },
} as const;

function reservationFromForm(form: FormData): Record<string, unknown> {
  return {
    firstName: formText(form, "firstName"),
    lastName: formText(form, "lastName"),
    email: formText(form, "email"),
    phone: formText(form, "phone"),
    delivery: deliveryFromFormValue(formText(form, "delivery")),
  };
}

/**
 * Holds one unit of the vehicle for the buyer when one is free. Nothing is held unless every check
 * passed; staff hear of it through the contact pipeline, and if that announcement cannot be stored
 * now the reservation still stands and the cron job announces it.
 */
export async function takeReservation(
  env: Env,
  request: Request,
  vehicleId: string,
  kind: ReservationBodyKind,
  now = new Date(),
): Promise<ReservationOutcome> {
  const read = await readBookingRequest(env, request, kind, {
    limits: { json: requestLimits.reservationJson, form: requestLimits.reservationForm },
    fromForm: reservationFromForm,
    schema: reservationSchema,
  });
  if (!read.ok) return read;
  const db = database(env.DB);
  const vehicle = await getVehicle(db, vehicleId);
  if (!vehicle) return refuse(404, reservationRefusals["no-vehicle"].error);
  if (!vehicle.inStock) return refuse(409, reservationRefusals["not-in-stock"].error);

  const { delivery, ...buyer } = read.data;
  const price = outTheDoorPrice(vehicle, townForPrice(delivery.type === "delivery" ? delivery.town : null));
  const today = localMoment(now, site.timeZone).day;
  const placed = await placeReservation(db, today, { vehicle, delivery, price, ...buyer }, placingLimits(env));
  if (!placed.placed && placed.reason !== "full") return limitRefusal(env, "reservation", placed, read.sent, now);
  if (!placed.placed) return refuse(409, reservationRefusals["all-held"].error);
  // The hold moved the holds versions (migration 0017); this isolate reads them again at once, so
  // the buyer's next page says Reserved rather than waiting out the versions' 10 seconds.
  forgetHoldVersions(vehicle.id);
  await announceNewBooking(env, placed.notice, { statusPath: reservationStatusPath(placed.token) });
  return {
    ok: true,
    reference: placed.reference,
    token: placed.token,
    vehicleName: vehicle.name,
    delivery,
    price,
  };
}
