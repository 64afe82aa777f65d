import type { Town } from "~/config/towns";
import { distanceMiles, type Coordinates } from "~/lib/geography";

/**
 * The dev-time check of the boroughs' points (scripts/town-points/check-town-points.ts): each borough's point
 * against the centroid of its post office's ZIP code in the `zipcodes` npm package (8.0.0, data from
 * federalgovernmentzipcodes.us). A ZIP centroid is the middle of the area the post office serves,
 * not the borough's centre, so a gap of a mile or two is normal; beyond `maxMiles` a person looks.
 * Townships have no post office of their own name, so they are not checked.
 */

export const maxMiles = 3;

export interface BoroughReference {
  /** The ZIP code whose centroid the borough is compared with. */
  zip: string;
  /** The post-office name the data set gives that ZIP, checked so a typo in `zip` cannot pass. */
  postOffice: string;
  /** Why this post office, when it is not the borough's own name. */
  note?: string;
  /**
   * Set only after a person has looked at a point more than `maxMiles` off and kept it: who, when
   * and why. A reviewed point is still listed, but does not fail the check.
   */
  reviewed?: string;
}

/** Every borough of src/config/towns.ts, by slug. */
export const boroughReferences: Readonly<Record<string, BoroughReference>> = {
  "forest-city": { zip: "18421", postOffice: "Forest City" },
  montrose: { zip: "18801", postOffice: "Montrose" },
  "new-milford": { zip: "18834", postOffice: "New Milford" },
  "great-bend": { zip: "18821", postOffice: "Great Bend" },
  hallstead: { zip: "18822", postOffice: "Hallstead" },
  "susquehanna-depot": {
    zip: "18847",
    postOffice: "Susquehanna",
    note: "the borough's post office is named Susquehanna",
  },
  lanesboro: { zip: "18827", postOffice: "Lanesboro" },
  thompson: { zip: "18465", postOffice: "Thompson" },
  "union-dale": { zip: "18470", postOffice: "Union Dale" },
  oakland: {
    zip: "18847",
    postOffice: "Susquehanna",
    note: "the data set has no Oakland, PA; the Susquehanna post office across the river is the nearest",
  },
  "hop-bottom": { zip: "18824", postOffice: "Hop Bottom" },
  friendsville: { zip: "18818", postOffice: "Friendsville" },
  "little-meadows": { zip: "18830", postOffice: "Little Meadows" },
};

/** What the data set says about one ZIP code (the fields of `zipcodes`' lookup that we use). */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface PointRow {
  slug: string;
  name: string;
  ours: Coordinates;
  zip: string;
  postOffice: string;
  /** Null when the data set lacks the ZIP or names it differently. */
  reference: Coordinates | null;
  miles: number | null;
  problem: string | null;
  reviewed: string | null;
}

export function checkTownPoints(
  towns: readonly Town[],
  lookup: (zip: string) => ZipPlace | undefined,
  references: Readonly<Record<string, BoroughReference>> = boroughReferences,
): PointRow[] {
  const boroughs = towns.filter((town) => town.type === "Borough");
  const rows: PointRow[] = boroughs.map((town) => {
    const reference = references[town.slug];
    const base = { slug: town.slug, name: town.name, ours: town.coordinates };
    if (!reference) {
      return {
        ...base,
        zip: "",
        postOffice: "",
        reference: null,
        miles: null,
        problem: "no post office listed in scripts/town-points/town-points.ts",
        reviewed: null,
      };
    }
    const row = { ...base, zip: reference.zip, postOffice: reference.postOffice, reviewed: reference.reviewed ?? null };
    const place = lookup(reference.zip);
    if (!place || place.state !== "PA" || place.city.toUpperCase() !== reference.postOffice.toUpperCase()) {
      const found = place ? `${place.city}, ${place.state}` : "nothing";
      return {
        ...row,
        reference: null,
        miles: null,
        problem: `ZIP ${reference.zip} is ${found} in the data set, not ${reference.postOffice}, PA`,
      };
    }
    const point = { lat: place.latitude, lng: place.longitude };
    const miles = distanceMiles(town.coordinates, point);
    return {
      ...row,
      reference: point,
      miles,
      problem: miles > maxMiles ? `${miles.toFixed(2)} miles from the ZIP ${reference.zip} centroid` : null,
    };
  });
  for (const slug of Object.keys(references)) {
    if (!boroughs.some((town) => town.slug === slug)) {
      rows.push({
        slug,
        name: slug,
        ours: { lat: Number.NaN, lng: Number.NaN },
        zip: references[slug]!.zip,
        postOffice: references[slug]!.postOffice,
        reference: null,
        miles: null,
        problem: "listed in scripts/town-points/town-points.ts but not a borough of src/config/towns.ts",
        reviewed: null,
      });
    }
  }
  return rows;
}

/** The rows that fail the check: a problem nobody has reviewed. */
export function unreviewedProblems(rows: readonly PointRow[]): PointRow[] {
  return rows.filter((row) => row.problem !== null && (row.reviewed === null || row.miles === null));
}

const point = (coordinates: Coordinates) => `${coordinates.lat.toFixed(4)}, ${coordinates.lng.toFixed(4)}`;

export function formatTable(rows: readonly PointRow[]): string {
  const lines = rows.map((row) =>
    [
      row.name.padEnd(18),
      point(row.ours).padEnd(20),
      `ZIP ${row.zip} ${row.postOffice}`.padEnd(26),
      (row.reference ? point(row.reference) : "-").padEnd(20),
      (row.miles === null ? "-" : row.miles.toFixed(2)).padStart(5),
    ].join("  "),
  );
  const header = ["Borough".padEnd(18), "Ours".padEnd(20), "Data set".padEnd(26), "Its point".padEnd(20), "Miles"];
  return [header.join("  "), ...lines].join("\n");
}
