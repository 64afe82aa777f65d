import { z } from "zod";
import { requestLimits } from "~/config/request-limits";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import { outTheDoorPrice, type OutTheDoorPrice } from "~/features/catalogue/out-the-door";
import { townForPrice } from "~/features/catalogue/price-choice";
import { contactSchema, fieldErrorsFromZod } from "~/features/contact/contact-schema.server";
import { deliveryChoiceMessage, type DeliveryChoice } from "~/lib/delivery-choice";
import { clientKey } from "~/server/client-key.server";
import { database } from "~/server/db.server";
import { deliveryChoiceSchema, deliveryFromFormValue } from "~/server/delivery-choice.server";
import { errorKind } from "~/server/error-kind";
import { forgetCatalogueVersion } from "~/server/page-cache.server";
import { BodyRefusal, readFormBody, readJsonObject } from "~/server/post-body.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { announceReservation } from "./reservation-notices.server";
import { placeReservation, type ReservationRefusal } from "./reservation-store.server";

/**
 * A reservation reaches the server two ways: JSON to the API, and the vehicle's reservation form
 * posted without JavaScript. Both pass the same checks, in the same order, here: origin, body type
 * and size, the fields, the sender's rate, then the one conditional statement that holds a unit.
 */
export type ReservationBodyKind = "json" | "form";

const bodyLimitBytes: Record<ReservationBodyKind, number> = {
  json: requestLimits.reservationJson,
  form: requestLimits.reservationForm,
};

export const reservationSchema = contactSchema
  .pick({ firstName: true, lastName: true, email: true, phone: true })
  .extend({ delivery: deliveryChoiceSchema(deliveryChoiceMessage) });

export type ReservationSubmission = z.infer<typeof reservationSchema>;

const buyerDetails = ["firstName", "lastName", "email", "phone"] as const;
export type BuyerDetail = (typeof buyerDetails)[number];

export interface ReservationRefused {
  ok: false;
  status: 400 | 403 | 404 | 409 | 413 | 415 | 429;
  error: string;
  fields: Record<string, string>;
  retryAfterSeconds?: number;
  /** On a 400: what the buyer typed, for the form to show again. */
  sent?: Partial<Record<BuyerDetail | "delivery", string>>;
}

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

export const tooManyReservations = "Too many reservation attempts. Please wait a minute and try again, or call us.";
const correctTheFields = "Please correct the highlighted fields";

/** What the buyer reads when nothing could be held, by why. */
export const reservationRefusals: Record<ReservationRefusal, { status: 404 | 409; error: string }> = {
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
};

function refuse(status: ReservationRefused["status"], error: string, more: Partial<ReservationRefused> = {}) {
  return { ok: false, status, error, fields: {}, ...more } satisfies ReservationRefused;
}

function asSent(raw: Record<string, unknown>, form: FormData | null): ReservationRefused["sent"] {
  const sent: NonNullable<ReservationRefused["sent"]> = {};
  for (const name of buyerDetails) {
    const value = raw[name];
    if (typeof value === "string") sent[name] = value;
  }
  const delivery = form?.get("delivery");
  if (typeof delivery === "string") sent.delivery = delivery;
  return sent;
}

async function readReservation(
  request: Request,
  kind: ReservationBodyKind,
): Promise<{ raw: Record<string, unknown>; form: FormData | null } | BodyRefusal> {
  if (kind === "json") {
    const raw = await readJsonObject(request, bodyLimitBytes.json);
    return raw instanceof BodyRefusal ? raw : { raw, form: null };
  }
  const form = await readFormBody(request, bodyLimitBytes.form);
  if (form instanceof BodyRefusal) return form;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    form,
    raw: {
      firstName: text("firstName"),
      lastName: text("lastName"),
      email: text("email"),
      phone: text("phone"),
      delivery: deliveryFromFormValue(text("delivery")),
    },
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
): Promise<ReservationOutcome> {
  if (!isSameOrigin(request)) return refuse(403, "Requests from other sites are not accepted");
  const read = await readReservation(request, kind);
  if (read instanceof BodyRefusal) return refuse(read.status, read.error);

  const parsed = reservationSchema.safeParse(read.raw);
  if (!parsed.success) {
    return refuse(400, correctTheFields, {
      fields: fieldErrorsFromZod(parsed.error),
      sent: asSent(read.raw, read.form),
    });
  }
  const db = database(env.DB);
  const vehicle = await getVehicle(db, vehicleId);
  if (!vehicle) return refuse(404, reservationRefusals["no-vehicle"].error);
  const { success: withinRate } = await env.RESERVATION_RATE_LIMITER.limit({ key: clientKey(request) });
  if (!withinRate) return refuse(429, tooManyReservations, { retryAfterSeconds: 60 });

  const { delivery, ...buyer } = parsed.data;
  const price = outTheDoorPrice(vehicle, townForPrice(delivery.type === "delivery" ? delivery.town : null));
  const placed = await placeReservation(db, { vehicleId: vehicle.id, delivery, price, ...buyer });
  if (!placed.placed) {
    const { status, error } = reservationRefusals[placed.reason];
    return refuse(status, error);
  }
  // The hold moved the catalogue version (migration 0010); this isolate reads it again at once, so
  // the buyer's next page says Reserved rather than waiting out the version's 30 seconds.
  forgetCatalogueVersion();
  try {
    await announceReservation(env, { reference: placed.reference, vehicle, delivery, price }, buyer);
  } catch (error) {
    console.error("cart reservation announcement deferred", { reference: placed.reference, kind: errorKind(error) });
  }
  return {
    ok: true,
    reference: placed.reference,
    token: placed.token,
    vehicleName: vehicle.name,
    delivery,
    price,
  };
}
