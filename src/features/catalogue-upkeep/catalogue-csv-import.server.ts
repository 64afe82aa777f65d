import { batchStatements } from "~/server/d1-batch.server";
import type { Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { planCsvImport, type CsvImportPlan, type CsvProblem } from "./catalogue-csv";
import {
  catalogueVersionStatement,
  staffVehicleFromRow,
  staffVehiclesStatement,
  type StaffVehicleRow,
} from "./catalogue-statements.server";
import { CatalogueStoreError, heldUnitsTaken, importVehicles } from "./catalogue-writes.server";
import { importEditor, type Refusal, type StaffVehicle } from "./vehicle-edits";

/**
 * The staff page's spreadsheet upload: the plan of `planCsvImport` against the catalogue as it
 * stands, and on confirm the JSON import's own write (`importVehicles`: one batch, all or nothing,
 * refused when the catalogue moved since it was read, recorded as `import <file name>`).
 */

export interface StoredCatalogue {
  version: number;
  vehicles: StaffVehicle[];
}

/** The vehicles and the version they were read at, in one batch. */
export async function readStoredCatalogue(db: Database): Promise<StoredCatalogue> {
  let results: D1Result[];
  try {
    results = await batchStatements(db, [catalogueVersionStatement(), staffVehiclesStatement()]);
  } catch (error) {
    throw new CatalogueStoreError("read catalogue", errorKind(error));
  }
  const version = ((results[0]?.results ?? []) as { version: number }[])[0]?.version ?? 0;
  const vehicles = ((results[1]?.results ?? []) as StaffVehicleRow[]).map(staffVehicleFromRow);
  return { version, vehicles };
}

export type CsvImportResult =
  | { written: false; plan: CsvImportPlan; status: 200 | 400 | 409 }
  | { written: true; plan: CsvImportPlan; versionAfter: number };

/** 400 for a problem in the file, 409 for a change someone made since it was exported. */
export function planStatus(plan: CsvImportPlan): 200 | 400 | 409 {
  if (plan.ok) return 200;
  return plan.rows.some((row) => row.fate === "refused") || plan.problems.some((problem) => problem.row === 0)
    ? 400
    : 409;
}

/**
 * Plans the file's import and, when `confirm` and nothing is refused or in conflict, writes it.
 * A file that changes nothing writes nothing.
 */
export async function importCatalogueCsv(
  db: Database,
  { text, fileName, confirm, by }: { text: string; fileName: string; confirm: boolean; by?: string },
): Promise<CsvImportResult> {
  const stored = await readStoredCatalogue(db);
  const plan = planCsvImport(text, stored.vehicles);
  // The preview names carts buyers hold, as the command's dry run does, not only the confirm.
  const held = plan.ok ? await heldUnitsTaken(db, plan.vehicles) : [];
  if (held.length > 0) return heldConflicts(plan, held);
  if (!confirm || !plan.ok || plan.vehicles.length === 0) {
    return { written: false, plan, status: planStatus(plan) };
  }
  const outcome = await importVehicles(db, {
    vehicles: plan.vehicles,
    expectedVersion: stored.version,
    who: importEditor(fileName, by),
  });
  if (outcome.ok) return { written: true, plan, versionAfter: outcome.versionAfter };
  if (outcome.reason === "stale") {
    // Someone saved between our read and the write: the plan against what is stored now says whom.
    const again = planCsvImport(text, (await readStoredCatalogue(db)).vehicles);
    if (!again.ok) return { written: false, plan: again, status: planStatus(again) };
    const problem: CsvProblem = {
      row: 0,
      id: "",
      column: "(file)",
      message: "the catalogue changed while this file was being imported; nothing was written: confirm again",
    };
    return { written: false, plan: { ...again, ok: false, problems: [problem] }, status: 409 };
  }
  return heldConflicts(plan, outcome.refusals);
}

/** Rows that would take units buyers hold: in conflict with their reservations, named by row. */
function heldConflicts(plan: CsvImportPlan, refusals: readonly Refusal[]): CsvImportResult {
  const rowOf = new Map(plan.rows.map((row) => [row.id, row]));
  const problems = refusals.map((refusal) => {
    const id = refusal.field.replace(/\.unitsInStock$/, "");
    return { row: rowOf.get(id)?.row ?? 0, id, column: "units", message: refusal.message };
  });
  const rows = plan.rows.map((row) => {
    const mine = problems.filter((problem) => problem.id === row.id);
    return mine.length > 0 ? { ...row, fate: "conflict" as const, problems: mine } : row;
  });
  return { written: false, plan: { ...plan, ok: false, rows, problems }, status: 409 };
}
