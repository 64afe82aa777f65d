/**
 * Brings a local D1 database up to date: applies every migration, then loads the seed catalogue
 * when the vehicles table is empty and the site config's booking pools (rental fleet, service
 * drop-offs, storage spaces) that do not exist yet (never over the staff's own data).
 *
 *   tsx scripts/local-site/db-setup.ts [--persist-to DIR]
 */
import { poolDefaults } from "~/config/booking-pools";
import { poolSeedSql } from "~/features/bookings/capacity-changes.server";
import { upsertVehiclesSql } from "../staff/catalogue-sql";
import { seedCatalogue } from "./seed-catalogue";
import { parseCommandLine } from "../staff/cli";
import { applyMigrations, executeSql, queryEach } from "../staff/d1";

const { target } = parseCommandLine(process.argv.slice(2));
if (target.remote) {
  // The live database is migrated by hand and never seeded (README, Deploying to Cloudflare).
  console.error("db-setup prepares local databases only.");
  process.exit(2);
}

applyMigrations(target);
// One read and one write after the migrations: each wrangler command costs seconds, and setup runs
// on every `npm start` and before every browser test run.
const [vehicleRows, poolRows] = queryEach(
  target,
  "SELECT COUNT(*) AS count FROM vehicles; SELECT COUNT(*) AS count FROM booking_pools WHERE kind != 'reservation'",
  "counting the vehicles and booking pools in the local database",
) as [{ count: number }[], { count: number }[]];
const vehicles = vehicleRows[0]?.count ?? 0;
const pools = poolRows[0]?.count ?? 0;
// The pools statement writes only pools that do not exist yet, so a `capacity` staff set is never undone.
executeSql(target, [vehicles === 0 ? upsertVehiclesSql(seedCatalogue) : "", poolSeedSql(poolDefaults)].join("\n"), {
  doing: "seeding the local database",
  // Repeatable: the upserts rewrite only rows whose values differ, and the pools statement adds only
  // pools that do not exist yet, so a second run writes nothing the first did not.
  safety: { repeatable: true },
});
console.log(
  vehicles === 0
    ? `Seeded the local catalogue with ${seedCatalogue.length} vehicles.`
    : `The local catalogue already has ${vehicles} vehicles; seed not loaded.`,
);
console.log(
  pools === 0
    ? `Seeded the local booking pools: ${poolDefaults.map(({ pool, capacity }) => `${pool} ${capacity}`).join(", ")}.`
    : "The local booking pools were already set; only missing ones were added.",
);
