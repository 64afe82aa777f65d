import type { ListingStatus } from "../catalogue/listing-status";
import type { CsvRowFate, CsvRowOutcome } from "./catalogue-csv";

/**
 * The words of a spreadsheet row's fate, for the command's dry run and the staff page's preview
 * alike; apart from catalogue-csv.ts so the page's markup does not bring the CSV libraries along.
 */

const fateWords: Record<CsvRowFate, string> = {
  created: "new",
  updated: "updated",
  unchanged: "unchanged",
  refused: "refused",
  conflict: "changed by someone else since the export",
};

/** A status a row's write moves a vehicle to, before the write and after it. */
const statusChangeWords: Partial<Record<ListingStatus, { planned: string; done: string }>> = {
  sold: { planned: "will be marked sold", done: "marked sold" },
  "for-sale": { planned: "will be for sale again", done: "for sale again" },
};

/**
 * What one row does, as the command's dry run and the staff page's preview say it: "new",
 * "updated: price", "updated: units; will be marked sold" (after the write, "marked sold").
 */
export function rowWords(row: CsvRowOutcome, { written = false }: { written?: boolean } = {}): string {
  const fate = row.fate === "updated" ? `${fateWords.updated}: ${row.columns.join(", ")}` : fateWords[row.fate];
  const status = row.statusAfter ? statusChangeWords[row.statusAfter] : undefined;
  return status ? `${fate}; ${written ? status.done : status.planned}` : fate;
}
