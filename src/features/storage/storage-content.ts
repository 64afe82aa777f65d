import type { StorageSpace } from "~/config/booking-pools";

/**
 * The storage pages' fixed wording and limits. Every price, season and term comes from `storage`
 * in src/config/business-terms.ts (the storage policy's own figures); this module holds only what
 * the policy does not state.
 */

/** What each kind of space is called on the pages, in quotes and in staff e-mails. */
export const storageSpaceNames: Record<StorageSpace, string> = {
  indoor: "Indoor",
  outdoor: "Covered outdoor",
};

/** What each kind of space is, for the storage page. */
export const storageSpaceDescriptions: Record<StorageSpace, string> = {
  indoor: "Inside our building, out of the snow, the rain and the sun.",
  outdoor: "Under a roof outdoors, sheltered from snow and rain, at a lower price.",
};

/** Monthly storage runs for a whole number of months, from one to a year. */
export const storageMonthLimits = { min: 1, max: 12 } as const;

/** The longest stretch one availability request covers: a year's stay and some. */
export const storageAvailabilityMaxDays = 400;

/** The longest cart description taken ("make, model, year"). */
export const storageVehicleMaxLength = 120;

/** How booking works, as the storage page tells it. */
export const storageSteps = [
  "Choose indoor or covered outdoor, the winter or summer package or monthly storage, and the day you bring the cart.",
  "See the price line by line, add-ons included, before you book.",
  "Book: we hold one space for you for every day of your stay.",
  "Our staff call you to confirm and arrange payment. Nothing is paid online.",
];
