/**
 * Brings a local D1 database up to date: applies every migration, then loads the seed catalogue
 * when the vehicles table is empty (never over the staff's own data).
 *
 *   tsx scripts/db-setup.ts [--persist-to DIR]
 */
import { upsertVehiclesSql } from "~/features/catalogue/catalogue-sql";
import { seedCatalogue } from "~/features/catalogue/seed-catalogue";
import { applyMigrations, executeSql, query, type D1Target } from "./lib/d1";

const persistIndex = process.argv.indexOf("--persist-to");
const target: D1Target = { remote: false, persistTo: persistIndex > 0 ? process.argv[persistIndex + 1] : undefined };

applyMigrations(target);
const [row] = query<{ count: number }>(target, "SELECT COUNT(*) AS count FROM vehicles");
if ((row?.count ?? 0) === 0) {
  executeSql(target, upsertVehiclesSql(seedCatalogue));
  console.log(`Seeded the local catalogue with ${seedCatalogue.length} vehicles.`);
} else {
  console.log(`The local catalogue already has ${row?.count} vehicles; seed not loaded.`);
}
