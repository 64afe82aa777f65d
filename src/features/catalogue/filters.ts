import type { Vehicle } from "./vehicle";
import { roadClassLabels, roadClassOf } from "./vehicle-facts";

/**
 * The inventory filters. They live in the URL (a GET form), so a filtered list can be shared,
 * bookmarked and used without JavaScript; the server applies them before rendering.
 */

export const categoryWords = ["ranger", "maverick", "forester", "turfman", "rover"] as const;
export const priceBands = {
  "under-15000": { label: "Under $15,000", matches: (price: number) => price < 15000 },
  "15000-25000": { label: "$15,000 - $25,000", matches: (price: number) => price >= 15000 && price <= 25000 },
  "over-25000": { label: "Over $25,000", matches: (price: number) => price > 25000 },
} as const;
export const seatOptions = [2, 4, 6, 8] as const;
export const conditions = { new: "New", used: "Pre-owned" } as const;
export const sortOrders = {
  featured: "Featured",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  newest: "Newest arrivals",
} as const;

export const streetLegalLabel = roadClassLabels.lsv;

export type PriceBand = keyof typeof priceBands;
export type Condition = keyof typeof conditions;
export type SortOrder = keyof typeof sortOrders;

export interface InventoryFilters {
  search: string;
  brand: string;
  category: string;
  price: PriceBand | "";
  seats: number | null;
  condition: Condition | "";
  /** Street-legal low-speed vehicles only. */
  streetLegal: boolean;
  sort: SortOrder;
}

export const noFilters: InventoryFilters = {
  search: "",
  brand: "",
  category: "",
  price: "",
  seats: null,
  condition: "",
  streetLegal: false,
  sort: "featured",
};

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | "" {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : "";
}

/** Reads filters from the query string; unknown values are ignored rather than failing the page. */
export function parseFilters(params: URLSearchParams): InventoryFilters {
  const seats = Number(params.get("seats"));
  return {
    search: (params.get("q") ?? "").trim().slice(0, 100),
    brand: (params.get("brand") ?? "").trim().slice(0, 40),
    category: oneOf(params.get("category"), categoryWords),
    price: oneOf(params.get("price"), Object.keys(priceBands) as PriceBand[]),
    seats: (seatOptions as readonly number[]).includes(seats) ? seats : null,
    condition: oneOf(params.get("condition"), Object.keys(conditions) as Condition[]),
    streetLegal: params.get("lsv") === "1",
    sort: oneOf(params.get("sort"), Object.keys(sortOrders) as SortOrder[]) || "featured",
  };
}

export function hasActiveFilters(filters: InventoryFilters): boolean {
  return Boolean(
    filters.search ||
    filters.brand ||
    filters.category ||
    filters.price ||
    filters.seats ||
    filters.condition ||
    filters.streetLegal,
  );
}

/** The filters in force, as the disclosure's summary names them: "Low-speed vehicle (FMVSS No. 500), DENAGO". */
export function activeFilterLabels(filters: InventoryFilters): string[] {
  return [
    filters.search ? `"${filters.search}"` : "",
    filters.brand,
    filters.category ? filters.category.charAt(0).toUpperCase() + filters.category.slice(1) : "",
    filters.price ? priceBands[filters.price].label : "",
    filters.seats ? `${filters.seats} seats` : "",
    filters.condition ? conditions[filters.condition] : "",
    filters.streetLegal ? streetLegalLabel : "",
    filters.sort !== "featured" ? sortOrders[filters.sort] : "",
  ].filter(Boolean);
}

/** Filters and sorts; for "newest", pass the vehicles newest-first as listVehicles returns them. */
export function applyFilters(vehicles: readonly Vehicle[], filters: InventoryFilters): Vehicle[] {
  const search = filters.search.toLowerCase();
  const matching = vehicles.filter((vehicle) => {
    // Each field on its own: a query must not match across the end of the name and the description.
    if (search && !vehicle.name.toLowerCase().includes(search) && !vehicle.description.toLowerCase().includes(search))
      return false;
    if (filters.brand && vehicle.brand.toLowerCase() !== filters.brand.toLowerCase()) return false;
    if (filters.category && !vehicle.category.toLowerCase().includes(filters.category)) return false;
    if (filters.price && !priceBands[filters.price].matches(vehicle.price)) return false;
    if (filters.seats && vehicle.specifications.seatingCapacity !== filters.seats) return false;
    if (filters.condition === "new" && !vehicle.isNew) return false;
    if (filters.condition === "used" && vehicle.isNew) return false;
    if (filters.streetLegal && roadClassOf(vehicle) !== "lsv") return false;
    return true;
  });
  return sortVehicles(matching, filters.sort);
}

function sortVehicles(vehicles: Vehicle[], order: SortOrder): Vehicle[] {
  const sorted = [...vehicles];
  if (order === "price-asc") sorted.sort((a, b) => a.price - b.price);
  if (order === "price-desc") sorted.sort((a, b) => b.price - a.price);
  // "featured" and "newest" keep the order the catalogue was read in (see listVehicles).
  return sorted;
}

/** The query string for a set of filters, leaving out what is unset. */
export function filtersToSearch(filters: InventoryFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("q", filters.search);
  if (filters.brand) params.set("brand", filters.brand);
  if (filters.category) params.set("category", filters.category);
  if (filters.price) params.set("price", filters.price);
  if (filters.seats) params.set("seats", String(filters.seats));
  if (filters.condition) params.set("condition", filters.condition);
  if (filters.streetLegal) params.set("lsv", "1");
  if (filters.sort !== "featured") params.set("sort", filters.sort);
  const query = params.toString();
  return query ? `?${query}` : "";
}
