import type { Database } from "~/server/db.server";
import { getVehicle } from "./catalogue.server";
import type { Vehicle } from "./vehicle";

/** The three carts the home page features, by catalogue id. */
export const homeFeaturedIds = ["evolution-d5-maverick-4-plus", "evolution-d6-max-xt4", "denago-ev-city"] as const;

export async function loadFeaturedVehicles(db: Database): Promise<Vehicle[]> {
  const found = await Promise.all(homeFeaturedIds.map((id) => getVehicle(db, id)));
  return found.filter((vehicle): vehicle is Vehicle => vehicle !== null);
}
