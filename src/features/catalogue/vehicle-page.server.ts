import { loanTerms } from "~/config/loan-terms";
import { clampLoanInput } from "~/features/financing/monthly-payment";
import type { Database } from "~/server/db.server";
import { getVehicle, heldUnitsOf } from "./catalogue.server";
import { outTheDoorPrice } from "./out-the-door";
import { deliveryTownProblem, townForPrice } from "./price-choice";
import type { Vehicle } from "./vehicle";
import { unitsInStockOf } from "./vehicle-facts";
import { reservableState } from "./vehicle-status";

/**
 * What a vehicle page shows for its address: the vehicle, its out-the-door price for the town in
 * the address (a pickup without one), the payment estimate's choices brought within the loan terms,
 * and whether one more unit can be reserved. Null: no vehicle has this id.
 */
export async function vehiclePageData(db: Database, id: string, params: URLSearchParams) {
  const vehicle: Vehicle | null = await getVehicle(db, id);
  if (!vehicle) return null;
  const loan = clampLoanInput(params.get("apr"), Number(params.get("term") ?? loanTerms.defaultTermMonths));
  const townSlug = params.get("town");
  const town = townForPrice(townSlug);
  const price = outTheDoorPrice(vehicle, town);
  return {
    vehicle,
    loan,
    town,
    townProblem: deliveryTownProblem(townSlug),
    price,
    reservable: reservableState(vehicle, unitsInStockOf(vehicle), await heldUnitsOf(db, vehicle.id)),
  };
}
