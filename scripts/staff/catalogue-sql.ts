import { vehicleSchema, type Vehicle } from "~/features/catalogue/vehicle";
import { activeBookingStatuses } from "~/config/booking-kinds";
import { vehiclePool } from "~/config/booking-pools";
import {
  importedColumns,
  importResultStatement,
  importStatements,
  removeStatements,
  upsertVehicleStatement,
  type CatalogueImport,
} from "~/features/catalogue-upkeep/catalogue-statements.server";
import { terminalEditor, type Editor } from "~/features/catalogue-upkeep/vehicle-edits";
import { literal, sqlText } from "./statement-text";

export { literal };
export {
  heldUnitsRefusal,
  staleFileRefusal,
  vehicleColumnValues,
} from "~/features/catalogue-upkeep/catalogue-statements.server";

/** D1 refuses a statement longer than this many bytes of UTF-8 (the local emulation too: SQLITE_TOOBIG). */
export const d1StatementLimit = 100_000;

/** Statements as one text for wrangler: each ends its line with a semicolon, as a .sql file does. */
const asText = (statements: readonly string[]) => statements.map((statement) => `${statement};`).join("\n");

/**
 * The longest author an import records (`import <file name>`, a file name being at most 255
 * bytes): what the size check of a row assumes, so no file name can push a checked row over.
 */
const longestImportEditor = `import ${"x".repeat(255)}`;

/** The size of the statement that carries this vehicle: over the limit, D1 cannot store it. */
export function vehicleStatementBytes(vehicle: Vehicle): number {
  return Buffer.byteLength(sqlText(upsertVehicleStatement(vehicle, longestImportEditor)), "utf8");
}

/**
 * The shared upserts (catalogue-statements.server.ts) as text: one statement per vehicle, adding it
 * or updating its changed values, keeping its created_at. Run them in one `executeSql` call, which
 * D1 applies all or nothing.
 */
export function upsertVehiclesStatements(vehicles: readonly Vehicle[], who: Editor = terminalEditor): string[] {
  return vehicles.map((vehicle) => sqlText(upsertVehicleStatement(vehicle, who)));
}

/** The upserts as one file of statements. */
export function upsertVehiclesSql(vehicles: readonly Vehicle[], who: Editor = terminalEditor): string {
  return asText(upsertVehiclesStatements(vehicles, who));
}

/**
 * A whole import as one file for one `wrangler d1 execute --file`, which D1 runs as one
 * transaction: the very statements the Worker's import batches (see `importStatements`).
 */
export function importSql({ who = terminalEditor, ...rest }: Omit<CatalogueImport, "who"> & { who?: Editor }): string {
  return asText(importStatements({ ...rest, who }).map(sqlText));
}

export function importResultSql(id: string): string {
  return sqlText(importResultStatement(id));
}

/**
 * An import's statements with, locally, the read of its result after them: the local batch answers
 * every statement, so the version the import made comes back with it rather than from another
 * wrangler run (seconds of CPU). D1's import on Cloudflare answers no SELECT, so there it is read after.
 */
export function withImportResult(target: { remote: boolean }, id: string, statements: string): string {
  return target.remote ? statements : `${statements}\n${importResultSql(id)};`;
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

/**
 * Deletes one vehicle no buyer holds and names what it deleted (its third statement's row; none: no
 * such id, or held), through the Worker's own statements.
 */
export function removeVehicleSql(id: string, who: Editor = terminalEditor): string {
  return removeStatements(id, who).map(sqlText).join(";\n");
}

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
  /** Absent in rows written before migration 0022. */
  colour?: string | null;
  /** Absent in rows written before migration 0025. */
  sale_warranty?: string | null;
  status?: string;
}

/** The stored values in the import's column order, to compare with `vehicleColumnValues`. */
export function storedColumnValues(row: VehicleExportRow): (string | number | null)[] {
  return importedColumns.map((column) => row[column as keyof VehicleExportRow] ?? null);
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
    ...(row.colour ? { colour: row.colour } : {}),
    ...(row.sale_warranty ? { saleWarranty: row.sale_warranty } : {}),
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
