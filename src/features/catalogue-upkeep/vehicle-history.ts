/**
 * A vehicle's history as people read it, for `npm run catalogue -- history` and the staff page
 * alike: the rows of one change together, each field's stored value shown so that nothing stored
 * can hide in it or rewrite the line it is printed on.
 */

import { visibleText } from "~/lib/visible-text";

export interface HistoryRow {
  version: number;
  changedAt: string;
  changedBy: string;
  field: string;
  before: string | number | null;
  after: string | number | null;
}

export interface HistoryChange {
  version: number;
  changedAt: string;
  changedBy: string;
  fields: { field: string; before: string; after: string }[];
}

const flags = new Set(["inStock", "isNew"]);

/** A stored value as staff read it: yes/no flags as true/false, nothing as (none), text made visible. */
export function shownValue(field: string, value: string | number | null): string {
  if (value === null) return "(none)";
  if (flags.has(field) && (value === 0 || value === 1)) return value === 1 ? "true" : "false";
  if (typeof value === "number") return String(value);
  return value === "" ? '""' : visibleText(value);
}

/** The rows (oldest first) grouped into changes: one per version of the vehicle and author. */
export function historyChanges(rows: readonly HistoryRow[]): HistoryChange[] {
  const changes: HistoryChange[] = [];
  for (const row of rows) {
    let last = changes.at(-1);
    if (!last || last.version !== row.version || last.changedBy !== row.changedBy) {
      last = { version: row.version, changedAt: row.changedAt, changedBy: row.changedBy, fields: [] };
      changes.push(last);
    }
    last.fields.push({
      field: row.field,
      before: shownValue(row.field, row.before),
      after: shownValue(row.field, row.after),
    });
  }
  return changes;
}
