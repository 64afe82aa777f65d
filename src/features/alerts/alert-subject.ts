import {
  activeFilterLabels,
  filtersToSearch,
  noFilters,
  type Condition,
  type InventoryFilters,
  type PriceBand,
} from "~/features/catalogue/filters";

/**
 * What an alert watches: an inventory search (its filters, the sort aside), or one vehicle for a
 * price drop or for being back on sale.
 */
export type AlertSubject =
  | { kind: "search"; filters: InventoryFilters }
  | { kind: "price"; vehicleId: string }
  | { kind: "back"; vehicleId: string }
  | { kind: "rental"; rental: RentalWish };

/** A rental the visitor could not book because a day was full: the class, the first day, how many days. */
export interface RentalWish {
  plan: string;
  start: string;
  days: number;
}

export type AlertKind = AlertSubject["kind"];

/** The inventory filters as the API and the forms name them (the inventory page's query names). */
export interface SearchFields {
  q?: string;
  brand?: string;
  category?: string;
  price?: string;
  seats?: number;
  condition?: string;
  lsv?: boolean;
}

export function filtersOf(fields: SearchFields): InventoryFilters {
  return {
    ...noFilters,
    search: fields.q?.trim() ?? "",
    brand: fields.brand?.trim() ?? "",
    category: fields.category ?? "",
    price: (fields.price ?? "") as PriceBand | "",
    seats: fields.seats ?? null,
    condition: (fields.condition ?? "") as Condition | "",
    streetLegal: fields.lsv === true,
  };
}

/** One canonical line per subject: staff's counts group by it, and one address asks once. */
export function subjectKey(subject: AlertSubject): string {
  if (subject.kind === "search") return filtersToSearch({ ...subject.filters, sort: "featured" }) || "?";
  if (subject.kind === "rental") return `${subject.rental.plan} ${subject.rental.start} ${subject.rental.days}`;
  return subject.vehicleId;
}

/** The stored JSON of a subject. */
export function subjectJson(subject: AlertSubject): string {
  if (subject.kind === "search") return JSON.stringify(subject.filters);
  if (subject.kind === "rental") return JSON.stringify(subject.rental);
  return JSON.stringify({ vehicleId: subject.vehicleId });
}

export function subjectFromRow(kind: string, json: string): AlertSubject {
  const stored = JSON.parse(json) as Record<string, unknown>;
  if (kind === "search") return { kind, filters: { ...noFilters, ...(stored as Partial<InventoryFilters>) } };
  if (kind === "rental") {
    return { kind, rental: { plan: String(stored.plan), start: String(stored.start), days: Number(stored.days) } };
  }
  return { kind: kind === "price" ? "price" : "back", vehicleId: String(stored.vehicleId) };
}

/** A search in words: "6 seats, New", or "any cart" for the whole inventory. */
export function searchWords(filters: InventoryFilters): string {
  const labels = activeFilterLabels({ ...filters, sort: "featured" });
  return labels.length > 0 ? labels.join(", ") : "any cart";
}
