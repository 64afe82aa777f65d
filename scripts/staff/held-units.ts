import { unitsInStockOf } from "~/features/catalogue/vehicle-facts";
import { heldVehiclesSql, type HeldVehicle } from "./catalogue-sql";
import { databaseName, query, type D1Target } from "./d1";
import { StaffRefusal } from "./staff-messages";

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Refuses an import file (JSON or CSV) that would leave a cart fewer units for sale than buyers
 * hold, naming each cart and who holds it, before anything is written: the README's "mark a sold
 * cart" edit made while someone holds it.
 */
export function refuseTakingHeldUnits(
  target: D1Target,
  file: string,
  vehicles: readonly { id: string; inStock: boolean; unitsInStock?: number }[],
  // Read by the caller in the batch that read the catalogue, which saves a wrangler run (seconds of CPU).
  held: readonly HeldVehicle[] = query<HeldVehicle>(
    target,
    heldVehiclesSql,
    `reading the carts buyers hold from ${databaseName(target)}`,
  ),
): void {
  const holds = new Map(held.map((vehicle) => [vehicle.id, vehicle]));
  const short = vehicles.flatMap((vehicle) => {
    const hold = holds.get(vehicle.id);
    const units = vehicle.inStock ? unitsInStockOf(vehicle) : 0;
    return hold && units < hold.held
      ? [`  ${vehicle.id}: ${count(units)} for sale in the file, ${count(hold.held)} held by buyers (${hold.heldBy})`]
      : [];
  });
  if (short.length === 0) return;
  throw new StaffRefusal(
    [
      `${file} takes away carts buyers have reserved; nothing was written:`,
      ...short,
      "Decline those reservations, or mark them sold, first: npm run bookings -- list --kind reservation",
    ].join("\n"),
  );
}
