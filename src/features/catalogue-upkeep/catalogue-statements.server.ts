import { sql, type SQL } from "drizzle-orm";
import { activeBookingStatuses } from "~/config/booking-kinds";
import { vehiclePool } from "~/config/booking-pools";
import { reservedVehicleIds, type Vehicle } from "../catalogue/vehicle";
import { roadClassOf, unitsInStockOf, type SaleWarranty } from "../catalogue/vehicle-facts";
import type { HistoryRow } from "./vehicle-history";
import type { ListingStatus } from "../catalogue/listing-status";
import type { Editor, StaffVehicle, VehicleEdits } from "./vehicle-edits";

/**
 * Every write to the catalogue, as drizzle `sql` statements with bound values. The Worker runs them
 * with D1's batch (one transaction; catalogue-writes.server.ts); the staff commands write the very
 * same statements as text for `wrangler d1 execute` (scripts/staff/statement-text.ts). Each sets
 * `changed_by` and moves the vehicle's version in the statement that changes it: migration 0022's
 * triggers record the history from them, in the same transaction.
 */

const now = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
const activeList = `(${activeBookingStatuses.map((status) => `'${status}'`).join(", ")})`;
const active = sql.raw(activeList);

/** The columns of the fields staff change, by the Vehicle's names for them. */
const columnOf = {
  name: "name",
  brand: "brand",
  category: "category",
  price: "price",
  description: "description",
  images: "images",
  externalUrl: "external_url",
  inStock: "in_stock",
  isNew: "is_new",
  features: "features",
  specifications: "specifications",
  exampleFields: "example_fields",
  roadClass: "road_class",
  unitsInStock: "units_in_stock",
  colour: "colour",
  stockNumber: "stock_number",
} as const satisfies Record<keyof VehicleEdits, string>;

type StoredValue = string | number | null;

/** A field's value as its column stores it: lists and objects as JSON text, booleans as 0/1. */
function stored(value: unknown): StoredValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number" || typeof value === "string") return value;
  return JSON.stringify(value);
}

/** A row of `staffVehicleStatement` as D1 and wrangler give it: JSON as text, booleans as 0/1. */
export interface StaffVehicleRow {
  id: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  description: string;
  images: string;
  externalUrl: string | null;
  inStock: number;
  isNew: number;
  features: string;
  specifications: string;
  exampleFields: string;
  roadClass: "golf-cart" | "lsv";
  unitsInStock: number;
  colour: string | null;
  saleWarranty: SaleWarranty | null;
  stockNumber: string | null;
  status: ListingStatus;
  addedAt: string;
  publishedAt: string | null;
  updatedAt: string;
  version: number;
  heldBy: string | null;
}

const staffColumns = sql.raw(`id, name, brand, category, price, description, images, external_url AS externalUrl,
  in_stock AS inStock, is_new AS isNew, features, specifications, example_fields AS exampleFields,
  road_class AS roadClass, units_in_stock AS unitsInStock, colour, sale_warranty AS saleWarranty,
  stock_number AS stockNumber, status,
  created_at AS addedAt, published_at AS publishedAt, updated_at AS updatedAt, version,
  (SELECT group_concat(reference, ', ') FROM bookings
    WHERE bookings.pool = 'vehicle:' || vehicles.id AND bookings.status IN ${activeList}) AS heldBy`);

export function staffVehicleFromRow(row: StaffVehicleRow): StaffVehicle {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: row.price,
    description: row.description,
    images: JSON.parse(row.images) as string[],
    externalUrl: row.externalUrl,
    inStock: row.inStock === 1,
    isNew: row.isNew === 1,
    features: JSON.parse(row.features) as string[],
    specifications: JSON.parse(row.specifications) as Vehicle["specifications"],
    exampleFields: JSON.parse(row.exampleFields) as string[],
    roadClass: row.roadClass,
    unitsInStock: row.unitsInStock,
    colour: row.colour,
    ...(row.saleWarranty ? { saleWarranty: row.saleWarranty } : {}),
    stockNumber: row.stockNumber,
    status: row.status,
    addedAt: row.addedAt,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    version: row.version,
    heldBy: row.heldBy ? row.heldBy.split(", ") : [],
  };
}

/** One vehicle as staff see it, whatever its status, with the reservations holding it. */
export function staffVehicleStatement(id: string): SQL {
  return sql`SELECT ${staffColumns} FROM vehicles WHERE id = ${id}`;
}

/** The version every catalogue change moves: read with the vehicles, it is the version they were read at. */
export function catalogueVersionStatement(): SQL {
  return sql`SELECT version FROM catalogue_state WHERE id = 1`;
}

/** Every vehicle, drafts first (they are what staff are working on), then by brand and price. */
export function staffVehiclesStatement(): SQL {
  return sql`SELECT ${staffColumns} FROM vehicles
    ORDER BY status = 'draft' DESC, brand, price, id`;
}

/** What every change of one vehicle sets besides its fields: who, a new version, when. */
const changeMark = (who: Editor) => sql`version = version + 1, changed_by = ${who}, updated_at = ${now}`;

const guard = (id: string, expectedVersion: number | null) =>
  expectedVersion === null ? sql`id = ${id}` : sql`id = ${id} AND version = ${expectedVersion}`;

/** A listed vehicle's status by its stock: the rule of migration 0022's trigger, for a new listing. */
const listedStatus = sql.raw(`CASE WHEN in_stock = 1 THEN 'for-sale' ELSE 'sold' END`);

/**
 * Stores a draft under the first free id of `base`, `base-2`, `base-3`...: chosen by the INSERT
 * itself, so two staff adding the same model at once get two ids. An id that a removed vehicle had
 * is not reused (its history, cached pages and links would pass to the new one), nor a dealer place.
 * Returns the id chosen.
 */
export function createDraftStatement(base: string, fields: VehicleEdits & { name: string }, who: Editor): SQL {
  const defaults: Required<Pick<VehicleEdits, "brand" | "category" | "price" | "description">> & VehicleEdits = {
    brand: "",
    category: "",
    price: 0,
    description: "",
    images: [],
    inStock: false,
    isNew: true,
    features: [],
    specifications: {} as Vehicle["specifications"],
    unitsInStock: 0,
  };
  const values = { ...defaults, ...fields };
  const entries = Object.entries(values).filter(([, value]) => value !== undefined) as [keyof VehicleEdits, unknown][];
  const columns = sql.raw(entries.map(([field]) => columnOf[field]).join(", "));
  const bound = sql.join(
    entries.map(([, value]) => sql`${stored(value)}`),
    sql`, `,
  );
  // Written in, not bound: D1 takes at most 100 bound values a statement, and these are the
  // registry's own words, each only letters, digits and hyphens (vehicleIdPattern).
  const places = sql.raw(reservedVehicleIds.map((word) => `'${word}'`).join(", "));
  return sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 999),
      candidate(id) AS (SELECT CASE WHEN i = 1 THEN ${base} ELSE ${base} || '-' || i END FROM n)
    INSERT INTO vehicles (id, ${columns}, status, changed_by)
    SELECT candidate.id, ${bound}, 'draft', ${who} FROM candidate
    WHERE candidate.id NOT IN (${places})
      AND NOT EXISTS (SELECT 1 FROM vehicles WHERE vehicles.id = candidate.id)
      AND NOT EXISTS (SELECT 1 FROM vehicle_changes WHERE vehicle_changes.vehicle_id = candidate.id)
    LIMIT 1
    RETURNING id`;
}

/** Writes `changes` only while the vehicle is still at `expectedVersion`; no row back: stale (or gone). */
export function updateFieldsStatement(id: string, expectedVersion: number, changes: VehicleEdits, who: Editor): SQL {
  const sets = (Object.entries(changes) as [keyof VehicleEdits, unknown][])
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => sql`${sql.raw(columnOf[field])} = ${stored(value)}`);
  return sql`UPDATE vehicles SET ${sql.join([...sets, changeMark(who)], sql`, `)}
    WHERE ${guard(id, expectedVersion)} RETURNING id, version`;
}

/** A draft goes on the site; `published_at` keeps the first time, for time to line. */
export function publishStatement(id: string, expectedVersion: number, who: Editor): SQL {
  return sql`UPDATE vehicles SET status = ${listedStatus}, published_at = coalesce(published_at, ${now}), ${changeMark(who)}
    WHERE ${guard(id, expectedVersion)} AND status = 'draft' RETURNING id, version`;
}

/** Takes a listed vehicle off every public page, feed and API answer, keeping it for staff. */
export function hideStatement(id: string, expectedVersion: number, who: Editor): SQL {
  return sql`UPDATE vehicles SET status = 'hidden', ${changeMark(who)}
    WHERE ${guard(id, expectedVersion)} AND status IN ('for-sale', 'sold') RETURNING id, version`;
}

/** Puts a hidden vehicle back on the site, for sale or sold by its stock. */
export function showStatement(id: string, expectedVersion: number, who: Editor): SQL {
  return sql`UPDATE vehicles SET status = ${listedStatus}, published_at = coalesce(published_at, ${now}), ${changeMark(who)}
    WHERE ${guard(id, expectedVersion)} AND status = 'hidden' RETURNING id, version`;
}

/**
 * A walk-in sale: one unit off the lot, off sale at 0 (migration 0022's trigger makes a listed one
 * sold), as a reservation's sale does. A unit a buyer holds cannot go (migration 0015's trigger).
 * `expectedVersion` null: a sale is a difference, safe over any other change.
 */
export function sellOneStatement(id: string, expectedVersion: number | null, who: Editor): SQL {
  return sql`UPDATE vehicles SET units_in_stock = units_in_stock - 1,
      in_stock = CASE WHEN units_in_stock - 1 > 0 THEN 1 ELSE 0 END, ${changeMark(who)}
    WHERE ${guard(id, expectedVersion)} AND in_stock = 1 AND units_in_stock > 0 AND status IN ('for-sale', 'hidden')
    RETURNING id, version`;
}

/** Staff confirm one example value: its "(example)" label goes, the value stays. */
export function confirmExampleStatement(id: string, expectedVersion: number, path: string, who: Editor): SQL {
  return sql`UPDATE vehicles SET
      example_fields = (SELECT coalesce(json_group_array(value), '[]') FROM json_each(vehicles.example_fields) WHERE value IS NOT ${path}),
      ${changeMark(who)}
    WHERE ${guard(id, expectedVersion)}
      AND EXISTS (SELECT 1 FROM json_each(vehicles.example_fields) WHERE value = ${path})
    RETURNING id, version`;
}

/** A buyer holds a unit of this vehicle: it cannot leave the catalogue under them. */
const unheld = (id: string) =>
  sql`NOT EXISTS (SELECT 1 FROM bookings WHERE pool = ${vehiclePool(id)} AND status IN ${active})`;

/**
 * Deletes one vehicle no buyer holds and names what it deleted (no row back: no such id, or held).
 * In the same batch: its photos are recorded as being removed (if the command stops before their
 * files are deleted, the next photo command finds them), and the removal goes into its history.
 */
export function removeStatements(id: string, who: Editor): SQL[] {
  return [
    sql`INSERT OR REPLACE INTO pending_photo_files (path, vehicle_id, reason)
     SELECT image.value, vehicles.id, 'removing' FROM vehicles, json_each(vehicles.images) AS image
     WHERE vehicles.id = ${id} AND image.value LIKE '/photos/%' AND ${unheld(id)}`,
    sql`INSERT INTO vehicle_changes (vehicle_id, version, changed_by, field, before, after)
     SELECT id, version + 1, ${who}, 'status', status, 'removed' FROM vehicles WHERE id = ${id} AND ${unheld(id)}`,
    sql`DELETE FROM vehicles WHERE id = ${id} AND ${unheld(id)} RETURNING id, name, brand, price, images`,
  ];
}

/** The columns an import writes, in its VALUES order. */
const importColumns = [
  "id",
  "name",
  "brand",
  "category",
  "price",
  "description",
  "images",
  "external_url",
  "in_stock",
  "is_new",
  "features",
  "specifications",
  "example_fields",
  "road_class",
  "units_in_stock",
  "colour",
  "sale_warranty",
] as const;

/** The vehicle's values in `importColumns` order, as the table stores them. */
export function vehicleColumnValues(vehicle: Vehicle): StoredValue[] {
  return [
    vehicle.id,
    vehicle.name,
    vehicle.brand,
    vehicle.category,
    vehicle.price,
    vehicle.description,
    JSON.stringify(vehicle.images),
    vehicle.externalUrl ?? null,
    vehicle.inStock ? 1 : 0,
    vehicle.isNew ? 1 : 0,
    JSON.stringify(vehicle.features),
    JSON.stringify(vehicle.specifications),
    JSON.stringify(vehicle.exampleFields ?? []),
    roadClassOf(vehicle),
    unitsInStockOf(vehicle),
    vehicle.colour ?? null,
    vehicle.saleWarranty ?? null,
  ];
}

export const importedColumns: readonly string[] = importColumns;

/**
 * A vehicle of an import file. The JSON file has no stock number, so its import keeps the stored one;
 * the spreadsheet has a stock number column (the dealer management system's own), so its import
 * writes it, `null` clearing it.
 */
export type ImportedVehicle = Vehicle & { stockNumber?: string | null };

// Only a row whose values differ is rewritten: an unchanged row keeps its version and updated_at,
// records no history and does not move the catalogue version, so re-importing a file leaves every
// cached page valid. A row new to the catalogue is listed at once (imports always were); its status
// then follows its stock. Status and the times are the staff pages' and are kept; so is the stock
// number, unless the file has it.
function upsertTail(columns: readonly string[]): SQL {
  const updated = columns.filter((column) => column !== "id");
  return sql.raw(
    [
      "ON CONFLICT (id) DO UPDATE SET",
      `  ${updated.map((column) => `${column} = excluded.${column}`).join(", ")},`,
      `  version = vehicles.version + 1, changed_by = excluded.changed_by, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      `WHERE ${updated.map((column) => `vehicles.${column} IS NOT excluded.${column}`).join(" OR ")}`,
    ].join("\n"),
  );
}

/** Adds one vehicle of a file, or updates it when its values differ, keeping when it was added. */
export function upsertVehicleStatement(vehicle: ImportedVehicle, who: Editor): SQL {
  const withStockNumber = vehicle.stockNumber !== undefined;
  const columns: readonly string[] = withStockNumber ? [...importColumns, "stock_number"] : importColumns;
  const values = sql.join(
    [...vehicleColumnValues(vehicle), ...(withStockNumber ? [vehicle.stockNumber ?? null] : [])].map(
      (value) => sql`${value}`,
    ),
    sql`, `,
  );
  return sql`INSERT INTO vehicles (${sql.raw(columns.join(", "))}, status, published_at, changed_by)
    VALUES (${values}, ${vehicle.inStock ? "for-sale" : "sold"}, ${now}, ${who})
    ${upsertTail(columns)}`;
}

/** What the database says when the guard of migration 0006 refuses a file exported from an older catalogue. */
export const staleFileRefusal = "stale catalogue file";
/** What migration 0015's trigger says when a change would take a unit a buyer holds. */
export const heldUnitsRefusal = "held units";

export interface CatalogueImport {
  /** Unique per import: names its row in catalogue_imports. */
  id: string;
  /** The catalogue version the file was exported at; null writes whatever changed since (--force). */
  expectedVersion: number | null;
  vehicles: readonly ImportedVehicle[];
  /** `import <file name>` for the command. */
  who: Editor;
}

/**
 * A whole import, for one batch (one transaction): first the guard row (refused when the catalogue
 * is no longer at the file's version), then one upsert per vehicle (each within D1's 100 bound
 * values), then the version they produced, recorded for the command to read back.
 */
export function importStatements({ id, expectedVersion, vehicles, who }: CatalogueImport): SQL[] {
  return [
    sql`INSERT INTO catalogue_imports (id, expected_version, vehicles) VALUES (${id}, ${expectedVersion}, ${vehicles.length})`,
    ...vehicles.map((vehicle) => upsertVehicleStatement(vehicle, who)),
    sql`UPDATE catalogue_imports SET version_after = (SELECT version FROM catalogue_state WHERE id = 1) WHERE id = ${id}`,
  ];
}

/** Every vehicle buyers hold units of, with the references holding them. */
export function heldVehiclesStatement(): SQL {
  return sql`SELECT vehicle_id AS id, count(*) AS held, group_concat(reference, ', ') AS heldBy
    FROM bookings WHERE kind = 'reservation' AND status IN ${active} GROUP BY vehicle_id`;
}

/** The catalogue version an import produced; no row while no such import is stored. */
export function importResultStatement(id: string): SQL {
  return sql`SELECT version_after AS versionAfter FROM catalogue_imports WHERE id = ${id}`;
}

/** A change as history rows give it: every field it moved shares its version. */
export type VehicleChangeRow = HistoryRow;

/** A vehicle's history, oldest first; kept after it is removed. */
export function historyStatement(id: string): SQL {
  return sql`SELECT version, changed_at AS changedAt, changed_by AS changedBy, field, before, after
    FROM vehicle_changes WHERE vehicle_id = ${id} ORDER BY id`;
}
