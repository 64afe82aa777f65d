import {
  planSummary,
  problemsCsv,
  planCsvImport,
  type CsvImportPlan,
  type CsvRowFate,
} from "~/features/catalogue-upkeep/catalogue-csv";
import { importCatalogueCsv, readStoredCatalogue } from "~/features/catalogue-upkeep/catalogue-csv-import.server";
import type { Database } from "~/server/db.server";

/**
 * The staff page's spreadsheet import: a file posted from the phone or the office computer is
 * previewed (each row's fate, by the rules the command uses) and written only when staff confirm.
 * Nothing is kept between the two posts: the preview page carries the file back in a hidden field,
 * and the confirm plans it again against the catalogue as it is then.
 */

/** A catalogue of forty carts is about 20 KB; a DMS's whole stock list with its columns fits too. */
export const spreadsheetLimitBytes = 2 * 1024 * 1024;

export interface SpreadsheetOutcome {
  status: 200 | 400 | 409 | 413;
  written: boolean;
  message: string;
  fileName: string;
  /** The file as base64 of its bytes: carried back by the Confirm and problems forms unchanged. */
  content: string;
  counts: Record<CsvRowFate, number>;
  rows: CsvImportPlan["rows"];
  problems: CsvImportPlan["problems"];
  extraColumns: string[];
  missingColumns: string[];
}

const none: Record<CsvRowFate, number> = { created: 0, updated: 0, unchanged: 0, refused: 0, conflict: 0 };

function fileRefusal(status: 400 | 413, message: string): SpreadsheetOutcome {
  return {
    status,
    written: false,
    message,
    fileName: "",
    content: "",
    counts: none,
    rows: [],
    problems: [],
    extraColumns: [],
    missingColumns: [],
  };
}

/** The name an import is recorded under: the file's own, without a folder or control characters. */
export function uploadedFileName(name: string): string {
  const base = name.split(/[/\\]/).at(-1) ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .trim()
    .slice(0, 100);
  return clean || "spreadsheet.csv";
}

/** The file's text, or why it cannot be read: Excel's plain "CSV" is not UTF-8 unless saved as "CSV UTF-8". */
export function decodeSpreadsheet(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export const notUtf8 =
  'is not UTF-8 text: in Excel, save it with "Save as" and the type "CSV UTF-8 (Comma delimited)"; nothing was written';

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** The bytes a hidden field carried back, or null when it is not base64 of a file within the limit. */
export function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length > (spreadsheetLimitBytes * 4) / 3 + 4) return null;
  return new Uint8Array(Buffer.from(text, "base64"));
}

function outcomeOf(
  plan: CsvImportPlan,
  {
    status,
    written,
    fileName,
    bytes,
  }: { status: SpreadsheetOutcome["status"]; written: boolean; fileName: string; bytes: Uint8Array },
): SpreadsheetOutcome {
  const counts = planSummary(plan);
  const changes = counts.created + counts.updated;
  const message = written
    ? `Imported ${fileName}: ${counts.created} added, ${counts.updated} updated, ${counts.unchanged} unchanged.`
    : !plan.ok
      ? `${fileName} has ${plan.problems.length} problem(s); nothing was written.`
      : changes === 0
        ? `${fileName} changes nothing: ${counts.unchanged} vehicles are as the catalogue has them.`
        : `${fileName}: ${counts.created} would be added, ${counts.updated} updated, ${counts.unchanged} left as they are. Nothing is written until you confirm.`;
  return {
    status,
    written,
    message,
    fileName,
    content: toBase64(bytes),
    counts,
    rows: plan.rows.filter((row) => row.fate !== "unchanged"),
    problems: plan.problems,
    extraColumns: plan.extraColumns,
    missingColumns: plan.missingColumns,
  };
}

/** What the spreadsheet page's post asks: a new file's preview, or the confirmed import of a previewed one. */
export async function spreadsheetPost(db: Database, form: FormData, who: string): Promise<SpreadsheetOutcome> {
  let bytes: Uint8Array;
  let fileName: string;
  const confirm = form.get("intent") === "confirm";
  if (confirm) {
    const carried = fromBase64(String(form.get("content") ?? ""));
    if (!carried)
      return fileRefusal(400, "The previewed file did not come back whole; upload it again. Nothing was written.");
    bytes = carried;
    fileName = uploadedFileName(String(form.get("fileName") ?? ""));
  } else {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      return fileRefusal(400, "Choose a spreadsheet (a .csv file) to preview. Nothing was written.");
    }
    if (file.size > spreadsheetLimitBytes) {
      return fileRefusal(413, `The file is over ${spreadsheetLimitBytes / 1024 / 1024} MB; nothing was written.`);
    }
    bytes = new Uint8Array(await file.arrayBuffer());
    fileName = uploadedFileName(file.name);
  }
  const text = decodeSpreadsheet(bytes);
  if (text === null) return fileRefusal(400, `${fileName} ${notUtf8}.`);
  const result = await importCatalogueCsv(db, { text, fileName, confirm, by: who });
  return outcomeOf(result.plan, {
    status: result.written ? 200 : result.status,
    written: result.written,
    fileName,
    bytes,
  });
}

/** The problems of a posted file, as a spreadsheet to fix it by. */
export async function spreadsheetProblems(db: Database, form: FormData): Promise<Response> {
  const bytes = fromBase64(String(form.get("content") ?? ""));
  const text = bytes ? decodeSpreadsheet(bytes) : null;
  if (text === null) {
    return new Response("The file did not come back whole; upload it again. Nothing was changed.\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const plan = planCsvImport(text, (await readStoredCatalogue(db)).vehicles);
  const name = uploadedFileName(String(form.get("fileName") ?? "")).replace(/\.csv$/i, "");
  return csvAttachment(problemsCsv(plan.problems), `${name}-problems.csv`);
}

/** A spreadsheet to save: the browser downloads it under `fileName`. */
export function csvAttachment(csv: string, fileName: string): Response {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ascii}"`,
      "Cache-Control": "no-store",
    },
  });
}
