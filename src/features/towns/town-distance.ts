import { showroomOrigin } from "~/config/site";
import type { Town } from "~/config/towns";
import { formatMiles } from "~/lib/format";
import { distanceFromShowroom } from "~/lib/geography";

/**
 * "23.4 miles from our Montrose showroom", or, for the showroom's own town, where it stands: a
 * page that said "0 miles from our showroom" would read as a mistake.
 */
export function showroomDistanceText(town: Pick<Town, "coordinates" | "name">): string {
  const miles = distanceFromShowroom(town);
  return miles < 1 ? `home of our showroom in ${town.name}` : `${formatMiles(miles)} from ${showroomOrigin.name}`;
}
