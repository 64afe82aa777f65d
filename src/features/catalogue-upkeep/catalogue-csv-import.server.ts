import { batchStatements } from "~/server/d1-batch.server";
import type { Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { planCsvImport, type CsvImportPlan } from "./catalogue-csv";
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
  | {
      written: false;
      plan: CsvImportPlan;
      status: 200 | 400 | 409;
      /** The catalogue version the plan was made against: a confirm of this preview must find it still. */
      catalogueVersion: number;
      /** The catalogue moved since the preview being confirmed: the plan is against it as it is now. */
      moved?: true;
    }
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
 * A file that changes nothing writes nothing. A confirm names the catalogue version its preview was
 * planned at (`previewedAt`): the write happens only while the catalogue is still there, so what is
 * written is exactly what the preview showed; otherwise the answer is the plan as it is now (409).
 */
export async function importCatalogueCsv(
  db: Database,
  {
    text,
    fileName,
    confirm,
    by,
    previewedAt,
  }: { text: string; fileName: string; confirm: boolean; by?: string; previewedAt?: number },
): Promise<CsvImportResult> {
  const stored = await readStoredCatalogue(db);
  const plan = planCsvImport(text, stored.vehicles);
  const catalogueVersion = stored.version;
  // The preview names carts buyers hold, as the command's dry run does, not only the confirm.
  const held = plan.ok ? await heldUnitsTaken(db, plan.vehicles) : [];
  if (held.length > 0) return heldConflicts(plan, held, catalogueVersion);
  if (confirm && previewedAt !== undefined && previewedAt !== catalogueVersion) {
    return { written: false, plan, status: 409, catalogueVersion, moved: true };
  }
  if (!confirm || !plan.ok || plan.vehicles.length === 0) {
    return { written: false, plan, status: planStatus(plan), catalogueVersion };
  }
  const outcome = await importVehicles(db, {
    vehicles: plan.vehicles,
    expectedVersion: previewedAt ?? catalogueVersion,
    who: importEditor(fileName, by),
  });
  if (outcome.ok) return { written: true, plan, versionAfter: outcome.versionAfter };
  if (outcome.reason === "stale") {
    // Someone saved between our read and the write: the plan against what is stored now says whom.
    const now = await readStoredCatalogue(db);
    const again = planCsvImport(text, now.vehicles);
    return { written: false, plan: again, status: 409, catalogueVersion: now.version, moved: true };
  }
  return heldConflicts(plan, outcome.refusals, catalogueVersion);
}

/** Rows that would take units buyers hold: in conflict with their reservations, named by row. */
function heldConflicts(plan: CsvImportPlan, refusals: readonly Refusal[], catalogueVersion: number): CsvImportResult {
  const rowOf = new Map(plan.rows.map((row) => [row.id, row]));
  const problems = refusals.map((refusal) => {
    const id = refusal.field.replace(/\.unitsInStock$/, "");
    return { row: rowOf.get(id)?.row ?? 0, id, column: "units", message: refusal.message };
  });
  const rows = plan.rows.map((row) => {
    const mine = problems.filter((problem) => problem.id === row.id);
    return mine.length > 0 ? { ...row, fate: "conflict" as const, problems: mine } : row;
  });
  return { written: false, plan: { ...plan, ok: false, rows, problems }, status: 409, catalogueVersion };
}
