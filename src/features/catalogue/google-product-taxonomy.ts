/**
 * The lines of Google's product taxonomy the product feed relies on, as Google publishes them in
 * taxonomy-with-ids.en-US.txt ("id - full path"). Merchant Center files an item by the number
 * alone, so a wrong number files a cart under something else without any error: tests read the
 * category back by its name from these lines.
 */
export const googleProductTaxonomy = {
  source: "https://www.google.com/basepages/producttype/taxonomy-with-ids.en-US.txt",
  /** The version the file names in its first line. */
  version: "2021-09-21",
  lines: ["3931 - Vehicles & Parts > Vehicles > Motor Vehicles > Golf Carts"],
} as const;

export interface TaxonomyCategory {
  id: number;
  name: string;
}

function parseLine(line: string): TaxonomyCategory {
  const match = /^(\d+) - (.+)$/.exec(line);
  if (!match) throw new Error(`Not a taxonomy line: ${line}`);
  return { id: Number(match[1]), name: match[2]! };
}

export const taxonomyCategories: readonly TaxonomyCategory[] = googleProductTaxonomy.lines.map(parseLine);

/** The category whose full name is `name`; a name not in the lines above fails loudly at load. */
function categoryNamed(name: string): TaxonomyCategory {
  const category = taxonomyCategories.find((each) => each.name === name);
  if (!category) throw new Error(`${name} is not among the taxonomy lines kept in google-product-taxonomy.ts`);
  return category;
}

export const golfCartsCategory = categoryNamed("Vehicles & Parts > Vehicles > Motor Vehicles > Golf Carts");
