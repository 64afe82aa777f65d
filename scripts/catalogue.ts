/**
 * The staff's catalogue tool, on top of `wrangler d1 execute`.
 *
 *   npm run catalogue -- export [FILE] [--remote]            writes the catalogue as JSON (stdout without FILE)
 *   npm run catalogue -- import FILE [--remote] [--dry-run]  checks FILE, then upserts every row in one batch
 *
 * Local (the database `npm start` uses) unless --remote. A file with any bad row writes nothing.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { upsertVehiclesSql, vehicleFromExportRow, type VehicleExportRow } from "./lib/catalogue-sql";
import { validateCatalogueFile } from "./lib/catalogue-file";
import { parseCommandLine } from "./lib/cli";
import { executeSql, query, type D1Target } from "./lib/d1";

const usage = "Usage: npm run catalogue -- export [FILE] [--remote] | import FILE [--remote] [--dry-run]";

function exportCatalogue(target: D1Target, file: string | undefined): void {
  const rows = query<VehicleExportRow>(target, "SELECT * FROM vehicles ORDER BY brand, price, id");
  const vehicles = rows.map(vehicleFromExportRow);
  const json = `${JSON.stringify(vehicles, null, 2)}\n`;
  if (file) {
    writeFileSync(file, json);
    console.error(`Wrote ${vehicles.length} vehicles to ${file}.`);
  } else {
    process.stdout.write(json);
  }
}

function importCatalogue(target: D1Target, file: string, dryRun: boolean): number {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    console.error(`Cannot read ${file} as JSON: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  const result = validateCatalogueFile(content);
  if (!result.ok) {
    console.error(`${file} has ${result.problems.length} problem(s); nothing was written:`);
    for (const problem of result.problems) console.error(`  ${problem.row}  ${problem.field}: ${problem.message}`);
    return 1;
  }
  if (dryRun) {
    console.log(
      `${file} is valid: ${result.vehicles.length} vehicles would be added or updated (dry run, nothing written).`,
    );
    return 0;
  }
  executeSql(target, upsertVehiclesSql(result.vehicles));
  console.log(`Added or updated ${result.vehicles.length} vehicles${target.remote ? " on Cloudflare" : " locally"}.`);
  return 0;
}

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseCommandLine(argv, { "dry-run": { type: "boolean" } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const [command, file, ...rest] = parsed.positionals;
  if (rest.length === 0 && command === "export") {
    exportCatalogue(parsed.target, file);
    return 0;
  }
  if (rest.length === 0 && command === "import" && file) {
    return importCatalogue(parsed.target, file, parsed.flags["dry-run"] === true);
  }
  console.error(usage);
  return 2;
}

process.exit(main(process.argv.slice(2)));
