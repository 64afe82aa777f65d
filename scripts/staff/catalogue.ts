/**
 * The staff's catalogue tool, on top of `wrangler d1 execute`.
 *
 *   npm run catalogue -- export [FILE] [--remote]                      writes the catalogue as JSON, stamped with its version
 *                                                                      (FILE.csv: as a spreadsheet, each row with its version)
 *   npm run catalogue -- import FILE [--remote] [--dry-run] [--force]  checks FILE, then adds and updates its rows, all or nothing
 *   npm run catalogue -- remove ID [--remote] [--dry-run]              deletes one vehicle and says which
 *   npm run catalogue -- history ID [--remote]                         every change of a vehicle: when, who, each field before and after
 *   npm run catalogue -- photos add ID FILE... [--remote] [--dry-run]  puts phone photos on a vehicle's page
 *   npm run catalogue -- photos list ID [--remote]                     numbers a vehicle's photos
 *   npm run catalogue -- photos remove ID N [--remote] [--dry-run]     takes photo N off, files and all
 *   npm run catalogue -- photos order ID 3,1,2 [--remote] [--dry-run]  puts the photos in a new order
 *
 * Local (the database `npm start` uses) unless --remote. A file with any bad row writes nothing; a
 * file exported before someone else's change writes nothing unless --force.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { importEditor } from "~/features/catalogue-upkeep/vehicle-edits";
import { feedLeftOutNotice } from "~/features/catalogue/product-feed";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { validateCatalogueFile } from "./catalogue-file";
import { printHistory } from "./catalogue-history";
import {
  findVehicleSql,
  heldUnitsRefusal,
  heldVehiclesSql,
  importResultSql,
  importSql,
  readCatalogueSql,
  withImportResult,
  readExportRow,
  removeVehicleSql,
  staleFileRefusal,
  storedColumnValues,
  vehicleColumnValues,
  type HeldVehicle,
  type RemovedVehicle,
  type VehicleExportRow,
} from "./catalogue-sql";
import { parseCommandLine } from "./cli";
import { sendChange, D1Error, databaseName, executeSql, migrateCommand, query, queryEach, type D1Target } from "./d1";
import { BucketError } from "./photo-bucket";
import { GaveUp } from "./retry";
import { refuseTakingHeldUnits } from "./held-units";
import { StaffRefusal as Refusal, staffFailureText, where } from "./staff-messages";
import {
  addPhotos,
  deleteRemovedVehiclePhotos,
  listPhotos,
  orderPhotos,
  removePhoto,
  vehiclePhotoCount,
} from "./photo-commands";

const usage = [
  "Usage: npm run catalogue -- export [FILE] [--remote]                      (FILE.json, or FILE.csv for a spreadsheet)",
  "       npm run catalogue -- import FILE [--remote] [--dry-run] [--force]",
  "       npm run catalogue -- remove ID [--remote] [--dry-run]",
  "       npm run catalogue -- history ID [--remote]",
  "       npm run catalogue -- photos add ID FILE... [--remote] [--dry-run]",
  "       npm run catalogue -- photos list ID [--remote]",
  "       npm run catalogue -- photos remove ID N [--remote] [--dry-run]",
  "       npm run catalogue -- photos order ID 3,1,2 [--remote] [--dry-run]",
].join("\n");

const count = (n: number) => n.toLocaleString("en-US");
const dollars = (n: number) => `$${n.toLocaleString("en-US")}`;

interface StoredCatalogue {
  version: number;
  rows: VehicleExportRow[];
}

function readCatalogue(target: D1Target): StoredCatalogue {
  const [versionRows, rows] = queryEach(
    target,
    readCatalogueSql,
    `reading the catalogue from ${databaseName(target)}`,
  ) as [{ version: number }[], VehicleExportRow[]];
  return { version: versionRows[0]?.version ?? 0, rows };
}

/**
 * The catalogue and the carts buyers hold, as one batch: one wrangler run where two cost an import
 * seconds of CPU, and the holds are those of the moment the rows were read.
 */
function readCatalogueForImport(target: D1Target): StoredCatalogue & { held: HeldVehicle[] } {
  const [versionRows, rows, held] = queryEach(
    target,
    `${readCatalogueSql}; ${heldVehiclesSql}`,
    `reading the catalogue from ${databaseName(target)}`,
  ) as [{ version: number }[], VehicleExportRow[], HeldVehicle[]];
  return { version: versionRows[0]?.version ?? 0, rows, held };
}

function exportCatalogue(target: D1Target, file: string | undefined): number {
  const { version, rows } = readCatalogue(target);
  const vehicles: Vehicle[] = [];
  const damaged: string[] = [];
  // Drafts are being built on the staff pages and are not whole vehicles yet; an import leaves them alone.
  const drafts = rows.filter((row) => row.status === "draft");
  for (const row of rows) {
    if (row.status === "draft") continue;
    const result = readExportRow(row);
    if (result.ok) {
      // id first: it is what staff look for when they edit the file.
      const { id, ...fields } = result.vehicle;
      vehicles.push({ id, ...fields });
    } else {
      for (const problem of result.problems) damaged.push(`  ${row.id}  ${problem.field}: ${problem.message}`);
    }
  }
  const json = `${JSON.stringify({ catalogueVersion: version, vehicles }, null, 2)}\n`;
  if (file) {
    writeFileSync(file, json);
    console.error(`Wrote ${count(vehicles.length)} vehicles (catalogue version ${version}) to ${file}.`);
  } else {
    process.stdout.write(json);
  }
  // On stderr: stdout may be the JSON itself.
  if (drafts.length > 0) {
    console.error(
      `${count(drafts.length)} draft(s) left out, to finish on the staff pages: ${drafts.map((row) => row.id).join(", ")}`,
    );
  }
  const feedNotice = feedLeftOutNotice(vehicles);
  if (feedNotice) console.error(feedNotice);
  if (damaged.length === 0) return 0;
  const left = rows.length - drafts.length - vehicles.length;
  // Written anyway: one damaged row must not stop staff from editing every other vehicle, and an
  // import of this file leaves the left-out rows exactly as they are.
  console.error(
    [
      `${count(left)} stored vehicle(s) do not fit the vehicle fields and were left out of the export:`,
      ...damaged,
      "They are still in the catalogue. Fix one by adding a corrected row with the same id to the file and",
      "importing it, or take it out with: npm run catalogue -- remove ID",
    ].join("\n"),
  );
  return 1;
}

function readImportFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Refusal(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(error)}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Refusal(
      `${file} is not valid JSON (${error instanceof Error ? error.message : error}); nothing was written.`,
    );
  }
}

function staleMessage(file: string, exportedAt: number, current: number): string {
  return [
    `${file} was exported at catalogue version ${exportedAt}, but the catalogue has changed since (it is now at`,
    `version ${current}: someone imported, removed or edited vehicles). Importing it could undo their changes, so`,
    "nothing was written. Export again and redo your edits, or, to write this file over their changes,",
    "run the same import with --force.",
  ].join("\n");
}

/** How the file's rows compare with what is stored: what the import adds, changes, and leaves alone. */
function compare(vehicles: readonly Vehicle[], rows: readonly VehicleExportRow[]) {
  const stored = new Map(rows.map((row) => [row.id, JSON.stringify(storedColumnValues(row))]));
  let added = 0;
  let changed = 0;
  for (const vehicle of vehicles) {
    const before = stored.get(vehicle.id);
    if (before === undefined) added += 1;
    else if (before !== JSON.stringify(vehicleColumnValues(vehicle))) changed += 1;
  }
  return { added, changed, unchanged: vehicles.length - added - changed };
}

function summary({ added, changed, unchanged }: ReturnType<typeof compare>, dryRun: boolean): string {
  return dryRun
    ? `${count(added)} would be added, ${count(changed)} updated, ${count(unchanged)} left as they are`
    : `${count(added)} added, ${count(changed)} updated, ${count(unchanged)} unchanged`;
}

/** The version the import with this id produced; undefined while no such import is stored. */
function importResult(target: D1Target, id: string): { versionAfter: number | null } | undefined {
  const [row] = query<{ versionAfter: number | null }>(
    target,
    importResultSql(id),
    `reading the import's result from ${databaseName(target)}`,
  );
  return row ? { versionAfter: row.versionAfter } : undefined;
}

function importCatalogue(target: D1Target, file: string, options: { dryRun: boolean; force: boolean }): number {
  const content = readImportFile(file);
  const result = validateCatalogueFile(content);
  if (!result.ok) {
    console.error(`${file} has ${result.problems.length} problem(s); nothing was written:`);
    for (const problem of result.problems) console.error(`  ${problem.row}  ${problem.field}: ${problem.message}`);
    return 1;
  }
  const exportedAt = result.catalogueVersion;
  if (exportedAt === undefined && !options.force) {
    throw new Refusal(
      `${file} is a plain list of vehicles with no catalogueVersion, so it cannot be checked against changes\n` +
        "made since it was written; nothing was written. Export again and copy your rows into that file, or\n" +
        "run the same import with --force to write it as it is.",
    );
  }
  const stored = readCatalogueForImport(target);
  if (exportedAt !== undefined && exportedAt !== stored.version && !options.force) {
    throw new Refusal(staleMessage(file, exportedAt, stored.version));
  }
  refuseTakingHeldUnits(target, file, result.vehicles, stored.held);
  const changes = compare(result.vehicles, stored.rows);
  const feedNotice = feedLeftOutNotice(result.vehicles);
  if (options.dryRun) {
    console.log(`${file} is valid: ${summary(changes, true)} (dry run, nothing written).`);
    if (feedNotice) console.log(feedNotice);
    return 0;
  }

  const id = randomUUID();
  let answerLost = false;
  let written: unknown[][];
  try {
    written = executeSql(
      target,
      withImportResult(
        target,
        id,
        importSql({
          id,
          expectedVersion: options.force ? null : (exportedAt ?? null),
          vehicles: result.vehicles,
          who: importEditor(path.basename(file)),
        }),
      ),
      {
        doing: `importing ${file} into ${databaseName(target)}`,
        // A forced dry run compares the file with what is stored whatever the version: "0 would be
        // added, 0 updated" when the import went in.
        seeWith: `npm run catalogue -- import ${file} --dry-run --force`,
        // Checked, not sent blindly again: the import's own row in catalogue_imports (its id is new
        // for this run) is written in the same transaction as its vehicles, so it is there exactly
        // when the lost try went in. A try sent again carries the same id, so it could never apply
        // twice anyway: its guard or the row's primary key refuses it (handled below).
        safety: {
          applied: () => {
            answerLost = true;
            return importResult(target, id) ? true : undefined;
          },
        },
      },
    );
  } catch (error) {
    if (!(error instanceof D1Error)) throw error;
    if (answerLost && importResult(target, id)) {
      // This very import went in on a try whose answer was lost, though the check after it did not
      // see it yet (on --remote D1's import can finish after wrangler stops waiting), and the try
      // sent again was refused by the version guard or by its id: it is in, once.
      console.error("wrangler lost the answer to an earlier try, which had made the import; it was not made twice.");
      return reportImport(target, file, content, { id, exportedAt, changes, feedNotice, written: [] });
    }
    if (error.message.includes(heldUnitsRefusal)) {
      // A buyer reserved a cart between our check and the write; the trigger caught it.
      refuseTakingHeldUnits(target, file, result.vehicles);
    }
    if (error.message.includes(staleFileRefusal)) {
      // Someone else's change landed between our check and the write; the guard caught it.
      throw new Refusal(staleMessage(file, exportedAt!, readCatalogue(target).version));
    }
    if (/no such table: catalogue_imports/.test(error.message)) {
      throw new Refusal(`The database is missing migration 0006; nothing was written. Run: ${migrateCommand(target)}`);
    }
    throw new Refusal(`The database refused the import, so nothing was written:\n  ${error.message}`);
  }
  return reportImport(target, file, content, { id, exportedAt, changes, feedNotice, written });
}

/** After the import went in: reads back the version it made, stamps the file with it, says what changed. */
function reportImport(
  target: D1Target,
  file: string,
  content: unknown,
  {
    id,
    exportedAt,
    changes,
    feedNotice,
    written,
  }: {
    id: string;
    exportedAt: number | undefined;
    changes: ReturnType<typeof compare>;
    feedNotice: string | null;
    /** The import's batch as executeSql answered it: its last statement's row is the result, when it came back. */
    written: unknown[][];
  },
): number {
  let versionAfter: number | undefined;
  try {
    const [answered] = (written.at(-1) ?? []) as { versionAfter: number | null }[];
    versionAfter = (answered ?? importResult(target, id))?.versionAfter ?? undefined;
  } catch (error) {
    if (!(error instanceof D1Error || error instanceof GaveUp)) throw error;
    // The rows are in: say so, rather than let a failed read-back look like a failed import.
    console.log(`Imported ${file} ${where(target)}: ${summary(changes, false)}.`);
    console.error(`The new catalogue version could not be read back (${error.message}); export again before editing.`);
    return 0;
  }
  let stamped = "";
  if (exportedAt !== undefined && versionAfter !== undefined) {
    // The file now matches the catalogue for every row it holds, so it may be edited and imported
    // again without a fresh export; a later change by anyone else still makes it stale.
    writeFileSync(file, `${JSON.stringify({ ...(content as object), catalogueVersion: versionAfter }, null, 2)}\n`);
    stamped = ` ${file} is stamped with it, so you can edit and import it again.`;
  }
  console.log(
    `Imported ${file} ${where(target)}: ${summary(changes, false)}.` +
      (versionAfter === undefined ? "" : ` The catalogue is now at version ${versionAfter}.${stamped}`),
  );
  if (feedNotice) console.log(feedNotice);
  return 0;
}

function describe(vehicle: RemovedVehicle): string {
  const name = vehicle.name.startsWith(vehicle.brand) ? vehicle.name : `${vehicle.brand} ${vehicle.name}`;
  return `${vehicle.id} (${name}, ${dollars(vehicle.price)})`;
}

function removeVehicle(target: D1Target, id: string, dryRun: boolean): number {
  const notFound = `No vehicle has the id "${id}" ${where(target)}; nothing was removed. Ids are in the export file.`;
  const held = (vehicle: RemovedVehicle) =>
    `${describe(vehicle)} is reserved for a buyer (${vehicle.heldBy}); nothing was removed. ` +
    "Decline the reservation, or mark it sold, first: npm run bookings -- list --kind reservation";
  const findVehicle = () =>
    query<RemovedVehicle>(target, findVehicleSql(id), `reading ${id} from ${databaseName(target)}`)[0];
  if (dryRun) {
    const vehicle = findVehicle();
    if (!vehicle) throw new Refusal(notFound);
    if (vehicle.heldBy) throw new Refusal(held(vehicle));
    const photos = vehiclePhotoCount(vehicle.images);
    console.log(
      `Would remove ${describe(vehicle)}${photos > 0 ? ` and its ${photos} photo(s)` : ""} ${where(target)} (dry run, nothing written).`,
    );
    return 0;
  }
  // One statement that deletes and names what it deleted: no gap between looking and removing.
  let goneAfterLostAnswer = false;
  const [, , [removed]] = sendChange(target, removeVehicleSql(id), {
    doing: `removing ${id} from ${databaseName(target)}`,
    seeWith: `npm run catalogue -- remove ${id} --dry-run`,
    // Checked: the DELETE takes only a vehicle that is there and that no buyer holds, so sending it
    // again could remove nothing else; but after a lost answer only a read tells whether it went.
    safety: {
      applied: () => {
        if (findVehicle()) return undefined;
        goneAfterLostAnswer = true;
        return [[], [], []];
      },
    },
  }) as [unknown[], unknown[], RemovedVehicle[]];
  if (!removed && goneAfterLostAnswer) {
    console.log(
      `${id} is no longer in the catalogue ${where(target)}: wrangler lost the answer to the removal, which most likely made it (unless there was no such vehicle). Files of its photos, if it had any, are deleted by the next photo command.`,
    );
    return 0;
  }
  if (!removed) {
    const vehicle = findVehicle();
    throw new Refusal(vehicle?.heldBy ? held(vehicle) : notFound);
  }
  console.log(`Removed ${describe(removed)} ${where(target)}. Its page is gone within a minute.`);
  deleteRemovedVehiclePhotos(target, removed.images);
  return 0;
}

/** `photos ...`: null when the words do not make a photo command. */
function photoCommand(target: D1Target, words: string[], dryRun: boolean): Promise<number> | number | null {
  const [action, vehicleId, ...rest] = words;
  if (!vehicleId) return null;
  if (action === "add" && rest.length > 0) return addPhotos(target, vehicleId, rest, dryRun);
  if (action === "list" && rest.length === 0 && !dryRun) return listPhotos(target, vehicleId);
  if (action === "remove" && rest.length === 1) return removePhoto(target, vehicleId, rest[0]!, dryRun);
  if (action === "order" && rest.length === 1) return orderPhotos(target, vehicleId, rest[0]!, dryRun);
  return null;
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCommandLine(argv, { "dry-run": { type: "boolean" }, force: { type: "boolean" } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const [command, argument, ...rest] = parsed.positionals;
  const dryRun = parsed.flags["dry-run"] === true;
  const force = parsed.flags.force === true;
  const misplaced = (command !== "import" && force) || (command === "export" && dryRun);
  if ((rest.length > 0 && command !== "photos") || misplaced) {
    console.error(usage);
    return 2;
  }
  try {
    // The file's extension picks the form: a spreadsheet, or the JSON file as it always was. The
    // spreadsheet code is loaded only for a spreadsheet: its CSV libraries cost every other command
    // a few tenths of a second of CPU.
    const spreadsheet = argument !== undefined && /\.csv$/i.test(argument);
    const csv = () => import("./catalogue-csv-command");
    if (command === "export" && spreadsheet) return (await csv()).exportCsv(parsed.target, argument);
    if (command === "export") return exportCatalogue(parsed.target, argument);
    if (command === "import" && spreadsheet) return (await csv()).importCsv(parsed.target, argument, { dryRun, force });
    if (command === "import" && argument) return importCatalogue(parsed.target, argument, { dryRun, force });
    if (command === "remove" && argument) return removeVehicle(parsed.target, argument, dryRun);
    if (command === "history" && argument && !dryRun) return printHistory(parsed.target, argument);
    if (command === "photos") {
      const outcome = photoCommand(parsed.target, parsed.positionals.slice(1), dryRun);
      if (outcome !== null) return await outcome;
    }
  } catch (error) {
    const failure = staffFailureText(error);
    if (failure !== null) {
      console.error(failure);
      return 1;
    }
    if (error instanceof BucketError) {
      console.error(`The photo storage could not be reached or refused a file:\n  ${error.message}`);
      return 1;
    }
    throw error;
  }
  console.error(usage);
  return 2;
}

process.exit(await main(process.argv.slice(2)));
