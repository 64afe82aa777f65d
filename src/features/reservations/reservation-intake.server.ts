import { z } from "zod";
import { requestLimits } from "~/config/request-limits";
import { site } from "~/config/site";
import type { BookingKindFlow } from "~/features/bookings/booking-flow.server";
import { formText, refuse } from "~/features/bookings/booking-intake.server";
import { reservationStatusPath } from "./reservation-paths";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import { outTheDoorPrice } from "~/features/catalogue/out-the-door";
import { townForPrice } from "~/features/catalogue/price-choice";
import { localMoment } from "~/lib/calendar-days";
import { deliveryChoiceMessage } from "~/lib/delivery-choice";
import { deliveryChoiceSchema, deliveryFromFormValue } from "~/server/delivery-choice.server";
import { personSchema } from "~/server/visitor-schema.server";
import { forgetHoldVersions } from "~/server/page-cache.server";
import { reservationHold } from "./reservation-bookings.server";

export const reservationSchema = personSchema.extend({ delivery: deliveryChoiceSchema(deliveryChoiceMessage) });

export type ReservationSubmission = z.infer<typeof reservationSchema>;

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
 * Cart reservations on the booking flow, from POST /api/vehicles/{id}/reservations and the
 * vehicle's reservation form alike: one unit of the vehicle its address names, at the out-the-door
 * price for where it goes, held until staff decide. Staff hear of it by e-mail (src/features/mail).
 */
export const reservationFlow: BookingKindFlow<ReservationSubmission> = {
  kind: "reservation",
  limits: { json: requestLimits.reservationJson, form: requestLimits.reservationForm },
  fromForm: reservationFromForm,
  schema: reservationSchema,
  plan: async ({ delivery }, { db, now, params }) => {
    const vehicle = await getVehicle(db, params.id ?? "");
    if (!vehicle) return refuse(404, reservationRefusals["no-vehicle"].error);
    if (!vehicle.inStock) return refuse(409, reservationRefusals["not-in-stock"].error);
    const price = outTheDoorPrice(vehicle, townForPrice(delivery.type === "delivery" ? delivery.town : null));
    const today = localMoment(now, site.timeZone).day;
    return {
      hold: reservationHold(today, { vehicle, delivery, price }),
      full: () => refuse(409, reservationRefusals["all-held"].error),
      answer: { price },
      // The hold moved the holds versions (migration 0017); this isolate reads them again at once, so
      // the buyer's next page says Reserved rather than waiting out the versions' 10 seconds.
      afterPlaced: () => forgetHoldVersions(vehicle.id),
    };
  },
  statusPath: reservationStatusPath,
};
