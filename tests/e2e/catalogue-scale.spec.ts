import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";
import { expect, setUpOwnDatabase, type OwnDatabase } from "../support/staff-terminal";

/**
 * The staff's import at a real dealer's scale, through the same command and the same local D1 that
 * `wrangler d1 execute` writes: a thousand vehicles in one file, far over D1's 100,000-byte limit on
 * a single statement, go in whole or not at all.
 */

let database: OwnDatabase;
const catalogue = (...args: string[]) => database.catalogue(...args);

interface CatalogueFile {
  catalogueVersion: number;
  vehicles: { id: string }[];
}

async function exportCatalogue(): Promise<CatalogueFile> {
  const file = path.join(database.folder, `export-${Date.now()}.json`);
  const exported = await catalogue("export", file);
  expect(exported).toExitWith(0);
  return JSON.parse(readFileSync(file, "utf8")) as CatalogueFile;
}

/** A dealer's full listing: long descriptions and feature lists, so the file is megabytes of SQL. */
function bulkVehicles(prefix: string, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(4, "0");
    return {
      id: `${prefix}-${number}`,
      name: `Bulk Cart ${prefix} ${number}`,
      brand: "BULK",
      category: "Fleet",
      price: 5000 + index,
      description: `Fleet cart ${number}, it's been serviced: `.repeat(20),
      images: ["/images/vehicles/cart-4-seat.svg"],
      inStock: index % 2 === 0,
      isNew: false,
      features: Array.from({ length: 8 }, (_, feature) => `Feature ${feature + 1} of cart ${number}`),
      specifications: {
        topSpeed: "19 mph",
        range: "35 miles",
        batteryType: "Lithium (48V)",
        chargingTime: "6 hours",
        payload: "800 lbs",
        seatingCapacity: 4,
      },
      exampleFields: [],
    };
  });
}

/** No JavaScript stack trace reaches the staff's terminal, only messages. */
const stackTrace = /^\s+at .+[(:]\d+/m;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await setUpOwnDatabase("catalogue-scale");
});

test.afterAll(() => database?.remove());

test("one import of 1,000 vehicles adds them all @desktop", async () => {
  test.setTimeout(180_000);
  const before = await exportCatalogue();
  const file = path.join(database.folder, "thousand.json");
  const content = { ...before, vehicles: [...before.vehicles, ...bulkVehicles("bulk-cart", 1000)] };
  writeFileSync(file, JSON.stringify(content, null, 2));

  const started = Date.now();
  const imported = await catalogue("import", file);
  const seconds = (Date.now() - started) / 1000;
  test.info().annotations.push({ type: "1,000-vehicle import", description: `${seconds.toFixed(1)} s` });
  expect(imported).toExitWith(0);
  expect(imported.output).not.toMatch(stackTrace);

  const after = await exportCatalogue();
  expect(after.vehicles.length).toBe(before.vehicles.length + 1000);
  expect(after.vehicles.map((vehicle) => vehicle.id)).toContain("bulk-cart-1000");
  expect(after.catalogueVersion).toBeGreaterThan(before.catalogueVersion);
});

test("a 1,000-vehicle import the database refuses in its last rows changes nothing @desktop", async () => {
  test.setTimeout(180_000);
  const before = await exportCatalogue();
  const file = path.join(database.folder, "refused.json");
  writeFileSync(file, JSON.stringify({ ...before, vehicles: bulkVehicles("late-cart", 1000) }, null, 2));
  // The file is valid, so only the database can stop it, and only at its very last row: as a full
  // disk or a limit met part-way would.
  await database.sql(
    "CREATE TRIGGER refuse_last_row BEFORE INSERT ON vehicles WHEN NEW.id = 'late-cart-1000'" +
      " BEGIN SELECT RAISE(ABORT, 'no room for late-cart-1000'); END",
  );

  const refused = await catalogue("import", file);
  expect(refused).not.toExitWith(0);
  expect(refused.output).toContain("no room for late-cart-1000");
  expect(refused.output).toContain("nothing was written");
  expect(refused.output).not.toMatch(stackTrace);

  const after = await exportCatalogue();
  expect(after.vehicles.length).toBe(before.vehicles.length);
  expect(after.vehicles.some((vehicle) => vehicle.id.startsWith("late-cart"))).toBe(false);
  expect(after.catalogueVersion).toBe(before.catalogueVersion);
});
