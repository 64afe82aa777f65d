/**
 * The catalogue's canonical address is /vehicle/{id}. The brand pages of the original site
 * published other forms, which people have bookmarked and search engines have indexed: the model
 * name without its brand (/vehicles/ev-city, /vehicles/rover-xl6, /vehicles/d6-max-xt4) and
 * series model names with a plus sign (/vehicles/d5-ranger-2+2). Those resolve to the one vehicle
 * whose id they name, so the page can answer with a permanent redirect instead of Not Found.
 */

export function canonicalVehiclePath(id: string): string {
  return `/vehicle/${id}`;
}

/** The form that reserves this vehicle, opened for a pickup or a delivery town's slug. */
export function vehicleReservationPath(id: string, town?: string | null): string {
  const path = `${canonicalVehiclePath(id)}/reserve`;
  return town ? `${path}?town=${encodeURIComponent(town)}` : path;
}

/** The form that books a test drive of this vehicle, at the showroom unless `where` is "home". */
export function vehicleTestDrivePath(id: string, where?: string | null): string {
  const path = `${canonicalVehiclePath(id)}/test-drive`;
  return where === "home" ? `${path}?where=home` : path;
}

/** "D5-Ranger-2+2" -> "d5-ranger-2-plus-2", the way catalogue ids spell a model name. */
export function slugFromAddress(segment: string): string {
  return segment
    .toLowerCase()
    .replace(/\+/g, "-plus-")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The id a published address names: the id itself, or the one id ending in the address's slug at
 * a word boundary (so "rover-xl6" finds "denago-ev-rover-xl6"). An address that fits several
 * vehicles ("/vehicles/4") names none.
 */
export function vehicleIdForAddress(segment: string, ids: readonly string[]): string | null {
  const slug = slugFromAddress(segment);
  if (!slug) return null;
  if (ids.includes(slug)) return slug;
  const matches = ids.filter((id) => id.endsWith(`-${slug}`));
  return matches.length === 1 ? matches[0]! : null;
}
