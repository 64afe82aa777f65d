/**
 * The municipalities the dealer serves, all in Susquehanna County, PA. One list drives the header
 * Towns menu, the footer, home, about, showroom and every /{slug}-golf-carts page.
 *
 * Coordinates drive the distances from the showroom (and so the delivery charges), the regions and
 * the nearest towns. Each town says where its point came from in `coordinatesSource`. The points
 * were typed in on 2026-11-22 as the Census Bureau gazetteer's internal points, rounded to four
 * decimals, but no gazetteer file is in the repository. The boroughs' points are checked against
 * ZIP-code centroids of the `zipcodes` npm package by `npx tsx scripts/town-points/check-town-points.ts`;
 * townships have no such place point and are unverified.
 *
 * No population is kept: a figure shown to visitors needs a named source and year that the
 * repository can point to (a data file with its origin), and we have none (docs/decisions.md).
 */

export type MunicipalityType = "Borough" | "Township";

export interface Town {
  name: string;
  type: MunicipalityType;
  /** The page lives at /{slug}-golf-carts. */
  slug: string;
  coordinates: { lat: number; lng: number };
  /** Where `coordinates` came from and how it was checked, in words a person can follow up. */
  coordinatesSource: string;
}

const typedIn =
  "typed in on 2026-11-22 as the Census Bureau gazetteer internal point (no gazetteer file in the repository)";

/** A township: no place point of its own name to compare with. */
const townshipPoint = `${typedIn}; unverified`;

/** A borough: compared with its post office's ZIP-code centroid by scripts/town-points/check-town-points.ts. */
function boroughPoint(zip: string, postOffice: string): string {
  return `${typedIn}; checked against the zipcodes 8.0.0 ZIP ${zip} (${postOffice}) centroid by scripts/town-points/check-town-points.ts`;
}

export const towns = [
  {
    name: "Forest City",
    type: "Borough",
    slug: "forest-city",
    coordinates: { lat: 41.6509, lng: -75.4677 },
    coordinatesSource: boroughPoint("18421", "Forest City"),
  },
  {
    name: "Montrose",
    type: "Borough",
    slug: "montrose",
    coordinates: { lat: 41.8337, lng: -75.8771 },
    coordinatesSource: boroughPoint("18801", "Montrose"),
  },
  {
    name: "New Milford",
    type: "Borough",
    slug: "new-milford",
    coordinates: { lat: 41.8767, lng: -75.7279 },
    coordinatesSource: boroughPoint("18834", "New Milford"),
  },
  {
    name: "Great Bend",
    type: "Borough",
    slug: "great-bend",
    coordinates: { lat: 41.9723, lng: -75.7427 },
    coordinatesSource: boroughPoint("18821", "Great Bend"),
  },
  {
    name: "Hallstead",
    type: "Borough",
    slug: "hallstead",
    coordinates: { lat: 41.9623, lng: -75.7432 },
    coordinatesSource: boroughPoint("18822", "Hallstead"),
  },
  {
    name: "Susquehanna Depot",
    type: "Borough",
    slug: "susquehanna-depot",
    coordinates: { lat: 41.9437, lng: -75.6 },
    coordinatesSource: boroughPoint("18847", "Susquehanna"),
  },
  {
    name: "Lanesboro",
    type: "Borough",
    slug: "lanesboro",
    coordinates: { lat: 41.9584, lng: -75.5799 },
    coordinatesSource: boroughPoint("18827", "Lanesboro"),
  },
  {
    name: "Thompson",
    type: "Borough",
    slug: "thompson",
    coordinates: { lat: 41.8626, lng: -75.5152 },
    coordinatesSource: boroughPoint("18465", "Thompson"),
  },
  {
    name: "Union Dale",
    type: "Borough",
    slug: "union-dale",
    coordinates: { lat: 41.7157, lng: -75.4927 },
    coordinatesSource: boroughPoint("18470", "Union Dale"),
  },
  {
    name: "Oakland",
    type: "Borough",
    slug: "oakland",
    coordinates: { lat: 41.9487, lng: -75.6102 },
    coordinatesSource: boroughPoint("18847", "Susquehanna"),
  },
  {
    name: "Hop Bottom",
    type: "Borough",
    slug: "hop-bottom",
    coordinates: { lat: 41.7057, lng: -75.7668 },
    coordinatesSource: boroughPoint("18824", "Hop Bottom"),
  },
  {
    name: "Friendsville",
    type: "Borough",
    slug: "friendsville",
    coordinates: { lat: 41.9173, lng: -76.0491 },
    coordinatesSource: boroughPoint("18818", "Friendsville"),
  },
  {
    name: "Little Meadows",
    type: "Borough",
    slug: "little-meadows",
    coordinates: { lat: 41.9923, lng: -76.1337 },
    coordinatesSource: boroughPoint("18830", "Little Meadows"),
  },
  {
    name: "Clifford Township",
    type: "Township",
    slug: "clifford-township",
    coordinates: { lat: 41.6573, lng: -75.6107 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Gibson Township",
    type: "Township",
    slug: "gibson-township",
    coordinates: { lat: 41.7877, lng: -75.6071 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Great Bend Township",
    type: "Township",
    slug: "great-bend-township",
    coordinates: { lat: 41.9593, lng: -75.7007 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Harford Township",
    type: "Township",
    slug: "harford-township",
    coordinates: { lat: 41.7868, lng: -75.7068 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "New Milford Township",
    type: "Township",
    slug: "new-milford-township",
    coordinates: { lat: 41.8771, lng: -75.7493 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Thompson Township",
    type: "Township",
    slug: "thompson-township",
    coordinates: { lat: 41.8712, lng: -75.5471 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Bridgewater Township",
    type: "Township",
    slug: "bridgewater-township",
    coordinates: { lat: 41.8457, lng: -75.8688 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Oakland Township",
    type: "Township",
    slug: "oakland-township",
    coordinates: { lat: 41.9652, lng: -75.6343 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Dimock Township",
    type: "Township",
    slug: "dimock-township",
    coordinates: { lat: 41.7384, lng: -75.8999 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Liberty Township",
    type: "Township",
    slug: "liberty-township",
    coordinates: { lat: 41.961, lng: -75.8388 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Lenox Township",
    type: "Township",
    slug: "lenox-township",
    coordinates: { lat: 41.6985, lng: -75.6863 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Brooklyn Township",
    type: "Township",
    slug: "brooklyn-township",
    coordinates: { lat: 41.7657, lng: -75.8064 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Auburn Township",
    type: "Township",
    slug: "auburn-township",
    coordinates: { lat: 41.726, lng: -76.0158 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Jessup Township",
    type: "Township",
    slug: "jessup-township",
    coordinates: { lat: 41.7974, lng: -75.9591 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Middletown Township",
    type: "Township",
    slug: "middletown-township",
    coordinates: { lat: 41.8807, lng: -76.0335 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Silver Lake Township",
    type: "Township",
    slug: "silver-lake-township",
    coordinates: { lat: 41.9493, lng: -75.9472 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Herrick Township",
    type: "Township",
    slug: "herrick-township",
    coordinates: { lat: 41.753, lng: -75.5135 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Jackson Township",
    type: "Township",
    slug: "jackson-township",
    coordinates: { lat: 41.851, lng: -75.6029 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Rush Township",
    type: "Township",
    slug: "rush-township",
    coordinates: { lat: 41.7909, lng: -76.0523 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Harmony Township",
    type: "Township",
    slug: "harmony-township",
    coordinates: { lat: 41.9624, lng: -75.5374 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Springville Township",
    type: "Township",
    slug: "springville-township",
    coordinates: { lat: 41.7019, lng: -75.9171 },
    coordinatesSource: townshipPoint,
  },
  {
    name: "Ararat Township",
    type: "Township",
    slug: "ararat-township",
    coordinates: { lat: 41.7971, lng: -75.4882 },
    coordinatesSource: townshipPoint,
  },
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
export const headerTownSlugs: readonly TownSlug[] = [
  "montrose",
  "forest-city",
  "susquehanna-depot",
  "new-milford",
  "hallstead",
];
