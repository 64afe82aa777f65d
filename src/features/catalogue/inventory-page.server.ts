import type { Database } from "~/server/db.server";
import { heldUnitsByVehicle, listVehicles } from "./catalogue.server";
import { applyFilters, parseFilters } from "./filters";
import { summarizeVehicle } from "./vehicle-summary";

/** The inventory for its address: the filtered cards (each knowing whether it is reserved), the count, the brands. */
export async function inventoryPageData(db: Database, params: URLSearchParams) {
  const filters = parseFilters(params);
  const [catalogue, held] = await Promise.all([
    listVehicles(db, filters.sort === "newest" ? "newest" : "featured"),
    heldUnitsByVehicle(db),
  ]);
  const brands = [...new Set(catalogue.map((vehicle) => vehicle.brand))].sort();
  return {
    vehicles: applyFilters(catalogue, filters).map((vehicle) => summarizeVehicle(vehicle, held.get(vehicle.id))),
    total: catalogue.length,
    filters,
    brands,
  };
}
