import { describe, expect, expectTypeOf, it } from "vitest";
import { towns, type Town } from "~/config/towns";
import { distanceMiles } from "~/lib/geography";
import {
  boroughReferences,
  checkTownPoints,
  maxMiles,
  unreviewedProblems,
  type BoroughReference,
  type ZipPlace,
} from "../../scripts/town-points/town-points";

describe("town data sources", () => {
  it("says where every town's point came from", () => {
    for (const town of towns) {
      expect(town.coordinatesSource.trim(), town.slug).not.toBe("");
      if (town.type === "Township") expect(town.coordinatesSource, town.slug).toMatch(/unverified/);
    }
  });

  it("keeps no population: no figure is shown without a data file behind it", () => {
    expectTypeOf<Town>().not.toHaveProperty("population");
    for (const town of towns) expect(Object.keys(town), town.slug).not.toContain("population");
  });

  it("names in each borough's source the ZIP code its point is checked against", () => {
    const boroughs = towns.filter((town) => town.type === "Borough");
    expect(Object.keys(boroughReferences).sort()).toEqual(boroughs.map((town) => town.slug).sort());
    for (const town of boroughs) {
      const reference = boroughReferences[town.slug]!;
      expect(town.coordinatesSource, town.slug).toContain(`ZIP ${reference.zip} (${reference.postOffice})`);
    }
  });
});

describe("the borough point check", () => {
  // A borough a given number of miles due north of its reference point (1° of latitude ≈ 69.09 miles).
  const montrose = towns.find((town) => town.slug === "montrose")!;
  const centroid = { lat: 41.8, lng: -75.9 };
  const milesNorth = (miles: number) => ({ lat: centroid.lat + miles / 69.09, lng: centroid.lng });
  const lookup = (zip: string): ZipPlace | undefined =>
    zip === "18801"
      ? { zip, city: "Montrose", state: "PA", latitude: centroid.lat, longitude: centroid.lng }
      : { zip, city: "Elsewhere", state: "NY", latitude: 0, longitude: 0 };
  const check = (miles: number, reference: BoroughReference = { zip: "18801", postOffice: "Montrose" }) =>
    checkTownPoints([{ ...montrose, coordinates: milesNorth(miles) }], lookup, { montrose: reference });

  it("passes a point within the limit and reports its distance", () => {
    const [row] = check(2.9);
    expect(row!.miles).toBeCloseTo(distanceMiles(milesNorth(2.9), centroid), 6);
    expect(row!.miles).toBeCloseTo(2.9, 1);
    expect(row!.problem).toBeNull();
  });

  it("fails a point beyond the limit until a person has reviewed it", () => {
    expect(unreviewedProblems(check(maxMiles + 0.2))).toHaveLength(1);
    const reviewed = check(maxMiles + 0.2, { zip: "18801", postOffice: "Montrose", reviewed: "kept by J. Doe" });
    expect(reviewed[0]!.problem).toMatch(/miles from the ZIP 18801 centroid/);
    expect(unreviewedProblems(reviewed)).toEqual([]);
  });

  it("fails a ZIP code the data set names differently, reviewed or not", () => {
    const rows = check(0, { zip: "18802", postOffice: "Montrose", reviewed: "kept" });
    expect(rows[0]!.problem).toMatch(/Elsewhere, NY/);
    expect(unreviewedProblems(rows)).toHaveLength(1);
  });

  it("fails a borough with no reference, and a reference with no borough", () => {
    expect(checkTownPoints([montrose], lookup, {})[0]!.problem).toMatch(/no post office/);
    const rows = checkTownPoints([], lookup, { montrose: { zip: "18801", postOffice: "Montrose" } });
    expect(unreviewedProblems(rows)).toHaveLength(1);
  });
});
