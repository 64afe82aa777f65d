import { getVehicle, heldUnitsOf } from "~/features/catalogue/catalogue.server";
import { outTheDoorPrice } from "~/features/catalogue/out-the-door";
import { townForPrice } from "~/features/catalogue/price-choice";
import { unitsInStockOf } from "~/features/catalogue/vehicle-facts";
import type { Database } from "~/server/db.server";
import { reservableState } from "~/features/catalogue/vehicle-status";
import type { ReservePageData } from "./ReservePage";

/** The reservation form for a vehicle as this moment's stock stands, priced for the town asked; null: no such vehicle. */
export async function reservePageData(
  db: Database,
  vehicleId: string,
  townSlug: string | null,
  depositsOnline: boolean,
): Promise<ReservePageData | null> {
  const vehicle = await getVehicle(db, vehicleId);
  if (!vehicle) return null;
  const town = townForPrice(townSlug);
  const held = await heldUnitsOf(db, vehicle.id);
  return {
    vehicle: { id: vehicle.id, name: vehicle.name, price: vehicle.price },
    state: reservableState(vehicle, unitsInStockOf(vehicle), held),
    town,
    price: outTheDoorPrice(vehicle, town),
    depositsOnline,
  };
}
