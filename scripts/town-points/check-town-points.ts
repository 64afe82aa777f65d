/**
 * `npx tsx scripts/town-points/check-town-points.ts`: each borough's point in src/config/towns.ts against its
 * post office's ZIP-code centroid in the `zipcodes` package (a devDependency; never shipped).
 * Prints the table, lists points more than 3 miles off, and exits 1 if one of them has no
 * `reviewed` note in scripts/town-points/town-points.ts (or a borough has no usable reference).
 */
import { createRequire } from "node:module";
import { towns } from "~/config/towns";
import { checkTownPoints, formatTable, maxMiles, unreviewedProblems, type ZipPlace } from "./town-points";

const zipcodes = createRequire(import.meta.url)("zipcodes") as { lookup: (zip: string) => ZipPlace | undefined };
const { version } = createRequire(import.meta.url)("zipcodes/package.json") as { version: string };

const rows = checkTownPoints(towns, (zip) => zipcodes.lookup(zip));
console.log(`Borough points against ZIP-code centroids of zipcodes ${version} (more than ${maxMiles} miles: review)\n`);
console.log(formatTable(rows));

const flagged = rows.filter((row) => row.problem !== null);
console.log(flagged.length === 0 ? `\nEvery borough is within ${maxMiles} miles.` : "\nFor review:");
for (const row of flagged) {
  console.log(`  ${row.name}: ${row.problem}${row.reviewed ? ` (reviewed: ${row.reviewed})` : " (not reviewed)"}`);
}

const failures = unreviewedProblems(rows);
if (failures.length > 0) {
  console.error(
    `\n${failures.length} point(s) need a look: fix the point in src/config/towns.ts (and its coordinatesSource), ` +
      "or record who kept it and why as `reviewed` in scripts/town-points/town-points.ts.",
  );
  process.exit(1);
}
