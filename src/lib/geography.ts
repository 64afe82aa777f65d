import { showroom } from "~/config/site";
import { towns, type Town } from "~/config/towns";

export interface Coordinates {
  lat: number;
  lng: number;
}

const earthRadiusMiles = 3958.8;

/** Straight-line (great-circle) distance in miles. */
export function distanceMiles(from: Coordinates, to: Coordinates): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.sqrt(a));
}

/** Miles to one decimal: how every distance is shown, and what every charge is computed from. */
export function roundedMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** Miles from the showroom, to one decimal. */
export function distanceFromShowroom(town: Pick<Town, "coordinates">): number {
  if (!showroom.coordinates) return 0;
  return roundedMiles(distanceMiles(showroom.coordinates, town.coordinates));
}

export function nearestTowns(town: Town, count: number): Town[] {
  return towns
    .filter((other) => other.slug !== town.slug)
    .map((other) => ({ other, miles: distanceMiles(town.coordinates, other.coordinates) }))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, count)
    .map(({ other }) => other);
}

export type Region = "north" | "central" | "south";

export const regionNames: Record<Region, string> = {
  north: "Northern Susquehanna County",
  central: "Central Susquehanna County",
  south: "Southern Susquehanna County",
};

/** Regions are latitude bands across the county, so a new town falls into one by itself. */
export function regionOf(town: Pick<Town, "coordinates">): Region {
  if (town.coordinates.lat >= 41.9) return "north";
  if (town.coordinates.lat >= 41.76) return "central";
  return "south";
}

export function townsByRegion(): Record<Region, Town[]> {
  const grouped: Record<Region, Town[]> = { north: [], central: [], south: [] };
  for (const town of towns) grouped[regionOf(town)].push(town);
  return grouped;
}
