import {
  planSummary,
  problemsCsv,
  planCsvImport,
  type CsvImportPlan,
  type CsvRowFate,
} from "~/features/catalogue-upkeep/catalogue-csv";
import { importCatalogueCsv, readStoredCatalogue } from "~/features/catalogue-upkeep/catalogue-csv-import.server";
import { restampedCsv } from "~/features/catalogue-upkeep/catalogue-csv-restamp";
import { csvText, encodeCsvText, readAsWords, type CsvEncoding } from "~/features/catalogue-upkeep/csv-text";
import type { Database } from "~/server/db.server";
import {
  checkPreviewSeal,
  checkRestampedSeal,
  previewLifetimeHours,
  previewSeal,
  restampedSeal,
  signingKeyName,
} from "./spreadsheet-seals.server";

/**
 * The staff page's spreadsheet import: a file posted from the phone or the office computer is
 * previewed (each row's fate, by the rules the command uses) and written only when staff confirm
 * that very preview. Nothing is kept between the two posts: the preview page carries the file back
 * in a hidden field with the server's seal on it (spreadsheet-seals.server.ts), and the confirm
 * writes it only while the catalogue is still as the preview found it.
 */

/** A catalogue of forty carts is about 20 KB; a DMS's whole stock list with its columns fits too. */
export const spreadsheetLimitBytes = 2 * 1024 * 1024;

export interface SpreadsheetOutcome {
  status: 200 | 400 | 409 | 413 | 503;
  written: boolean;
  message: string;
  fileName: string;
  /** The file as base64 of its bytes: carried back by the Confirm and problems forms unchanged. */
  content: string;
  /** The server's seal on this preview, which its Confirm carries; empty when there is nothing to confirm. */
  seal: string;
  /** "catalogue.csv was read as UTF-8.": the encoding the file's bytes were read in. */
  encoding: string;
  /** After an import: the file with its rows' new versions (base64) and its seal, to download. */
  restamped: { content: string; seal: string } | null;
  counts: Record<CsvRowFate, number>;
  rows: CsvImportPlan["rows"];
  problems: CsvImportPlan["problems"];
  extraColumns: string[];
  missingColumns: string[];
}

const none: Record<CsvRowFate, number> = { created: 0, updated: 0, unchanged: 0, refused: 0, conflict: 0 };

function fileRefusal(status: 400 | 413 | 503, message: string): SpreadsheetOutcome {
  return {
    status,
    written: false,
    message,
    fileName: "",
    content: "",
    seal: "",
    encoding: "",
    restamped: null,
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

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** The bytes a hidden field carried back, or null when it is not base64 of a file within the limit. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length > (spreadsheetLimitBytes * 4) / 3 + 4) return null;
  return new Uint8Array(Buffer.from(text, "base64"));
}

const nothingWritten = "Nothing was written.";

/** Why a Confirm is refused, by what its seal lacks. */
const sealRefusals: Record<"none" | "other file" | "expired", string> = {
  none: `Confirm imports only a file this page previewed: upload it and preview it first. ${nothingWritten}`,
  "other file": `The file sent with Confirm is not the one this page previewed (or the site was restarted since the preview): upload it and preview it again. ${nothingWritten}`,
  expired: `The preview is over ${previewLifetimeHours} hours old: upload the file and preview it again. ${nothingWritten}`,
};

const confirmOff = `Confirming an import here is off until the site has its ${signingKeyName} (README, Deploying to Cloudflare, step 11); the command npm run catalogue -- import works meanwhile.`;

interface Previewed {
  plan: CsvImportPlan;
  status: SpreadsheetOutcome["status"];
  fileName: string;
  bytes: Uint8Array<ArrayBuffer>;
  encoding: CsvEncoding;
}

function outcomeOf({ plan, status, fileName, bytes, encoding }: Previewed, written: boolean): SpreadsheetOutcome {
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
    seal: "",
    encoding: readAsWords(fileName, encoding),
    restamped: null,
    counts,
    rows: plan.rows.filter((row) => row.fate !== "unchanged"),
    problems: plan.problems,
    extraColumns: plan.extraColumns,
    missingColumns: plan.missingColumns,
  };
}

/** A preview, with the seal its Confirm needs when it has anything to confirm. */
async function previewOutcome(
  previewed: Previewed,
  { key, who, catalogueVersion }: { key: string | undefined; who: string; catalogueVersion: number },
): Promise<SpreadsheetOutcome> {
  const outcome = outcomeOf(previewed, false);
  if (!previewed.plan.ok || outcome.counts.created + outcome.counts.updated === 0) return outcome;
  if (!key) return { ...outcome, message: `${outcome.message} ${confirmOff}` };
  const { bytes, fileName } = previewed;
  return { ...outcome, seal: await previewSeal(key, { bytes, fileName, who, catalogueVersion }) };
}

/**
 * What the spreadsheet page's post asks: a new file's preview, or the confirmed import of a previewed
 * one. `key` is the Worker's SPREADSHEET_SIGNING_KEY.
 */
export async function spreadsheetPost(
  db: Database,
  form: FormData,
  who: string,
  key: string | undefined,
): Promise<SpreadsheetOutcome> {
  const confirm = form.get("intent") === "confirm";
  if (confirm) return confirmPost(db, form, who, key);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return fileRefusal(400, "Choose a spreadsheet (a .csv file) to preview. Nothing was written.");
  }
  if (file.size > spreadsheetLimitBytes) {
    return fileRefusal(413, `The file is over ${spreadsheetLimitBytes / 1024 / 1024} MB; nothing was written.`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const fileName = uploadedFileName(file.name);
  const read = csvText(bytes);
  if (!read.ok) return fileRefusal(400, `${fileName} ${read.problem}; nothing was written.`);
  const result = await importCatalogueCsv(db, { text: read.text, fileName, confirm: false, by: who });
  // Without `confirm` nothing is written, so the answer is always a plan and its catalogue version.
  if (result.written)
    return outcomeOf({ plan: result.plan, status: 200, fileName, bytes, encoding: read.encoding }, true);
  const previewed = { plan: result.plan, status: result.status, fileName, bytes, encoding: read.encoding };
  return previewOutcome(previewed, { key, who, catalogueVersion: result.catalogueVersion });
}

/** The Confirm of a preview: the carried file, written only with its preview's seal and while the catalogue is as previewed. */
async function confirmPost(db: Database, form: FormData, who: string, key: string | undefined) {
  if (!key) return fileRefusal(503, `${confirmOff} ${nothingWritten}`);
  const bytes = fromBase64(String(form.get("content") ?? ""));
  if (!bytes) return fileRefusal(400, `The previewed file did not come back whole; upload it again. ${nothingWritten}`);
  const fileName = uploadedFileName(String(form.get("fileName") ?? ""));
  const sealed = await checkPreviewSeal(key, String(form.get("seal") ?? ""), { bytes, fileName, who });
  if (!sealed.ok) return fileRefusal(400, sealRefusals[sealed.why]);
  const read = csvText(bytes);
  if (!read.ok) return fileRefusal(400, `${fileName} ${read.problem}; nothing was written.`);
  const result = await importCatalogueCsv(db, {
    text: read.text,
    fileName,
    confirm: true,
    by: who,
    previewedAt: sealed.catalogueVersion,
  });
  const previewed = { plan: result.plan, fileName, bytes, encoding: read.encoding };
  if (!result.written) {
    const again = await previewOutcome(
      { ...previewed, status: result.status },
      { key, who, catalogueVersion: result.catalogueVersion },
    );
    if (!result.moved) return again;
    const moved = `The catalogue changed since your preview of ${fileName}, so nothing was written. Here is the preview against the catalogue as it is now.`;
    return { ...again, status: 409 as const, message: `${moved} ${again.message}` };
  }
  const outcome = outcomeOf({ ...previewed, status: 200 }, true);
  const restamped = restampedCsv(read.text, result.plan);
  if (restamped === null) return outcome;
  const restampedBytes = encodeCsvText(restamped, read.encoding);
  return {
    ...outcome,
    content: "",
    restamped: {
      content: toBase64(restampedBytes),
      seal: await restampedSeal(key, { bytes: restampedBytes, fileName }),
    },
  };
}

/** The problems of a posted file, as a spreadsheet to fix it by. */
export async function spreadsheetProblems(db: Database, form: FormData): Promise<Response> {
  const bytes = fromBase64(String(form.get("content") ?? ""));
  const read = bytes ? csvText(bytes) : null;
  if (!read?.ok) return notWhole();
  const plan = planCsvImport(read.text, (await readStoredCatalogue(db)).vehicles);
  const name = uploadedFileName(String(form.get("fileName") ?? "")).replace(/\.csv$/i, "");
  return csvAttachment(problemsCsv(plan.problems), `${name}-problems.csv`);
}

/** The file an import restamped, as the server sealed it after writing it: nothing else is echoed. */
export async function restampedDownload(form: FormData, key: string | undefined): Promise<Response> {
  const bytes = fromBase64(String(form.get("content") ?? ""));
  const fileName = uploadedFileName(String(form.get("fileName") ?? ""));
  if (!bytes || !key || !(await checkRestampedSeal(key, String(form.get("seal") ?? ""), { bytes, fileName }))) {
    return notWhole();
  }
  const read = csvText(bytes);
  return csvAttachment(bytes, fileName, read.ok ? read.encoding : "utf-8");
}

const notWhole = () =>
  new Response("The file did not come back whole; upload it again. Nothing was changed.\n", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/** A spreadsheet to save: the browser downloads it under `fileName`. */
export function csvAttachment(
  csv: string | Uint8Array<ArrayBuffer>,
  fileName: string,
  encoding: CsvEncoding = "utf-8",
): Response {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(csv, {
    headers: {
      "Content-Type": `text/csv; charset=${encoding}`,
      "Content-Disposition": `attachment; filename="${ascii}"`,
      "Cache-Control": "no-store",
    },
  });
}
