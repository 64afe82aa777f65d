import { factoryWarrantyLine, preOwnedSaleWords } from "~/config/warranties";

/**
 * Facts read off a vehicle that pages show, apart from vehicle.ts so that pages never pull its
 * validation library into the browser.
 */

/**
 * Where a vehicle may drive in Pennsylvania: a golf cart, which the Commonwealth does not title or
 * register for the road, or a low-speed vehicle built to FMVSS No. 500, titled and registered (the
 * road-use guide gives the sources). A vehicle that does not say is a golf cart: the claim that
 * needs proof is the other one.
 */
export const roadClasses = ["golf-cart", "lsv"] as const;
export type RoadClass = (typeof roadClasses)[number];

/**
 * What each road class is called wherever a visitor reads it (a card's badge, the vehicle page and
 * its link to the road-use guide, the inventory filter, the comparison): the LSV by the federal
 * standard its maker certifies it to, not by a promise of where it may drive (issue 55).
 */
export const roadClassLabels = {
  lsv: "Low-speed vehicle (FMVSS No. 500)",
  "golf-cart": "Golf cart",
} as const satisfies Record<RoadClass, string>;

export function roadClassOf(vehicle: { roadClass?: RoadClass }): RoadClass {
  return vehicle.roadClass ?? "golf-cart";
}

/**
 * How a pre-owned cart is sold: "as-is" (no warranty from the dealer) or "warranty" (with a written
 * one). Absent: staff have not said, and its page asks the buyer to ask (src/config/warranties.ts).
 */
export const saleWarranties = ["as-is", "warranty"] as const;
export type SaleWarranty = (typeof saleWarranties)[number];

/** What the vehicle's page says of its warranty: the maker's for a new cart, how a pre-owned one is sold. */
export function warrantyLineOf(vehicle: { isNew: boolean; brand: string; saleWarranty?: SaleWarranty }): string {
  if (vehicle.isNew) return factoryWarrantyLine(vehicle.brand);
  return preOwnedSaleWords[vehicle.saleWarranty ?? "unknown"];
}

/** How many of the vehicle are on the lot, also for a row that does not say. */
export function unitsInStockOf(vehicle: { inStock: boolean; unitsInStock?: number }): number {
  return vehicle.unitsInStock ?? (vehicle.inStock ? 1 : 0);
}
