import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { ImportedVehicle } from "./catalogue-statements.server";
import { vehicleIdSchema, vehicleSchema, type Vehicle } from "../catalogue/vehicle";
import type { ListingStatus } from "../catalogue/listing-status";
import { publicVehicleOf, vehicleTextLimits, type StaffVehicle } from "./vehicle-edits";

/**
 * The catalogue as a spreadsheet: the one mapping between CSV columns and the vehicle records, for
 * the command (`npm run catalogue -- export catalogue.csv`) and the staff pages alike. It writes
 * and reads; it never touches the database: callers give it the stored vehicles and send what it
 * plans through the JSON import's own statements.
 */

/** The columns, in the order the export writes them, as staff call them. */
export const csvColumns = [
  "id",
  "stock number",
  "name",
  "brand",
  "model",
  "condition",
  "price",
  "units",
  "status",
  "road class",
  "seats",
  "range",
  "top speed",
  "battery",
  "charging time",
  "payload",
  "description",
  "features",
  "photos",
  "example values",
  "version",
] as const;
export type CsvColumn = (typeof csvColumns)[number];

/** The specification each specification column holds. */
const specificationOf = {
  seats: "seatingCapacity",
  range: "range",
  "top speed": "topSpeed",
  battery: "batteryType",
  "charging time": "chargingTime",
  payload: "payload",
} as const satisfies Partial<Record<CsvColumn, string>>;
type SpecificationColumn = keyof typeof specificationOf;

/** The column a field path of the vehicle rules is in, so a refusal names what staff see. */
function columnOfPath(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  const byField: Record<string, string> = {
    id: "id",
    stockNumber: "stock number",
    name: "name",
    brand: "brand",
    category: "model",
    isNew: "condition",
    price: "price",
    unitsInStock: "units",
    inStock: "units",
    roadClass: "road class",
    description: "description",
    features: "features",
    images: "photos",
    exampleFields: "example values",
  };
  if (first === "specifications" && second) {
    const column = Object.entries(specificationOf).find(([, key]) => key === second)?.[0];
    return column ?? `specifications.${second}`;
  }
  return (first && byField[first]) || path.join(".") || "(row)";
}

/** Example marks by the column names staff see ("road class", "seats"); other marks as they are. */
const exampleWordOf: Record<string, string> = {
  description: "description",
  features: "features",
  roadClass: "road class",
  ...Object.fromEntries(Object.entries(specificationOf).map(([column, key]) => [`specifications.${key}`, column])),
};
const examplePathOf = Object.fromEntries(Object.entries(exampleWordOf).map(([path, word]) => [word, path]));

const statusWords: Record<ListingStatus, string> = {
  draft: "draft",
  "for-sale": "for sale",
  sold: "sold",
  hidden: "hidden",
};

/**
 * A cell Excel or Calc would run as a formula (OWASP's list: `=`, `+`, `-`, `@`, tab, carriage
 * return) is written after an apostrophe, which they show as text; one that already starts with
 * apostrophes before such a character gets one more, so reading takes exactly one off and every
 * value comes back. Every line of a cell is guarded the same way (a line break itself is not a
 * line's start): a list is one value a line, and a reader that splits a cell at its line breaks, as
 * Calc did with the unquoted cells of issue 55, must still find no line it would evaluate.
 */
const formulaStart = /^(?='*[=+\-@\t\r])/;
const formulaLine = /(\r\n|\n|\r)(?='*[=+\-@\t])/g;
const markedStart = /^'(?='*[=+\-@\t\r])/;
const markedLine = /(\r\n|\n|\r)'(?='*[=+\-@\t])/g;
export const escapeCell = (text: string) => text.replace(formulaLine, "$1'").replace(formulaStart, "'");
export const unescapeCell = (text: string) => text.replace(markedLine, "$1").replace(markedStart, "");

/**
 * How every spreadsheet this module writes is laid out: UTF-8 with a byte-order mark, so Excel
 * reads accents, and CRLF between rows. A cell holding any line break (a list is one item a line)
 * is quoted: csv-stringify quotes a cell holding the record delimiter, CRLF, but not a lone LF
 * unless told to, and a reader then starts a new row at each of them.
 */
export const csvWriteOptions = { bom: true, record_delimiter: "windows", quote_record_delimiter: true } as const;

/** The cells of one vehicle, by column. A list is one item a line. */
function cellsOf(vehicle: Vehicle & { stockNumber?: string | null; status?: ListingStatus; version?: number }) {
  const specifications = vehicle.specifications as Record<string, string | number>;
  const cells: Record<CsvColumn, string> = {
    id: vehicle.id,
    "stock number": vehicle.stockNumber ?? "",
    name: vehicle.name,
    brand: vehicle.brand,
    model: vehicle.category,
    condition: vehicle.isNew ? "new" : "pre-owned",
    price: String(vehicle.price),
    units: String(vehicle.inStock ? (vehicle.unitsInStock ?? 1) : 0),
    status: vehicle.status ? statusWords[vehicle.status] : "",
    "road class": vehicle.roadClass === "lsv" ? "LSV" : "golf cart",
    seats: "",
    range: "",
    "top speed": "",
    battery: "",
    "charging time": "",
    payload: "",
    description: vehicle.description,
    features: vehicle.features.join("\n"),
    photos: vehicle.images.join("\n"),
    "example values": (vehicle.exampleFields ?? []).map((path) => exampleWordOf[path] ?? path).join("\n"),
    version: vehicle.version === undefined ? "" : String(vehicle.version),
  };
  for (const [column, key] of Object.entries(specificationOf) as [SpecificationColumn, string][]) {
    const value = specifications[key];
    cells[column] = value === undefined ? "" : String(value);
  }
  return cells;
}

/**
 * The spreadsheet of the catalogue, laid out as `csvWriteOptions` says, with a header of the column
 * names. Drafts are left out, as from the JSON export: they are being built on the staff pages and
 * are not whole vehicles yet.
 */
export function catalogueCsv(vehicles: readonly StaffVehicle[]): string {
  const rows = vehicles
    .filter((vehicle) => vehicle.status !== "draft")
    .map((vehicle) => {
      const cells = cellsOf({
        ...publicVehicleOf(vehicle),
        stockNumber: vehicle.stockNumber,
        status: vehicle.status,
        version: vehicle.version,
      });
      return csvColumns.map((column) => escapeCell(cells[column]));
    });
  return stringify([[...csvColumns], ...rows], csvWriteOptions);
}

/** One problem of an uploaded file: its spreadsheet row (the header is row 1), id and column. */
export interface CsvProblem {
  /** 0 for the file as a whole. */
  row: number;
  id: string;
  column: string;
  message: string;
}

export type CsvRowFate = "created" | "updated" | "unchanged" | "refused" | "conflict";

export interface CsvRowOutcome {
  row: number;
  id: string;
  fate: CsvRowFate;
  /** For an updated row: the columns whose values it changes. */
  columns: string[];
  problems: CsvProblem[];
  /** The listing status the write gives a created or updated vehicle, when it is not the one it has. */
  statusAfter?: ListingStatus;
  /** The vehicle's version once the plan is written (a written row's moves by one; a new one starts at 1). */
  versionAfter?: number;
}

export interface CsvImportPlan {
  /** Nothing refused and nothing in conflict: the vehicles may be written. */
  ok: boolean;
  rows: CsvRowOutcome[];
  /** Problems of the file as a whole (no id column, unreadable CSV), then every row's. */
  problems: CsvProblem[];
  /** Columns the file has that are not the catalogue's (a DMS's own): ignored. */
  extraColumns: string[];
  /** The catalogue's columns the file leaves out: their values stay as they are. */
  missingColumns: CsvColumn[];
  /** The vehicles to create and update, for the import's statements. */
  vehicles: ImportedVehicle[];
}

/** How an uploaded file is read: its records are its spreadsheet rows, the header row 1. */
export const csvReadOptions = {
  bom: true,
  relax_column_count: true,
  // A DMS writes inches as 12" in a cell it did not quote; the cell is kept as it is.
  relax_quotes: true,
  skip_empty_lines: false,
} as const;

/** "Stock Number", "stock_number", " stock-number ": one column. */
const headerKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/** What the rows of a file with this header can say: the catalogue's columns by position, and the others. */
export function readHeader(header: readonly string[]) {
  const positions = new Map<CsvColumn, number>();
  const extra: string[] = [];
  const repeated: string[] = [];
  header.forEach((name, index) => {
    const key = headerKey(name) as CsvColumn;
    if (!(csvColumns as readonly string[]).includes(key)) {
      if (name.trim() !== "") extra.push(name.trim());
      return;
    }
    if (positions.has(key)) repeated.push(key);
    else positions.set(key, index);
  });
  return { positions, extra, repeated };
}

/** A cell quoted in a refusal: enough to find it, never a whole pasted page. */
const quoted = (cell: string) => JSON.stringify(cell.length > 40 ? `${cell.slice(0, 40)}…` : cell);

/** "$12,995", "12995.00", " 12995 " -> 12995; anything else, or cents, is not a price. */
function readPrice(cell: string): number | string {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(cell.trim());
  if (!match)
    return `${quoted(cell)} is not a price: write whole US dollars, as 12995 (a dollar sign and commas may stay)`;
  if (match[2] && Number(match[2]) !== 0) return `${quoted(cell.trim())} has cents: prices are whole US dollars`;
  return Number(match[1]!.replaceAll(",", ""));
}

/** "3", "3.0" -> 3 (a spreadsheet may write a count with decimals); anything else is not a count. */
function readCount(cell: string, what: string): number | string {
  const match = /^(\d+)(?:\.0+)?$/.exec(cell.trim());
  return match ? Number(match[1]) : `${quoted(cell)} is not a whole number of ${what}`;
}

const lines = (cell: string) =>
  cell
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter(Boolean);

const byStatusWord = new Map(Object.entries(statusWords).map(([status, word]) => [word, status as ListingStatus]));

/** The status a write of `vehicle` leaves: hidden stays hidden, a listed one follows its stock. */
function statusAfter(stored: StaffVehicle | undefined, vehicle: Vehicle): ListingStatus {
  if (stored?.status === "hidden" || stored?.status === "draft") return stored.status;
  return vehicle.inStock ? "for-sale" : "sold";
}

/**
 * The version a vehicle new to the catalogue starts at (migration 0022's column default); each write
 * that changes a vehicle moves it by one (`upsertTail`'s `version = vehicles.version + 1`).
 */
const firstVehicleVersion = 1;

/** A row as JSON stays under this so its statement, SQL around it, fits D1's 100,000 bytes. */
const rowByteLimit = 90_000;

/**
 * Reads an uploaded spreadsheet against the stored catalogue and plans its import: each row
 * created, updated (naming the columns), unchanged, refused (by column, with the reason) or in
 * conflict with a change made since the export (its version column). Without `force`, a row of a
 * stored vehicle must carry the version it was exported at. Vehicles missing from the file are not
 * touched, and a column the file leaves out keeps each vehicle's value.
 */
export function planCsvImport(
  text: string,
  stored: readonly StaffVehicle[],
  { force = false }: { force?: boolean } = {},
): CsvImportPlan {
  const fileProblem = (column: string, message: string): CsvImportPlan => {
    const problem = { row: 0, id: "", column, message };
    return { ok: false, rows: [], problems: [problem], extraColumns: [], missingColumns: [], vehicles: [] };
  };
  let records: string[][];
  try {
    records = parse(text, csvReadOptions) as string[][];
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    return fileProblem("(file)", `is not a readable CSV file${where ? ` (near line ${where})` : ""}`);
  }
  const [header = [], ...body] = records;
  const { positions, extra, repeated } = readHeader(header);
  if (!positions.has("id")) {
    return fileProblem("id", `the first row must name the columns, with an "id" column: ${csvColumns.join(", ")}`);
  }
  if (repeated.length > 0) return fileProblem(repeated[0]!, "is named twice in the first row");
  if (!positions.has("version") && !force) {
    return fileProblem(
      "version",
      "the file has no version column, so it cannot be checked against changes made since it was exported: export again and copy your rows into that file, or import it with --force",
    );
  }
  const missingColumns = csvColumns.filter((column) => !positions.has(column));
  const byId = new Map(stored.map((vehicle) => [vehicle.id, vehicle]));
  const seen = new Map<string, number>();
  const rows: CsvRowOutcome[] = [];
  const vehicles: ImportedVehicle[] = [];

  body.forEach((record, index) => {
    const row = index + 2;
    if (record.every((cell) => cell.trim() === "")) return;
    const cellOf = (column: CsvColumn): string | undefined => {
      const position = positions.get(column);
      if (position === undefined) return undefined;
      return unescapeCell(record[position] ?? "");
    };
    const id = (cellOf("id") ?? "").trim();
    const problems: CsvProblem[] = [];
    const refuse = (column: string, message: string) => problems.push({ row, id, column, message });
    const outcome = (fate: CsvRowFate, columns: string[] = [], after: Partial<CsvRowOutcome> = {}) =>
      rows.push({ row, id, fate, columns, problems, ...after });

    const idCheck = vehicleIdSchema.safeParse(id);
    if (!idCheck.success) {
      refuse("id", idCheck.error.issues[0]!.message);
      return outcome("refused");
    }
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      refuse("id", `is also on row ${earlier}`);
      return outcome("refused");
    }
    seen.set(id, row);
    const current = byId.get(id);
    if (current?.status === "draft") {
      refuse("id", "is a draft on the staff pages: finish it and put it on the site there");
      return outcome("refused");
    }

    if (!force) {
      const version = (cellOf("version") ?? "").trim();
      if (current && version === "") {
        refuse("version", `is blank, so this row cannot be checked against changes made since the export`);
        return outcome("refused");
      }
      if (current && version !== String(current.version)) {
        refuse(
          "version",
          `${id} changed after this file was exported (the file has version ${version}, the catalogue ${current.version}): export again and redo this row`,
        );
        return outcome("conflict");
      }
      if (!current && version !== "") {
        refuse("version", `${id} was removed after this file was exported: clear its version to add it again`);
        return outcome("conflict");
      }
    }

    // Start from what is stored: a column the file leaves out keeps its value.
    const base: Record<string, unknown> = current
      ? { ...publicVehicleOf(current), specifications: { ...current.specifications } }
      : { id, images: [], features: [], exampleFields: [], specifications: {} };
    const candidate = base as Record<string, unknown> & { specifications: Record<string, unknown> };
    let stockNumber: string | null | undefined = current ? current.stockNumber : undefined;
    const text = (column: CsvColumn, field: string) => {
      const cell = cellOf(column);
      if (cell !== undefined) candidate[field] = cell.trim();
    };
    text("name", "name");
    text("brand", "brand");
    text("model", "category");
    const description = cellOf("description");
    if (description !== undefined) candidate.description = description.replace(/\r\n?/g, "\n").trim();

    const stock = cellOf("stock number");
    if (stock !== undefined) {
      const trimmed = stock.trim();
      if (trimmed.length > vehicleTextLimits.stockNumber) {
        refuse("stock number", `must be at most ${vehicleTextLimits.stockNumber} characters`);
      }
      stockNumber = trimmed === "" ? null : trimmed;
    }

    const condition = cellOf("condition");
    if (condition !== undefined) {
      const word = headerKey(condition);
      if (word === "new") candidate.isNew = true;
      else if (["pre owned", "preowned", "used"].includes(word)) candidate.isNew = false;
      else refuse("condition", `${quoted(condition)} is not a condition: write new or pre-owned`);
    }

    const price = cellOf("price");
    if (price !== undefined) {
      const read = readPrice(price);
      if (typeof read === "string") refuse("price", read);
      else candidate.price = read;
    }

    const units = cellOf("units");
    if (units !== undefined) {
      const read = readCount(units, "carts");
      if (typeof read === "string") refuse("units", read);
      else {
        candidate.unitsInStock = read;
        candidate.inStock = read > 0;
      }
    } else if (!current) {
      refuse("units", "a new vehicle needs its number of units on the lot");
    }

    const roadClass = cellOf("road class");
    if (roadClass !== undefined) {
      const word = headerKey(roadClass);
      if (word === "" || word === "golf cart") candidate.roadClass = "golf-cart";
      else if (word === "lsv") candidate.roadClass = "lsv";
      else refuse("road class", `${quoted(roadClass)} is not a road class: write golf cart or LSV`);
    }

    for (const [column, key] of Object.entries(specificationOf) as [SpecificationColumn, string][]) {
      const cell = cellOf(column);
      if (cell === undefined) continue;
      if (column === "seats") {
        const read = readCount(cell, "seats");
        if (typeof read === "string") refuse("seats", read);
        else candidate.specifications[key] = read;
      } else if (cell.trim() === "") {
        delete candidate.specifications[key];
      } else {
        candidate.specifications[key] = cell.trim();
      }
    }

    const list = (column: CsvColumn, field: string, map: (line: string) => string = (line) => line) => {
      const cell = cellOf(column);
      if (cell !== undefined) candidate[field] = lines(cell).map(map);
    };
    list("features", "features");
    list("photos", "images");
    list("example values", "exampleFields", (word) => examplePathOf[headerKey(word)] ?? word);

    if (problems.length > 0) return outcome("refused");
    const parsed = vehicleSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) refuse(columnOfPath(issue.path), issue.message);
      return outcome("refused");
    }
    const vehicle: ImportedVehicle = { ...parsed.data, stockNumber: stockNumber ?? null };
    if (new TextEncoder().encode(JSON.stringify(vehicle)).length > rowByteLimit) {
      refuse("(row)", "is too long for one database statement: shorten its description or features");
      return outcome("refused");
    }

    const status = cellOf("status");
    const after = statusAfter(current, parsed.data);
    // The exported status is accepted as it stands (units 0 makes a cart sold whatever the cell
    // still says); a status typed that the row does not lead to is refused rather than ignored.
    const typed = status === undefined || status.trim() === "" ? undefined : byStatusWord.get(headerKey(status));
    if (status !== undefined && status.trim() !== "" && typed !== after && typed !== current?.status) {
      refuse(
        "status",
        `${quoted(status.trim())} is not what this row makes it (${statusWords[after]}): an import sets for sale or sold by the units; hide, show and publish on the vehicle's staff page`,
      );
      return outcome("refused");
    }

    if (!current) {
      vehicles.push(vehicle);
      // A new vehicle is listed at once, for sale; only one that starts sold is worth saying.
      return outcome("created", [], {
        versionAfter: firstVehicleVersion,
        ...(after === "sold" ? { statusAfter: after } : {}),
      });
    }
    const before = cellsOf({ ...publicVehicleOf(current), stockNumber: current.stockNumber });
    const now = cellsOf(vehicle);
    const changed = csvColumns.filter((column) => column !== "status" && before[column] !== now[column]);
    // Fields with no column (colour, a link, other specifications) are kept, so cells tell it all.
    if (changed.length === 0) return outcome("unchanged", [], { versionAfter: current.version });
    vehicles.push(vehicle);
    return outcome("updated", changed, {
      versionAfter: current.version + 1,
      ...(after !== current.status ? { statusAfter: after } : {}),
    });
  });

  const problems = rows.flatMap((outcome) => outcome.problems);
  return {
    ok: problems.length === 0,
    rows,
    problems,
    extraColumns: extra,
    missingColumns,
    vehicles,
  };
}

/** The problems as a spreadsheet, to fix the file row by row. */
export function problemsCsv(problems: readonly CsvProblem[]): string {
  const rows = problems.map((problem) =>
    [problem.row === 0 ? "" : String(problem.row), problem.id, problem.column, problem.message].map(escapeCell),
  );
  return stringify([["row", "id", "column", "problem"], ...rows], csvWriteOptions);
}

/** "1 created, 2 updated, 31 unchanged": what a plan writes, or would. */
export function planSummary(plan: CsvImportPlan): Record<CsvRowFate, number> {
  const counts: Record<CsvRowFate, number> = { created: 0, updated: 0, unchanged: 0, refused: 0, conflict: 0 };
  for (const row of plan.rows) counts[row.fate] += 1;
  return counts;
}
