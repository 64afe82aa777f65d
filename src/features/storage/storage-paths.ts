import { policyPath } from "~/config/policy-list";
import { choicePath, privatePages } from "~/features/bookings/booking-paths";
import type { StorageSpace } from "~/config/booking-pools";

/** Where an owner follows a storage booking: a private page whose address carries its secret token. */
export const { statusPath: storageBookingStatusPath } = privatePages("/storage/booking");

export const storagePagePath = "/storage";
export const storageBookPath = "/storage/book";
export const storagePolicyPath = policyPath({ slug: "storage-policy" });

/**
 * What the booking page reads from its address; all text as typed. `plan` is the package and, for
 * monthly storage, its months in one choice ("winter", "summer", "monthly-3"), so a form without
 * JavaScript can never send months with a package.
 */
export interface StorageSearch {
  space?: string;
  plan?: string;
  start?: string;
  maintenance?: string;
  prep?: string;
}

const searchOrder = ["space", "plan", "start", "maintenance", "prep"] as const;

/** The booking page at `search`, fields always in one order; an empty value drops the field. */
export function storageBookingPath(search: StorageSearch = {}): string {
  return choicePath(storageBookPath, searchOrder, search);
}

/** A link to the booking page with a space and a plan chosen. */
export function storageBookingLink(space: StorageSpace, plan: string): string {
  return storageBookingPath({ space, plan });
}

/** The plan choice's value for a package (and its months). */
export function planValue(pkg: string, months?: number | string): string {
  return pkg === "monthly" && months !== undefined && months !== "" ? `monthly-${months}` : pkg;
}

/** The package and months a plan choice names, as text; unknown text stays as typed, for the schema to name. */
export function planParts(plan: string): { package: string; months?: string } {
  const monthly = /^monthly-(\d{1,3})$/.exec(plan);
  if (monthly) return { package: "monthly", months: monthly[1] };
  return { package: plan };
}
