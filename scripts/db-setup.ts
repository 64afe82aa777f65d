/**
 * Brings a local D1 database up to date: applies every migration, then loads the seed catalogue
 * when the vehicles table is empty and the site config's rental fleet when the fleet table is empty
 * (never over the staff's own data).
 *
 *   tsx scripts/db-setup.ts [--persist-to DIR]
 */
import { site } from "~/config/site";
import { fleetSeedSql } from "~/features/rentals/rental-holds.server";
import { upsertVehiclesSql } from "./lib/catalogue-sql";
import { seedCatalogue } from "./lib/seed-catalogue";
import { parseCommandLine } from "./lib/cli";
import { applyMigrations, executeSql, query } from "./lib/d1";

const { target } = parseCommandLine(process.argv.slice(2));
if (target.remote) {
  // The live database is migrated by hand and never seeded (README, Deploying to Cloudflare).
  console.error("db-setup prepares local databases only.");
  process.exit(2);
}

applyMigrations(target);
const [row] = query<{ count: number }>(target, "SELECT COUNT(*) AS count FROM vehicles");
if ((row?.count ?? 0) === 0) {
  executeSql(target, upsertVehiclesSql(seedCatalogue));
  console.log(`Seeded the local catalogue with ${seedCatalogue.length} vehicles.`);
} else {
  console.log(`The local catalogue already has ${row?.count} vehicles; seed not loaded.`);
}

// The statement itself also writes only into an empty table, so a `fleet set` made between this
// count and the write is still never undone.
const [fleet] = query<{ count: number }>(target, "SELECT COUNT(*) AS count FROM rental_fleet");
if ((fleet?.count ?? 0) === 0) {
  executeSql(target, fleetSeedSql(site.rentalFleet));
  console.log(`Seeded the local rental fleet: ${JSON.stringify(site.rentalFleet)}.`);
} else {
  console.log("The local rental fleet is already set; seed not loaded.");
}
