import type { Vehicle } from "./vehicle";
import { roadClassOf, unitsInStockOf, type RoadClass } from "./vehicle-facts";
import { reservableState, shownImages } from "./vehicle-status";

/**
 * What a vehicle card shows. Pages that list many carts load only this, not the whole record, so
 * a list page's loader reads and renders no more than its cards need.
 */
export type VehicleSummary = Pick<Vehicle, "id" | "name" | "brand" | "price" | "isNew" | "images"> & {
  specifications: Pick<Vehicle["specifications"], "seatingCapacity" | "range">;
  roadClass: RoadClass;
  /** Every unit on the lot is held for a buyer. */
  reserved: boolean;
  /** The example marks of the values a card shows (seats, range, road class), when there are any. */
  exampleFields?: string[];
};

/** What a hero shows of a cart: its picture and name, linking to its page. */
export type HeroCart = Pick<VehicleSummary, "id" | "name" | "images">;

const cardValuePaths = ["specifications.seatingCapacity", "specifications.range", "roadClass"];

/** A card's facts; `heldUnits` are the vehicle's units reserved for buyers. */
export function summarizeVehicle(vehicle: Vehicle, heldUnits = 0): VehicleSummary {
  const cardExamples = (vehicle.exampleFields ?? []).filter((path) => cardValuePaths.includes(path));
  return {
    id: vehicle.id,
    name: vehicle.name,
    brand: vehicle.brand,
    price: vehicle.price,
    isNew: vehicle.isNew,
    // A card shows the first picture it would show: the first photo, or else the first picture.
    images: shownImages(vehicle).slice(0, 1),
    specifications: {
      seatingCapacity: vehicle.specifications.seatingCapacity,
      range: vehicle.specifications.range,
    },
    roadClass: roadClassOf(vehicle),
    reserved: reservableState(vehicle, unitsInStockOf(vehicle), heldUnits) === "all-held",
    ...(cardExamples.length > 0 ? { exampleFields: cardExamples } : {}),
  };
}
