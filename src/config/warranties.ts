/**
 * What the site says of warranties (issue 55). The dealer gives no warranty of its own on a new cart:
 * the maker does, so a new cart's page names the maker's factory warranty and its terms as the maker
 * publishes them, never terms of ours. Until the dealer copies a maker's terms here (with the address
 * of the maker's own warranty document), the page says to ask for them: a seller must let a buyer
 * read a written warranty's terms before the sale (the FTC's pre-sale availability rule, 16 CFR
 * § 702.3). A pre-owned cart's page says how that cart is sold (the vehicle's `saleWarranty`).
 */
export interface MakerWarranty {
  /** The maker's terms in a sentence, as the maker's warranty document states them; null until copied from it. */
  terms: string | null;
  /** The maker's published warranty document, which `terms` must match; null until known. */
  document: string | null;
}

/** By brand as the catalogue spells it. */
export const factoryWarranties: Readonly<Record<string, MakerWarranty>> = {
  DENAGO: { terms: null, document: null },
  EVOLUTION: { terms: null, document: null },
};

const preSaleRule = "16 CFR § 702.3";

/** A new cart's warranty line: the maker's factory warranty, its terms or where to get them. */
export function factoryWarrantyLine(brand: string): string {
  const warranty = factoryWarranties[brand.toUpperCase()];
  const maker = brand.toUpperCase();
  if (!warranty) {
    return `Ask us whether ${maker} gives a factory warranty on this cart, and for its written terms, before you buy (${preSaleRule}).`;
  }
  if (warranty.terms) return `${factoryWarrantyName(maker)}: ${warranty.terms}`;
  return `Covered by ${factoryWarrantyName(maker)}, not a warranty of ours: ask us for its written terms before you buy (${preSaleRule}).`;
}

/** The maker's warranty by name: "DENAGO's factory warranty". */
export function factoryWarrantyName(brand: string): string {
  return `${brand.toUpperCase()}'s factory warranty`;
}

/** The brand pages' short line: the maker's warranty, repaired in our service department. */
export function factoryWarrantyFeature(brand: string): string {
  return `${factoryWarrantyName(brand)}, with warranty repairs in our service department`;
}

/** A pre-owned cart's sale, by its `saleWarranty`; `unknown` while staff have not said. */
export const preOwnedSaleWords = {
  "as-is": "Sold as is: no warranty from us, as the law allows when a sale says so (13 Pa.C.S. § 2316(c)(1)).",
  warranty: `Sold with a written warranty from us: ask for its terms before you buy (${preSaleRule}).`,
  unknown:
    "Ask us whether this cart is sold as is or with a warranty, and for any warranty's written terms, before you buy.",
} as const;
