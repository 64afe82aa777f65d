// Relative, with its extension: the build step loads this file (through vehicle-images.ts) outside the "~/" alias.
import { parsePhotoReference } from "../photos/photo-names.ts";
import type { Vehicle } from "./vehicle";

export type VehicleStatus = "new" | "in-stock" | "out-of-stock";

/** The detail page's badge: NEW wins, then In Stock, otherwise Out of Stock. */
export function vehicleStatus(vehicle: Pick<Vehicle, "isNew" | "inStock">): VehicleStatus {
  if (vehicle.isNew) return "new";
  return vehicle.inStock ? "in-stock" : "out-of-stock";
}

/**
 * Whether one more unit of a vehicle can be reserved: it is on the lot and not every unit is held
 * for a buyer ("all-held" shows as Reserved), or it is not in stock at all.
 */
export type ReservableState = "open" | "all-held" | "not-in-stock";

export function reservableState(vehicle: Pick<Vehicle, "inStock">, units: number, held: number): ReservableState {
  if (!vehicle.inStock || units === 0) return "not-in-stock";
  return held >= units ? "all-held" : "open";
}

export const vehicleStatusLabel: Record<VehicleStatus, string> = {
  new: "NEW",
  "in-stock": "In Stock",
  "out-of-stock": "Out of Stock",
};

export const placeholderImage = { src: "/images/vehicles/placeholder.svg", width: 640, height: 400 };
/** Every drawn vehicle picture shares these dimensions. */
export const vehicleImageSize = { width: 640, height: 400 };

/**
 * The pictures a vehicle's pages show: its staff photos when it has any, else whatever it lists
 * (the model's drawing). A drawing stands in for photos; shown beside them it would pass for one.
 */
export function shownImages(vehicle: Pick<Vehicle, "images">): string[] {
  const photos = vehicle.images.filter((image) => parsePhotoReference(image) !== null);
  return photos.length > 0 ? photos : vehicle.images;
}

/** The vehicle's main picture: its first photo, else its first picture, else the placeholder drawing. */
export function vehicleImage(vehicle: Pick<Vehicle, "images">): string {
  return shownImages(vehicle)[0] ?? placeholderImage.src;
}

export function vehiclePath(vehicle: Pick<Vehicle, "id">): string {
  return `/vehicles/${vehicle.id}`;
}

export function quotePath(vehicle: Pick<Vehicle, "id">): string {
  return `/contact?vehicle=${encodeURIComponent(vehicle.id)}`;
}
