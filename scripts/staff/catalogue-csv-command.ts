import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  catalogueCsv,
  planCsvImport,
  planSummary,
  problemsCsv,
  type CsvImportPlan,
} from "~/features/catalogue-upkeep/catalogue-csv";
import { restampedCsv } from "~/features/catalogue-upkeep/catalogue-csv-restamp";
import { rowWords } from "~/features/catalogue-upkeep/csv-row-words";
import { csvText, encodeCsvText, readAsWords, type CsvEncoding } from "~/features/catalogue-upkeep/csv-text";
import {
  catalogueVersionStatement,
  staffVehicleFromRow,
  staffVehiclesStatement,
  type StaffVehicleRow,
} from "~/features/catalogue-upkeep/catalogue-statements.server";
import { importEditor, type StaffVehicle } from "~/features/catalogue-upkeep/vehicle-edits";
import { visibleText } from "~/lib/visible-text";
import {
  heldUnitsRefusal,
  heldVehiclesSql,
  importResultSql,
  importSql,
  staleFileRefusal,
  withImportResult,
  type HeldVehicle,
} from "./catalogue-sql";
import { D1Error, databaseName, executeSql, query, queryEach, type D1Target } from "./d1";
import { refuseTakingHeldUnits } from "./held-units";
import { StaffRefusal as Refusal, where } from "./staff-messages";
import { sqlText } from "./statement-text";

/**
 * The spreadsheet form of `npm run catalogue -- export|import FILE.csv`: the columns and Excel's
 * rules are catalogue-csv.ts's, shared with the staff page; the write is the JSON import's own
 * statements. Without --force each row's version must be the stored one; the write is then guarded
 * by the catalogue version the rows were compared at, so a change made in between refuses it whole.
 */

const count = (n: number) => n.toLocaleString("en-US");

/**
 * The catalogue, and for an import the carts buyers hold, as one batch: one wrangler run where two
 * cost an import seconds of CPU, and the holds are those of the moment the rows were read.
 */
function readStaffCatalogue(
  target: D1Target,
  withHolds = false,
): { version: number; vehicles: StaffVehicle[]; held: HeldVehicle[] } {
  const [versionRows, rows, held = []] = queryEach(
    target,
    [
      sqlText(catalogueVersionStatement()),
      sqlText(staffVehiclesStatement()),
      ...(withHolds ? [heldVehiclesSql] : []),
    ].join("; "),
    `reading the catalogue from ${databaseName(target)}`,
  ) as [{ version: number }[], StaffVehicleRow[], HeldVehicle[]?];
  return { version: versionRows[0]?.version ?? 0, vehicles: rows.map(staffVehicleFromRow), held };
}

export function exportCsv(target: D1Target, file: string): number {
  const { version, vehicles } = readStaffCatalogue(target);
  writeFileSync(file, catalogueCsv(vehicles));
  const listed = vehicles.filter((vehicle) => vehicle.status !== "draft");
  const drafts = vehicles.length - listed.length;
  console.error(`Wrote ${count(listed.length)} vehicles (catalogue version ${version}) to ${file}.`);
  if (drafts > 0) {
    console.error(
      `${count(drafts)} draft(s) left out, to finish on the staff pages: ${vehicles
        .filter((vehicle) => vehicle.status === "draft")
        .map((vehicle) => vehicle.id)
        .join(", ")}`,
    );
  }
  return 0;
}

/** "catalogue.csv" -> "catalogue-problems.csv", beside it. */
const problemsFileOf = (file: string) => file.replace(/(\.csv)?$/i, "-problems.csv");

function printPlan(file: string, plan: CsvImportPlan): void {
  for (const row of plan.rows) {
    if (row.fate === "created" || row.fate === "updated") console.log(`  row ${row.row}  ${row.id}  ${rowWords(row)}`);
  }
  if (plan.extraColumns.length > 0) {
    console.log(`Columns ignored (not the catalogue's): ${plan.extraColumns.map(visibleText).join(", ")}`);
  }
  if (plan.missingColumns.length > 0) {
    console.log(`Columns ${file} leaves out, kept as they are: ${plan.missingColumns.join(", ")}`);
  }
}

function summary(plan: CsvImportPlan, dryRun: boolean): string {
  const { created, updated, unchanged } = planSummary(plan);
  return dryRun
    ? `${count(created)} would be added, ${count(updated)} updated, ${count(unchanged)} left as they are`
    : `${count(created)} added, ${count(updated)} updated, ${count(unchanged)} unchanged`;
}

export function importCsv(
  target: D1Target,
  file: string,
  { dryRun, force }: { dryRun: boolean; force: boolean },
): number {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Refusal(`Cannot read ${file}: ${code === "ENOENT" ? "no such file" : String(error)}`);
  }
  const read = csvText(bytes);
  if (!read.ok) throw new Refusal(`${file} ${read.problem}; nothing was written.`);
  const { text, encoding } = read;
  console.log(readAsWords(file, encoding));
  const stored = readStaffCatalogue(target, true);
  const plan = planCsvImport(text, stored.vehicles, { force });
  if (!plan.ok) {
    console.error(`${file} has ${count(plan.problems.length)} problem(s); nothing was written:`);
    for (const problem of plan.problems) {
      const place = problem.row === 0 ? "file" : `row ${problem.row}  ${problem.id}`;
      console.error(visibleText(`  ${place}  ${problem.column}: ${problem.message}`));
    }
    const problemsFile = problemsFileOf(file);
    writeFileSync(problemsFile, problemsCsv(plan.problems));
    console.error(`The same list is in ${problemsFile}, to fix in the spreadsheet.`);
    if (plan.rows.some((row) => row.fate === "conflict")) {
      console.error("Rows marked version were changed by someone else since the export: export again and redo them,");
      console.error("or, to write this file over their changes, run the same import with --force.");
    }
    return 1;
  }
  refuseTakingHeldUnits(target, file, plan.vehicles, stored.held);
  printPlan(file, plan);
  if (dryRun) {
    console.log(`${file} is valid: ${summary(plan, true)} (dry run, nothing written).`);
    return 0;
  }
  if (plan.vehicles.length === 0) {
    // A forced file's rows may carry old versions though their values are the catalogue's.
    const stamped = force ? restamp(file, text, encoding, plan) : "";
    console.log(`Imported ${file} ${where(target)}: ${summary(plan, false)}; nothing to write.${stamped}`);
    return 0;
  }
  const id = randomUUID();
  const importResult = () =>
    query<{ versionAfter: number | null }>(
      target,
      importResultSql(id),
      `reading the import's result from ${databaseName(target)}`,
    )[0];
  let written: unknown[][] = [];
  try {
    written = executeSql(
      target,
      withImportResult(
        target,
        id,
        importSql({
          id,
          expectedVersion: force ? null : stored.version,
          vehicles: plan.vehicles,
          who: importEditor(path.basename(file)),
        }),
      ),
      {
        doing: `importing ${file} into ${databaseName(target)}`,
        seeWith: `npm run catalogue -- import ${file} --dry-run --force`,
        // The import's own row in catalogue_imports is written with its vehicles: there exactly
        // when a try whose answer was lost went in; a try sent again is refused by its id.
        safety: { applied: () => (importResult() ? true : undefined) },
      },
    );
  } catch (error) {
    if (!(error instanceof D1Error)) throw error;
    if (importResult()) {
      console.error("wrangler lost the answer to an earlier try, which had made the import; it was not made twice.");
    } else if (error.message.includes(heldUnitsRefusal)) {
      refuseTakingHeldUnits(target, file, plan.vehicles);
      throw new Refusal(`A buyer reserved one of ${file}'s carts while it was being imported; nothing was written.`);
    } else if (error.message.includes(staleFileRefusal)) {
      throw new Refusal(
        `Someone changed the catalogue while ${file} was being imported; nothing was written. Run the same import again to see which rows.`,
      );
    } else {
      throw new Refusal(`The database refused the import, so nothing was written:\n  ${error.message}`);
    }
  }
  // Locally the batch's last statement read the result; else (D1 on Cloudflare, a lost answer) it is read now.
  const [answered] = (written.at(-1) ?? []) as { versionAfter: number | null }[];
  const versionAfter = (answered ?? importResult())?.versionAfter;
  console.log(
    `Imported ${file} ${where(target)}: ${summary(plan, false)}.` +
      (versionAfter == null ? "" : ` The catalogue is now at version ${versionAfter}.`) +
      restamp(file, text, encoding, plan),
  );
  return 0;
}

/**
 * Writes the file back with each row's version as the import left it (catalogue-csv-restamp.ts),
 * so a spreadsheet kept open can be edited and imported again; says so, or why not.
 */
function restamp(file: string, text: string, encoding: CsvEncoding, plan: CsvImportPlan): string {
  const restamped = restampedCsv(text, plan);
  if (restamped === null) return " It has no version column: export again before editing it further.";
  try {
    if (restamped !== text) writeFileSync(file, encodeCsvText(restamped, encoding));
  } catch (error) {
    // Excel on Windows locks a file it has open; the import is in all the same.
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return ` ${file} could not be given its rows' new versions (${code}; is it open in Excel?): export again before editing it further.`;
  }
  return ` ${file} now has each row's version as the catalogue has it, so you can edit it and import it again.`;
}
