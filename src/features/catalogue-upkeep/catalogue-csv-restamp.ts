import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { csvReadOptions, csvWriteOptions, readHeader, type CsvImportPlan } from "./catalogue-csv";

/**
 * The file an import wrote, with each row's version set to its vehicle's once the import is in: a
 * spreadsheet kept open and imported again then conflicts only where someone else changed a vehicle
 * since, not on every row the import itself wrote. Everything else stays byte for byte as the file
 * had it (its own columns, order, quoting, line ends); only a row whose version changes is written
 * anew, from its own cells, with the quoting the export uses.
 *
 * Null when the file has no version column (imported with --force): there is nothing to stamp.
 */
export function restampedCsv(text: string, plan: CsvImportPlan): string | null {
  const versionOfRow = new Map(
    plan.rows.flatMap((row) => (row.versionAfter === undefined ? [] : [[row.row, String(row.versionAfter)] as const])),
  );
  const records = parse(text, { ...csvReadOptions, info: true }) as unknown as {
    record: string[];
    info: { bytes: number };
  }[];
  const position = readHeader(records[0]?.record ?? []).positions.get("version");
  if (position === undefined) return null;
  // csv-parse counts a record's end in bytes of the text as UTF-8, its line break included.
  const bytes = new TextEncoder().encode(text);
  // A byte-order mark is part of the file's first piece, kept where it was.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let start = 0;
  const pieces = records.map(({ record, info }, index) => {
    const piece = decoder.decode(bytes.subarray(start, info.bytes));
    start = info.bytes;
    const version = versionOfRow.get(index + 1);
    if (version === undefined || (record[position] ?? "").trim() === version) return piece;
    const cells = Array.from({ length: Math.max(record.length, position + 1) }, (_, cell) => record[cell] ?? "");
    cells[position] = version;
    const lineEnd = /(\r\n|\n|\r)$/.exec(piece)?.[1] ?? "";
    return stringify([cells], { ...csvWriteOptions, bom: false, record_delimiter: lineEnd, eof: lineEnd !== "" });
  });
  return pieces.join("") + decoder.decode(bytes.subarray(start));
}
