import { rentalTerms } from "~/config/rental-plans";
import { site } from "~/config/site";
import { formatPrice } from "~/lib/format";

const aroundTheClock = site.optionalClaims.roundTheClockRentalSupport;

/**
 * What the rentals page promises every renter. The cover is the rental policy's, liability only:
 * the spec's "full insurance" would promise what the policy's damage charges take back (docs/decisions.md).
 */
export const rentalBenefits = [
  "Delivered and picked up at your door",
  `Liability insurance included with every rental: ${formatPrice(rentalTerms.liabilityPerPerson)} per person, ${formatPrice(rentalTerms.liabilityPerAccident)} per accident, ${formatPrice(rentalTerms.liabilityPropertyDamage)} property damage`,
  ...(aroundTheClock ? ["24/7 roadside support line"] : []),
  "Clean, fully charged lithium carts",
  "Daily, 3-day, weekly and monthly plans",
  "Walkthrough of every control at delivery",
];

/** The rentals page's short promise, in its lead and its search description. */
export const rentalPromise = aroundTheClock
  ? "Liability insurance and 24/7 support included."
  : "Liability insurance included.";
