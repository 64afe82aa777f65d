import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { activeBookingStatuses } from "~/config/booking-kinds";
import { vehiclePool } from "~/config/booking-pools";
import { bookings, vehicles } from "~/db/schema";
import type { Database } from "~/server/db.server";
import type { Vehicle } from "./vehicle";
import { publicStatuses } from "./listing-status";

type VehicleRow = typeof vehicles.$inferSelect;

function toVehicle(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: row.price,
    description: row.description,
    images: row.images,
    ...(row.externalUrl ? { externalUrl: row.externalUrl } : {}),
    inStock: row.inStock,
    isNew: row.isNew,
    features: row.features,
    specifications: row.specifications as Vehicle["specifications"],
    exampleFields: row.exampleFields,
    roadClass: row.roadClass,
    unitsInStock: row.unitsInStock,
    ...(row.colour ? { colour: row.colour } : {}),
    ...(row.saleWarranty ? { saleWarranty: row.saleWarranty } : {}),
  };
}

/**
 * Drafts and hidden vehicles are staff's: no public page, feed, sitemap, API answer or alert may
 * find them, so every reader here asks for listed ones only. Staff read through catalogue-writes.
 */
const listed = inArray(vehicles.status, [...publicStatuses]);

/** The whole catalogue: by brand and price, or most recently added first. */
export async function listVehicles(db: Database, order: "featured" | "newest" = "featured"): Promise<Vehicle[]> {
  const ordering =
    order === "newest"
      ? [desc(vehicles.createdAt), asc(vehicles.id)]
      : [asc(vehicles.brand), asc(vehicles.price), asc(vehicles.id)];
  const rows = await db
    .select()
    .from(vehicles)
    .where(listed)
    .orderBy(...ordering);
  return rows.map(toVehicle);
}

export async function getVehicle(db: Database, id: string): Promise<Vehicle | null> {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), listed))
    .limit(1);
  return row ? toVehicle(row) : null;
}

/**
 * A vehicle whatever its status, for what only its customer or staff read: a booking's private page
 * and the staff's e-mail keep naming the cart after staff hide it. Never for a public page.
 */
export async function getVehicleOfAnyStatus(db: Database, id: string): Promise<Vehicle | null> {
  const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id)).limit(1);
  return row ? toVehicle(row) : null;
}

/** Every id, in the catalogue's usual order: by brand and price. */
export async function listVehicleIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(listed)
    .orderBy(asc(vehicles.brand), asc(vehicles.price), asc(vehicles.id));
  return rows.map((row) => row.id);
}

/** Units held for buyers (active reservations in each vehicle's pool), per vehicle id: what pages compare with the units to say "Reserved". */
export async function heldUnitsByVehicle(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ vehicleId: bookings.vehicleId, held: sql<number>`count(*)` })
    .from(bookings)
    .where(and(eq(bookings.kind, "reservation"), inArray(bookings.status, [...activeBookingStatuses])))
    .groupBy(bookings.vehicleId);
  return new Map(rows.flatMap((row) => (row.vehicleId ? [[row.vehicleId, row.held] as const] : [])));
}

/** Units of one vehicle held for buyers. */
export async function heldUnitsOf(db: Database, vehicleId: string): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`count(*)` })
    .from(bookings)
    .where(and(eq(bookings.pool, vehiclePool(vehicleId)), inArray(bookings.status, [...activeBookingStatuses])));
  return row?.held ?? 0;
}
