import type { Vehicle } from "./vehicle";

/**
 * What a vehicle card shows. Pages that list many carts send only this to the browser, not the
 * whole record: the page's data travels inside its HTML, once for the markup and once for hydration.
 */
export type VehicleSummary = Pick<Vehicle, "id" | "name" | "brand" | "price" | "isNew" | "images"> & {
  specifications: Pick<Vehicle["specifications"], "seatingCapacity" | "range">;
  /** The example marks of the values a card shows (seats, range), when there are any. */
  exampleFields?: string[];
};

const cardValuePaths = ["specifications.seatingCapacity", "specifications.range"];

export function summarizeVehicle(vehicle: Vehicle): VehicleSummary {
  const cardExamples = (vehicle.exampleFields ?? []).filter((path) => cardValuePaths.includes(path));
  return {
    id: vehicle.id,
    name: vehicle.name,
    brand: vehicle.brand,
    price: vehicle.price,
    isNew: vehicle.isNew,
    // A card shows the first picture only.
    images: vehicle.images.slice(0, 1),
    specifications: {
      seatingCapacity: vehicle.specifications.seatingCapacity,
      range: vehicle.specifications.range,
    },
    ...(cardExamples.length > 0 ? { exampleFields: cardExamples } : {}),
  };
}
