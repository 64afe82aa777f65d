import type { Database } from "~/server/db.server";
import { getVehicle, listVehicles } from "./catalogue.server";
import { compareChoice, compareLimit } from "./compare";
import { outTheDoorPrice, type OutTheDoorPrice } from "./out-the-door";
import type { Vehicle } from "./vehicle";

export interface ComparedVehicle {
  vehicle: Vehicle;
  /** Picked up at the showroom: the one place every buyer can compare from. */
  pickupPrice: OutTheDoorPrice;
}

export interface ComparePageData {
  compared: ComparedVehicle[];
  /** Ids the address named that no vehicle has, named on the page rather than failing it. */
  unknownIds: string[];
  tooMany: boolean;
  /** Carts that could join the comparison, for its "Add a cart" form; none once it is full. */
  addable: { id: string; name: string }[];
}

export async function comparePageData(db: Database, params: URLSearchParams): Promise<ComparePageData> {
  const { ids, tooMany } = compareChoice(params);
  const found = await Promise.all(ids.map(async (id) => ({ id, vehicle: await getVehicle(db, id) })));
  const compared = found.flatMap(({ vehicle }) =>
    vehicle ? [{ vehicle, pickupPrice: outTheDoorPrice(vehicle, null) }] : [],
  );
  const comparedIds = new Set(compared.map(({ vehicle }) => vehicle.id));
  const addable =
    compared.length < compareLimit
      ? (await listVehicles(db))
          .filter((vehicle) => !comparedIds.has(vehicle.id))
          .map(({ id, name }) => ({ id, name }))
          .sort((a, b) => a.name.localeCompare(b.name))
      : [];
  return {
    compared,
    unknownIds: found.filter(({ vehicle }) => !vehicle).map(({ id }) => id),
    tooMany,
    addable,
  };
}
