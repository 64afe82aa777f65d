import { towns, type Town } from "~/config/towns";
import { findDeliveryTown } from "~/lib/delivery";
import { pickupChoice } from "~/lib/delivery-choice";

/**
 * The delivery choice behind an out-the-door price, as the vehicle page's form and the price API
 * name it: no town (or "pickup") for a pickup at the showroom, else one of the towns' slugs.
 */

function isPickup(slug: string | undefined | null): boolean {
  return slug === undefined || slug === null || slug === "" || slug === pickupChoice;
}

/** Why `slug` names no town we deliver to, or null when it is a pickup or a known town. */
export function deliveryTownProblem(slug: string | undefined | null): string | null {
  if (isPickup(slug) || findDeliveryTown(slug!)) return null;
  return `We do not deliver to "${String(slug).slice(0, 60)}": choose one of our ${towns.length} towns (its slug, such as "${towns[0]!.slug}"), or leave the town out for a pickup at the showroom`;
}

/** The town a known slug names; null for a pickup, and for a slug `deliveryTownProblem` refuses. */
export function townForPrice(slug: string | undefined | null): Town | null {
  return isPickup(slug) ? null : (findDeliveryTown(slug!) ?? null);
}
