import type { Database } from "~/server/db.server";
import { getVehicle, heldUnitsByVehicle } from "./catalogue.server";
import type { Vehicle } from "./vehicle";
import { shownImages } from "./vehicle-status";
import { summarizeVehicle, type HeroCart, type VehicleSummary } from "./vehicle-summary";

/** The three carts the home page features, by catalogue id. */
export const homeFeaturedIds = ["evolution-d5-maverick-4-plus", "evolution-d6-max-xt4", "denago-ev-city"] as const;

export async function loadFeaturedVehicles(db: Database): Promise<Vehicle[]> {
  const found = await Promise.all(homeFeaturedIds.map((id) => getVehicle(db, id)));
  return found.filter((vehicle): vehicle is Vehicle => vehicle !== null);
}

/** The featured carts as the home page's cards show them, each knowing whether it is reserved. */
export async function featuredCards(db: Database): Promise<VehicleSummary[]> {
  const [featured, held] = await Promise.all([loadFeaturedVehicles(db), heldUnitsByVehicle(db)]);
  return featured.map((vehicle) => summarizeVehicle(vehicle, held.get(vehicle.id)));
}

/**
 * The featured carts as the heroes of the pages about the dealer show them: picture and name only.
 * No holds are read, so those pages carry none in their data either and a reservation leaves their
 * cached copies standing (the page registry says they show no holds).
 */
export async function featuredHeroCarts(db: Database): Promise<HeroCart[]> {
  return (await loadFeaturedVehicles(db)).map((vehicle) => ({
    id: vehicle.id,
    name: vehicle.name,
    images: shownImages(vehicle).slice(0, 1),
  }));
}
