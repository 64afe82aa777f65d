import { vehicleSchema, type Vehicle } from "~/features/catalogue/vehicle";
import { d1StatementLimit, vehicleStatementBytes } from "./catalogue-sql";

export interface RowProblem {
  /** The row's id, or its position when it has no usable id; "file" for the file as a whole. */
  row: string;
  field: string;
  message: string;
}

export type CatalogueFileResult =
  | {
      ok: true;
      vehicles: Vehicle[];
      /** The catalogue version the export stamped; absent in a plain list of vehicles. */
      catalogueVersion?: number;
    }
  | { ok: false; problems: RowProblem[] };

const fileShape = 'the file must hold { "catalogueVersion": <number>, "vehicles": [...] } as the export writes it';

/**
 * Checks a whole catalogue file before anything is written: every row against the shared Vehicle
 * schema, ids unique, and each row small enough for one D1 statement. All problems are reported at
 * once, by row id and field. The export's form is `{ catalogueVersion, vehicles }`; a plain list of
 * vehicles is read too, and the caller decides what a file without a version may do.
 */
export function validateCatalogueFile(content: unknown, schema = vehicleSchema): CatalogueFileResult {
  let rows: unknown[];
  let catalogueVersion: number | undefined;
  const problems: RowProblem[] = [];
  if (Array.isArray(content)) {
    rows = content;
  } else if (
    typeof content === "object" &&
    content !== null &&
    Array.isArray((content as { vehicles?: unknown }).vehicles)
  ) {
    const stamped = content as { catalogueVersion?: unknown; vehicles: unknown[] };
    rows = stamped.vehicles;
    if (Number.isSafeInteger(stamped.catalogueVersion) && (stamped.catalogueVersion as number) >= 0) {
      catalogueVersion = stamped.catalogueVersion as number;
    } else {
      problems.push({
        row: "file",
        field: "catalogueVersion",
        message: "must be the catalogue version the export wrote (a whole number); export again to get one",
      });
    }
  } else {
    return { ok: false, problems: [{ row: "file", field: "(root)", message: fileShape }] };
  }
  const vehicles: Vehicle[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row: unknown, index) => {
    const rawId = typeof row === "object" && row !== null && "id" in row ? (row as { id: unknown }).id : undefined;
    const label = typeof rawId === "string" && rawId ? rawId : `#${index + 1}`;
    const parsed = schema.safeParse(row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ row: label, field: issue.path.join(".") || "(row)", message: issue.message });
      }
      return;
    }
    const earlier = seen.get(parsed.data.id);
    if (earlier !== undefined) {
      problems.push({ row: label, field: "id", message: `duplicates row #${earlier + 1}` });
      return;
    }
    seen.set(parsed.data.id, index);
    const size = vehicleStatementBytes(parsed.data);
    if (size > d1StatementLimit) {
      problems.push({
        row: label,
        field: "(row)",
        message:
          `is ${size.toLocaleString("en-US")} bytes as SQL; D1 takes at most ` +
          `${d1StatementLimit.toLocaleString("en-US")} bytes per statement: shorten its description or features`,
      });
      return;
    }
    vehicles.push(parsed.data);
  });
  if (problems.length > 0) return { ok: false, problems };
  return catalogueVersion === undefined ? { ok: true, vehicles } : { ok: true, vehicles, catalogueVersion };
}
