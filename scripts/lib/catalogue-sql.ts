import { vehicleSchema, type Vehicle } from "~/features/catalogue/vehicle";
import { activeBookingStatuses } from "~/config/booking-kinds";
import { vehiclePool } from "~/config/booking-pools";
import { roadClassOf, unitsInStockOf } from "~/features/catalogue/vehicle-facts";

/**
 * SQL text for `wrangler d1 execute`, which takes statements, not bound parameters; every value is
 * written as a quoted SQLite literal so no text can break out of its string.
 */
export function literal(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** D1 refuses a statement longer than this many bytes of UTF-8 (the local emulation too: SQLITE_TOOBIG). */
export const d1StatementLimit = 100_000;

/**
 * Each upsert is packed up to this size: a tenth under the limit, so a change in how D1 counts (a
 * trailing semicolon, a prefix of its own) cannot push a statement over.
 */
const statementBudget = 90_000;

const columns = [
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
] as const;

/** The vehicle's values in `columns` order, as the table stores them. */
export function vehicleColumnValues(vehicle: Vehicle): (string | number | null)[] {
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
  ];
}

const updated = columns.filter((column) => column !== "id");
const upsertHead = `INSERT INTO vehicles (${columns.join(", ")}) VALUES\n`;
// Only rows whose values differ are rewritten: an unchanged row keeps its updated_at and does not
// bump the catalogue version, so re-importing a file leaves every cached page valid.
const upsertTail = [
  "\nON CONFLICT (id) DO UPDATE SET",
  `  ${updated.map((column) => `${column} = excluded.${column}`).join(", ")},`,
  "  updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
  `WHERE ${updated.map((column) => `vehicles.${column} IS NOT excluded.${column}`).join(" OR ")};`,
].join("\n");

function rowTuple(vehicle: Vehicle): string {
  return `  (${vehicleColumnValues(vehicle).map(literal).join(", ")})`;
}

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** The size of the smallest statement that can carry this vehicle: over the limit, D1 cannot store it. */
export function vehicleStatementBytes(vehicle: Vehicle): number {
  return bytes(upsertHead) + bytes(rowTuple(vehicle)) + bytes(upsertTail);
}

/**
 * Upserts that add new vehicles and update changed ones, keeping their created_at: as few
 * statements as fit under D1's statement limit. Run them in one `executeSql` call, which D1 applies
 * all or nothing.
 */
export function upsertVehiclesStatements(vehicles: readonly Vehicle[]): string[] {
  const statements: string[] = [];
  let tuples: string[] = [];
  let size = bytes(upsertHead) + bytes(upsertTail);
  const flush = () => {
    if (tuples.length > 0) statements.push(`${upsertHead}${tuples.join(",\n")}${upsertTail}`);
    tuples = [];
    size = bytes(upsertHead) + bytes(upsertTail);
  };
  for (const vehicle of vehicles) {
    const tuple = rowTuple(vehicle);
    if (tuples.length > 0 && size + 2 + bytes(tuple) > statementBudget) flush();
    size += (tuples.length > 0 ? 2 : 0) + bytes(tuple);
    tuples.push(tuple);
    if (size > d1StatementLimit) {
      throw new Error(`Vehicle ${vehicle.id} is too large for one D1 statement (${d1StatementLimit} bytes).`);
    }
  }
  flush();
  return statements;
}

/** The upserts as one file of statements, one per line group. */
export function upsertVehiclesSql(vehicles: readonly Vehicle[]): string {
  return upsertVehiclesStatements(vehicles).join("\n");
}

/** What the database says when the guard of migration 0006 refuses a file exported from an older catalogue. */
export const staleFileRefusal = "stale catalogue file";

export interface CatalogueImport {
  /** Unique per import: names its row in catalogue_imports. */
  id: string;
  /** The version the file was exported at; null writes whatever changed since (--force). */
  expectedVersion: number | null;
  vehicles: readonly Vehicle[];
}

/**
 * A whole import as one file of statements for one `wrangler d1 execute --file`, which D1 runs as
 * one transaction: first the guard row (refused when the catalogue is no longer at the file's
 * version), then the upserts, then the version they produced, recorded for the tool to read back.
 */
export function importSql({ id, expectedVersion, vehicles }: CatalogueImport): string {
  return [
    `INSERT INTO catalogue_imports (id, expected_version, vehicles) VALUES (${literal(id)}, ${literal(expectedVersion)}, ${vehicles.length});`,
    ...upsertVehiclesStatements(vehicles),
    `UPDATE catalogue_imports SET version_after = (SELECT version FROM catalogue_state WHERE id = 1) WHERE id = ${literal(id)};`,
  ].join("\n");
}

export function importResultSql(id: string): string {
  return `SELECT version_after FROM catalogue_imports WHERE id = ${literal(id)}`;
}

/**
 * Both in one batch, so the version is the one the rows were read at; and the version first: were
 * the two ever apart, the stamp would be older than the rows, refusing a good file rather than
 * letting a stale one through.
 */
export const readCatalogueSql =
  "SELECT version FROM catalogue_state WHERE id = 1; SELECT * FROM vehicles ORDER BY brand, price, id";

export const catalogueVersionSql = "SELECT version FROM catalogue_state WHERE id = 1";

export interface RemovedVehicle {
  id: string;
  name: string;
  brand: string;
  price: number;
  /** Its `images` as stored (JSON text): the photos whose files go with it. */
  images: string;
  /** Reservations holding one of its units (requested or confirmed), by reference. */
  heldBy: string | null;
}

const activeList = `(${activeBookingStatuses.map((status) => `'${status}'`).join(", ")})`;

/** A buyer holds a unit of this vehicle: it cannot leave the catalogue under them. */
const unheld = (id: string) =>
  `NOT EXISTS (SELECT 1 FROM bookings WHERE pool = ${literal(vehiclePool(id))} AND status IN ${activeList})`;

/**
 * Deletes one vehicle no buyer holds and names what it deleted (no row back: no such id, or held),
 * recording its photos as being removed in the same batch: if the command stops before their files
 * are deleted, the next photo command finds and deletes them.
 */
export function removeVehicleSql(id: string): string {
  return [
    `INSERT OR REPLACE INTO pending_photo_files (path, vehicle_id, reason)
     SELECT image.value, vehicles.id, 'removing' FROM vehicles, json_each(vehicles.images) AS image
     WHERE vehicles.id = ${literal(id)} AND image.value LIKE '/photos/%' AND ${unheld(id)}`,
    `DELETE FROM vehicles WHERE id = ${literal(id)} AND ${unheld(id)} RETURNING id, name, brand, price, images`,
  ].join(";\n");
}

/** What migration 0015's trigger says when a change would take a unit a buyer holds. */
export const heldUnitsRefusal = "held units";

/** Every vehicle buyers hold units of: how many, and by which reservations. */
export const heldVehiclesSql = `SELECT vehicle_id AS id, count(*) AS held, group_concat(reference, ', ') AS heldBy
  FROM bookings WHERE kind = 'reservation' AND status IN ${activeList} GROUP BY vehicle_id`;

export interface HeldVehicle {
  id: string;
  held: number;
  heldBy: string;
}

/** The vehicle as it stands, with the references of the reservations holding it. */
export function findVehicleSql(id: string): string {
  return `SELECT id, name, brand, price, images,
    (SELECT group_concat(reference, ', ') FROM bookings
      WHERE pool = ${literal(vehiclePool(id))} AND status IN ${activeList}) AS heldBy
    FROM vehicles WHERE id = ${literal(id)}`;
}

/** A `SELECT * FROM vehicles` row as wrangler and D1 give it: JSON columns as text, booleans as 0/1. */
export interface VehicleExportRow {
  id: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  description: string;
  images: string;
  external_url: string | null;
  in_stock: number;
  is_new: number;
  features: string;
  specifications: string;
  example_fields: string;
  road_class: string;
  units_in_stock: number;
}

/** The stored values in `columns` order, to compare with `vehicleColumnValues`. */
export function storedColumnValues(row: VehicleExportRow): (string | number | null)[] {
  return columns.map((column) => row[column]);
}

export interface StoredRowProblem {
  field: string;
  message: string;
}

export type ExportRowResult = { ok: true; vehicle: Vehicle } | { ok: false; problems: StoredRowProblem[] };

/**
 * One row of the export file: the Vehicle fields, example marks always present (empty when none).
 * A row the schema refuses, or whose JSON column cannot be read, comes back as its problems.
 */
export function readExportRow(row: VehicleExportRow): ExportRowResult {
  const problems: StoredRowProblem[] = [];
  const json = (field: string, text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      problems.push({ field, message: "stored text is not valid JSON" });
      return undefined;
    }
  };
  const candidate = {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: row.price,
    description: row.description,
    images: json("images", row.images),
    ...(row.external_url ? { externalUrl: row.external_url } : {}),
    inStock: row.in_stock === 1,
    isNew: row.is_new === 1,
    features: json("features", row.features),
    specifications: json("specifications", row.specifications),
    exampleFields: json("exampleFields", row.example_fields),
    roadClass: row.road_class,
    unitsInStock: row.units_in_stock,
  };
  if (problems.length > 0) return { ok: false, problems };
  const parsed = vehicleSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, vehicle: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({
      field: issue.path.join(".") || "(row)",
      message: issue.message,
    })),
  };
}

/** As `readExportRow`, throwing on a row that does not fit. */
export function vehicleFromExportRow(row: VehicleExportRow): Vehicle {
  const result = readExportRow(row);
  if (!result.ok) {
    throw new Error(`Vehicle ${row.id}: ${result.problems.map((p) => `${p.field}: ${p.message}`).join("; ")}`);
  }
  return result.vehicle;
}
