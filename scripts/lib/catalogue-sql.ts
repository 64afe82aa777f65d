import { vehicleSchema, type Vehicle } from "~/features/catalogue/vehicle";

/**
 * SQL text for `wrangler d1 execute`, which takes statements, not bound parameters; every value is
 * written as a quoted SQLite literal so no text can break out of its string.
 */
function literal(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** One INSERT that adds new vehicles and updates existing ones, keeping their created_at. */
export function upsertVehiclesSql(vehicles: readonly Vehicle[]): string {
  if (vehicles.length === 0) return "";
  const rows = vehicles.map((vehicle) =>
    [
      vehicle.id,
      vehicle.name,
      vehicle.brand,
      vehicle.category,
      vehicle.price,
      vehicle.description,
      JSON.stringify(vehicle.images),
      vehicle.externalUrl ?? null,
      vehicle.inStock,
      vehicle.isNew,
      JSON.stringify(vehicle.features),
      JSON.stringify(vehicle.specifications),
      JSON.stringify(vehicle.exampleFields ?? []),
    ]
      .map(literal)
      .join(", "),
  );
  return [
    "INSERT INTO vehicles (id, name, brand, category, price, description, images, external_url, in_stock, is_new, features, specifications, example_fields)",
    `VALUES\n  (${rows.join("),\n  (")})`,
    "ON CONFLICT (id) DO UPDATE SET",
    "  name = excluded.name, brand = excluded.brand, category = excluded.category, price = excluded.price,",
    "  description = excluded.description, images = excluded.images, external_url = excluded.external_url,",
    "  in_stock = excluded.in_stock, is_new = excluded.is_new, features = excluded.features,",
    "  specifications = excluded.specifications, example_fields = excluded.example_fields,",
    "  updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');",
  ].join("\n");
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
}

/** One row of the export file: the Vehicle fields, example marks always present (empty when none). */
export function vehicleFromExportRow(row: VehicleExportRow): Vehicle {
  return vehicleSchema.parse({
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: row.price,
    description: row.description,
    images: JSON.parse(row.images),
    ...(row.external_url ? { externalUrl: row.external_url } : {}),
    inStock: row.in_stock === 1,
    isNew: row.is_new === 1,
    features: JSON.parse(row.features),
    specifications: JSON.parse(row.specifications),
    exampleFields: JSON.parse(row.example_fields),
  });
}
