import { denagoLineup, evolutionLineup } from "~/features/catalogue/brand-lineups";
import { listStaffVehicles } from "~/features/catalogue-upkeep/catalogue-writes.server";
import type { ListingStatus } from "~/features/catalogue/listing-status";
import { isPhoto, type StaffVehicle } from "~/features/catalogue-upkeep/vehicle-edits";
import { parsePhotoReference, photoRenditionPath, photoRenditionSizes } from "~/features/photos/photo-names";
import type { Database } from "~/server/db.server";
import { formatMinutes } from "~/lib/format";

/**
 * The catalogue as staff see it on `/staff/vehicles`: every vehicle, drafts and hidden ones too, with
 * what a staff member on the lot needs to see at a glance, and the starting points of a new arrival.
 */

export interface StaffVehicleLine {
  id: string;
  name: string;
  stockNumber: string | null;
  /** The smallest JPEG of its first photo, or null: "no photos". */
  thumbnail: string | null;
  price: number;
  units: number;
  held: number;
  status: ListingStatus;
  unconfirmed: number;
  /** "2 h 14 min" from added to on the site, or null while it has never been on it. */
  timeToLine: string | null;
}

/** A staff photo's smallest JPEG; a photo from an allowed host as it is. */
export function thumbnailOf(image: string): string | null {
  const photo = parsePhotoReference(image);
  if (photo) return photoRenditionPath(photo, photoRenditionSizes(photo, "jpg")[0]!, "jpg");
  return image.startsWith("https://") ? image : null;
}

/** The dealer's clock of arrival to online, in whole minutes ("3 h 5 min"). */
export function durationWords(fromIso: string, toIso: string): string {
  return formatMinutes(Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000)));
}

function lineOf(vehicle: StaffVehicle): StaffVehicleLine {
  const firstPhoto = vehicle.images.find(isPhoto);
  return {
    id: vehicle.id,
    name: vehicle.name,
    stockNumber: vehicle.stockNumber,
    thumbnail: firstPhoto ? thumbnailOf(firstPhoto) : null,
    price: vehicle.price,
    units: vehicle.inStock ? vehicle.unitsInStock : 0,
    held: vehicle.heldBy.length,
    status: vehicle.status,
    unconfirmed: vehicle.exampleFields.length,
    timeToLine: vehicle.publishedAt ? durationWords(vehicle.addedAt, vehicle.publishedAt) : null,
  };
}

const searchable = (vehicle: StaffVehicle) =>
  [vehicle.id, vehicle.name, vehicle.brand, vehicle.category, vehicle.stockNumber ?? "", vehicle.colour ?? ""]
    .join(" ")
    .toLowerCase();

export interface StaffVehicleList {
  query: string;
  lines: StaffVehicleLine[];
  total: number;
  drafts: number;
  withoutPhotos: number;
}

/** Every vehicle whose id, name, brand, series, stock number or colour holds each word of `query`. */
export async function staffVehicleList(db: Database, query: string): Promise<StaffVehicleList> {
  const vehicles = await listStaffVehicles(db);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = vehicles.filter((vehicle) => words.every((word) => searchable(vehicle).includes(word)));
  return {
    query,
    lines: found.map(lineOf),
    total: vehicles.length,
    ...catalogueChores(vehicles),
  };
}

/** What the staff day view counts: drafts waiting to go online, and vehicles without a photo. */
export async function staffCatalogueChores(db: Database): Promise<{ drafts: number; withoutPhotos: number }> {
  return catalogueChores(await listStaffVehicles(db));
}

function catalogueChores(vehicles: readonly StaffVehicle[]): { drafts: number; withoutPhotos: number } {
  return {
    drafts: vehicles.filter((vehicle) => vehicle.status === "draft").length,
    withoutPhotos: vehicles.filter((vehicle) => vehicle.status !== "sold" && !vehicle.images.some(isPhoto)).length,
  };
}

export interface StartingPoint {
  id: string;
  name: string;
}

export interface NewArrivalChoices {
  /** The models the DENAGO and EVOLUTION pages list, by brand. */
  models: { brand: string; vehicles: StartingPoint[] }[];
  /** Every other vehicle in the catalogue, to copy. */
  others: StartingPoint[];
}

export async function newArrivalChoices(db: Database): Promise<NewArrivalChoices> {
  const vehicles = await listStaffVehicles(db);
  const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const models = [denagoLineup, evolutionLineup].map((lineup) => ({
    brand: lineup.brand,
    vehicles: lineup.featuredIds.flatMap((id) => {
      const vehicle = byId.get(id);
      return vehicle ? [{ id, name: vehicle.name }] : [];
    }),
  }));
  const listed = new Set(models.flatMap((model) => model.vehicles.map((vehicle) => vehicle.id)));
  const others = vehicles
    .filter((vehicle) => !listed.has(vehicle.id))
    .map((vehicle) => ({ id: vehicle.id, name: vehicle.name }));
  return { models, others };
}
