/**
 * The municipalities the dealer serves, all in Susquehanna County, PA. One list drives the header
 * Towns menu, the footer, home, about, showroom and every /{slug}-golf-carts page.
 *
 * Sources: population is the U.S. Census Bureau's 2010 decennial count for each borough or township;
 * coordinates are the municipality's internal point from the Census Bureau's gazetteer, rounded to
 * four decimals. Update both together from data.census.gov when the dealer wants newer counts.
 */

export type MunicipalityType = "Borough" | "Township";

export interface Town {
  name: string;
  type: MunicipalityType;
  /** The page lives at /{slug}-golf-carts. */
  slug: string;
  population: number;
  coordinates: { lat: number; lng: number };
}

export const towns = [
  {
    name: "Forest City",
    type: "Borough",
    slug: "forest-city",
    population: 1911,
    coordinates: { lat: 41.6509, lng: -75.4677 },
  },
  {
    name: "Montrose",
    type: "Borough",
    slug: "montrose",
    population: 1617,
    coordinates: { lat: 41.8337, lng: -75.8771 },
  },
  {
    name: "New Milford",
    type: "Borough",
    slug: "new-milford",
    population: 868,
    coordinates: { lat: 41.8767, lng: -75.7279 },
  },
  {
    name: "Great Bend",
    type: "Borough",
    slug: "great-bend",
    population: 734,
    coordinates: { lat: 41.9723, lng: -75.7427 },
  },
  {
    name: "Hallstead",
    type: "Borough",
    slug: "hallstead",
    population: 1303,
    coordinates: { lat: 41.9623, lng: -75.7432 },
  },
  {
    name: "Susquehanna Depot",
    type: "Borough",
    slug: "susquehanna-depot",
    population: 1643,
    coordinates: { lat: 41.9437, lng: -75.6 },
  },
  {
    name: "Lanesboro",
    type: "Borough",
    slug: "lanesboro",
    population: 506,
    coordinates: { lat: 41.9584, lng: -75.5799 },
  },
  {
    name: "Thompson",
    type: "Borough",
    slug: "thompson",
    population: 298,
    coordinates: { lat: 41.8626, lng: -75.5152 },
  },
  {
    name: "Union Dale",
    type: "Borough",
    slug: "union-dale",
    population: 267,
    coordinates: { lat: 41.7157, lng: -75.4927 },
  },
  { name: "Oakland", type: "Borough", slug: "oakland", population: 616, coordinates: { lat: 41.9487, lng: -75.6102 } },
  {
    name: "Hop Bottom",
    type: "Borough",
    slug: "hop-bottom",
    population: 337,
    coordinates: { lat: 41.7057, lng: -75.7668 },
  },
  {
    name: "Friendsville",
    type: "Borough",
    slug: "friendsville",
    population: 111,
    coordinates: { lat: 41.9173, lng: -76.0491 },
  },
  {
    name: "Little Meadows",
    type: "Borough",
    slug: "little-meadows",
    population: 273,
    coordinates: { lat: 41.9923, lng: -76.1337 },
  },
  {
    name: "Clifford Township",
    type: "Township",
    slug: "clifford-township",
    population: 2408,
    coordinates: { lat: 41.6573, lng: -75.6107 },
  },
  {
    name: "Gibson Township",
    type: "Township",
    slug: "gibson-township",
    population: 1221,
    coordinates: { lat: 41.7877, lng: -75.6071 },
  },
  {
    name: "Great Bend Township",
    type: "Township",
    slug: "great-bend-township",
    population: 1948,
    coordinates: { lat: 41.9593, lng: -75.7007 },
  },
  {
    name: "Harford Township",
    type: "Township",
    slug: "harford-township",
    population: 1430,
    coordinates: { lat: 41.7868, lng: -75.7068 },
  },
  {
    name: "New Milford Township",
    type: "Township",
    slug: "new-milford-township",
    population: 2045,
    coordinates: { lat: 41.8771, lng: -75.7493 },
  },
  {
    name: "Thompson Township",
    type: "Township",
    slug: "thompson-township",
    population: 421,
    coordinates: { lat: 41.8712, lng: -75.5471 },
  },
  {
    name: "Bridgewater Township",
    type: "Township",
    slug: "bridgewater-township",
    population: 2835,
    coordinates: { lat: 41.8457, lng: -75.8688 },
  },
  {
    name: "Oakland Township",
    type: "Township",
    slug: "oakland-township",
    population: 556,
    coordinates: { lat: 41.9652, lng: -75.6343 },
  },
  {
    name: "Dimock Township",
    type: "Township",
    slug: "dimock-township",
    population: 1497,
    coordinates: { lat: 41.7384, lng: -75.8999 },
  },
  {
    name: "Liberty Township",
    type: "Township",
    slug: "liberty-township",
    population: 1324,
    coordinates: { lat: 41.961, lng: -75.8388 },
  },
  {
    name: "Lenox Township",
    type: "Township",
    slug: "lenox-township",
    population: 1881,
    coordinates: { lat: 41.6985, lng: -75.6863 },
  },
  {
    name: "Brooklyn Township",
    type: "Township",
    slug: "brooklyn-township",
    population: 909,
    coordinates: { lat: 41.7657, lng: -75.8064 },
  },
  {
    name: "Auburn Township",
    type: "Township",
    slug: "auburn-township",
    population: 1920,
    coordinates: { lat: 41.726, lng: -76.0158 },
  },
  {
    name: "Jessup Township",
    type: "Township",
    slug: "jessup-township",
    population: 564,
    coordinates: { lat: 41.7974, lng: -75.9591 },
  },
  {
    name: "Middletown Township",
    type: "Township",
    slug: "middletown-township",
    population: 368,
    coordinates: { lat: 41.8807, lng: -76.0335 },
  },
  {
    name: "Silver Lake Township",
    type: "Township",
    slug: "silver-lake-township",
    population: 1710,
    coordinates: { lat: 41.9493, lng: -75.9472 },
  },
  {
    name: "Herrick Township",
    type: "Township",
    slug: "herrick-township",
    population: 689,
    coordinates: { lat: 41.753, lng: -75.5135 },
  },
  {
    name: "Jackson Township",
    type: "Township",
    slug: "jackson-township",
    population: 819,
    coordinates: { lat: 41.851, lng: -75.6029 },
  },
  {
    name: "Rush Township",
    type: "Township",
    slug: "rush-township",
    population: 1257,
    coordinates: { lat: 41.7909, lng: -76.0523 },
  },
  {
    name: "Harmony Township",
    type: "Township",
    slug: "harmony-township",
    population: 528,
    coordinates: { lat: 41.9624, lng: -75.5374 },
  },
  {
    name: "Springville Township",
    type: "Township",
    slug: "springville-township",
    population: 1665,
    coordinates: { lat: 41.7019, lng: -75.9171 },
  },
  {
    name: "Ararat Township",
    type: "Township",
    slug: "ararat-township",
    population: 548,
    coordinates: { lat: 41.7971, lng: -75.4882 },
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
