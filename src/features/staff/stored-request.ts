import type { DeliveryChoice } from "~/lib/delivery-choice";
import { findDeliveryTown } from "~/lib/delivery";

/**
 * What staff pages read of a booking's stored request JSON, without the booking features that
 * wrote it (the staff feature uses only bookings and contact). Every kind stores its own shape, and
 * a row from an older release may lack a field, so each reader says "unknown" (null) rather than
 * guess.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** How the customer gets the cart: a rental's and a cart reservation's `delivery`. */
export function storedDelivery(request: unknown): DeliveryChoice | null {
  const delivery = isRecord(request) ? request.delivery : null;
  if (!isRecord(delivery)) return null;
  if (delivery.type === "pickup") return { type: "pickup" };
  if (delivery.type === "delivery" && typeof delivery.town === "string")
    return { type: "delivery", town: delivery.town };
  return null;
}

/** A test drive's start time ("HH:MM"), as its request stores it; null when it lacks one. */
export function storedTime(request: unknown): string | null {
  const time = isRecord(request) ? request.time : null;
  return typeof time === "string" && /^\d\d:\d\d$/.test(time) ? time : null;
}

/** A delivery town by name as staff know it; the stored slug when the town list no longer has it. */
export function townName(slug: string): string {
  return findDeliveryTown(slug)?.name ?? slug;
}
