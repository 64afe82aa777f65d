import { vehicleSchema, type Vehicle } from "~/features/catalogue/vehicle";

export interface RowProblem {
  /** The row's id, or its position when it has no usable id. */
  row: string;
  field: string;
  message: string;
}

export type CatalogueFileResult = { ok: true; vehicles: Vehicle[] } | { ok: false; problems: RowProblem[] };

/**
 * Checks a whole catalogue file before anything is written: every row against the shared Vehicle
 * schema, and ids unique. All problems are reported at once, by row id and field.
 */
export function validateCatalogueFile(content: unknown): CatalogueFileResult {
  if (!Array.isArray(content)) {
    return {
      ok: false,
      problems: [{ row: "file", field: "(root)", message: "the file must hold a JSON array of vehicles" }],
    };
  }
  const problems: RowProblem[] = [];
  const vehicles: Vehicle[] = [];
  const seen = new Map<string, number>();
  content.forEach((row: unknown, index) => {
    const rawId = typeof row === "object" && row !== null && "id" in row ? (row as { id: unknown }).id : undefined;
    const label = typeof rawId === "string" && rawId ? rawId : `#${index + 1}`;
    const parsed = vehicleSchema.safeParse(row);
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
    vehicles.push(parsed.data);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, vehicles };
}
