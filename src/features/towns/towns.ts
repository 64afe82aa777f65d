/**
 * The municipalities the dealer serves. One list drives the header Towns menu, the footer, home,
 * about, showroom and every /{slug}-golf-carts page.
 */

export type MunicipalityType = "Borough" | "Township";

export interface Town {
  name: string;
  type: MunicipalityType;
  /** The page lives at /{slug}-golf-carts. */
  slug: string;
}

export const towns = [
  { name: "Forest City", type: "Borough", slug: "forest-city" },
  { name: "Montrose", type: "Borough", slug: "montrose" },
  { name: "New Milford", type: "Borough", slug: "new-milford" },
  { name: "Great Bend", type: "Borough", slug: "great-bend" },
  { name: "Hallstead", type: "Borough", slug: "hallstead" },
  { name: "Susquehanna Depot", type: "Borough", slug: "susquehanna-depot" },
  { name: "Lanesboro", type: "Borough", slug: "lanesboro" },
  { name: "Thompson", type: "Borough", slug: "thompson" },
  { name: "Union Dale", type: "Borough", slug: "union-dale" },
  { name: "Oakland", type: "Borough", slug: "oakland" },
  { name: "Hop Bottom", type: "Borough", slug: "hop-bottom" },
  { name: "Friendsville", type: "Borough", slug: "friendsville" },
  { name: "Little Meadows", type: "Borough", slug: "little-meadows" },
  { name: "Clifford Township", type: "Township", slug: "clifford-township" },
  { name: "Gibson Township", type: "Township", slug: "gibson-township" },
  { name: "Great Bend Township", type: "Township", slug: "great-bend-township" },
  { name: "Harford Township", type: "Township", slug: "harford-township" },
  { name: "New Milford Township", type: "Township", slug: "new-milford-township" },
  { name: "Thompson Township", type: "Township", slug: "thompson-township" },
  { name: "Bridgewater Township", type: "Township", slug: "bridgewater-township" },
  { name: "Oakland Township", type: "Township", slug: "oakland-township" },
  { name: "Dimock Township", type: "Township", slug: "dimock-township" },
  { name: "Liberty Township", type: "Township", slug: "liberty-township" },
  { name: "Lenox Township", type: "Township", slug: "lenox-township" },
  { name: "Brooklyn Township", type: "Township", slug: "brooklyn-township" },
  { name: "Auburn Township", type: "Township", slug: "auburn-township" },
  { name: "Jessup Township", type: "Township", slug: "jessup-township" },
  { name: "Middletown Township", type: "Township", slug: "middletown-township" },
  { name: "Silver Lake Township", type: "Township", slug: "silver-lake-township" },
  { name: "Herrick Township", type: "Township", slug: "herrick-township" },
  { name: "Jackson Township", type: "Township", slug: "jackson-township" },
  { name: "Rush Township", type: "Township", slug: "rush-township" },
  { name: "Harmony Township", type: "Township", slug: "harmony-township" },
  { name: "Springville Township", type: "Township", slug: "springville-township" },
  { name: "Ararat Township", type: "Township", slug: "ararat-township" },
] as const satisfies readonly Town[];

export type TownSlug = (typeof towns)[number]["slug"];

export function townPath(town: Pick<Town, "slug">): string {
  return `/${town.slug}-golf-carts`;
}

export function findTownByPath(path: string): Town | undefined {
  // Pre-rendering asks for "/{slug}-golf-carts/"; visitors for the address without the slash.
  const withoutTrailingSlash = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return towns.find((town) => townPath(town) === withoutTrailingSlash);
}

/** The five towns the header's Towns menu lists, in the spec's order. */
export const headerTownSlugs: readonly TownSlug[] = ["montrose", "forest-city", "susquehanna-depot", "new-milford", "hallstead"];
