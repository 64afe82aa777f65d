import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { validateCatalogueFile } from "../../scripts/staff/catalogue-file";
import { upsertVehiclesSql, vehicleFromExportRow } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { database } from "~/server/db.server";
import { runSql } from "./run-sql";

/**
 * What site-core.md section 9 states for each DENAGO and EVOLUTION model: top speed 25 mph for all;
 * seats and range for the six DENAGO models and the six EVOLUTION featured models; for the other
 * EVOLUTION models only the name, which gives the seats (2+2 is four) except for the TURFMAN.
 * Prices come from the spec too, and price is not a field that can be marked.
 */
const seatsRangeAndSpeed = ["seatingCapacity", "range", "topSpeed"];
const seatsAndSpeed = ["seatingCapacity", "topSpeed"];
const specFigures: Record<string, string[]> = {
  "denago-ev-city": seatsRangeAndSpeed,
  "denago-ev-nomad": seatsRangeAndSpeed,
  "denago-ev-nomad-xl": seatsRangeAndSpeed,
  "denago-ev-rover-xl": seatsRangeAndSpeed,
  "denago-ev-rover-xl6": seatsRangeAndSpeed,
  "denago-ev-rover-xxl": seatsRangeAndSpeed,
  "evolution-d5-ranger-4-plus": seatsRangeAndSpeed,
  "evolution-d5-ranger-6-plus": seatsRangeAndSpeed,
  "evolution-d5-maverick-4-plus": seatsRangeAndSpeed,
  "evolution-classic-4-plus": seatsRangeAndSpeed,
  "evolution-carrier-6-plus": seatsRangeAndSpeed,
  "evolution-d6-max-xt4": seatsRangeAndSpeed,
  "evolution-d5-ranger-2-plus-2": seatsAndSpeed,
  "evolution-d5-ranger-4": seatsAndSpeed,
  "evolution-d5-ranger-6": seatsAndSpeed,
  "evolution-d5-maverick-4": seatsAndSpeed,
  "evolution-d5-maverick-6": seatsAndSpeed,
  "evolution-d5-maverick-6-plus": seatsAndSpeed,
  "evolution-classic-2-plus": seatsAndSpeed,
  "evolution-classic-2-pro": seatsAndSpeed,
  "evolution-carrier-8-plus": seatsAndSpeed,
  "evolution-forester-4-plus": seatsAndSpeed,
  "evolution-forester-6-plus": seatsAndSpeed,
  "evolution-d6-max-gt4": seatsAndSpeed,
  "evolution-d6-max-gt6": seatsAndSpeed,
  "evolution-d6-max-xt6": seatsAndSpeed,
  "evolution-turfman-200": ["topSpeed"],
  "evolution-turfman-800": ["topSpeed"],
  "evolution-turfman-1000": ["topSpeed"],
};

/**
 * Every value a page shows that could be unconfirmed: the description, the features, the road class
 * (the spec names no model's FMVSS 500 certification), each specification.
 */
function markablePaths(vehicle: Vehicle): string[] {
  return [
    "description",
    "features",
    "roadClass",
    ...Object.keys(vehicle.specifications).map((key) => `specifications.${key}`),
  ];
}

const sample: Vehicle = structuredClone(seedCatalogue[0]!);

describe("the seed catalogue's example marks", () => {
  it("covers every DENAGO and EVOLUTION model with the spec's figures", () => {
    const branded = seedCatalogue.filter((vehicle) => vehicle.brand === "DENAGO" || vehicle.brand === "EVOLUTION");
    expect(branded.map((vehicle) => vehicle.id).sort()).toEqual(Object.keys(specFigures).sort());
  });

  for (const vehicle of seedCatalogue.filter((v) => v.brand === "DENAGO" || v.brand === "EVOLUTION")) {
    it(`${vehicle.id}: marks every value the spec does not give, and none it gives`, () => {
      const fromSpec = (specFigures[vehicle.id] ?? []).map((key) => `specifications.${key}`);
      const expected = markablePaths(vehicle).filter((path) => !fromSpec.includes(path));
      expect([...(vehicle.exampleFields ?? [])].sort()).toEqual(expected.sort());
      for (const path of fromSpec) expect(vehicle.exampleFields).not.toContain(path);
      expect(vehicle.exampleFields).not.toContain("price");
    });
  }

  it("marks the CarPlay touchscreen, payloads and charging times of the real models as examples", () => {
    const d6 = seedCatalogue.find((vehicle) => vehicle.id === "evolution-d6-max-xt4")!;
    expect(d6.features).toContain("Carplay touchscreen");
    expect(d6.exampleFields).toEqual(
      expect.arrayContaining(["features", "specifications.payload", "specifications.chargingTime"]),
    );
  });

  it("marks everything a used cart shows (the dealer's own stock examples)", () => {
    const used = seedCatalogue.filter((vehicle) => !vehicle.isNew);
    expect(used.length).toBeGreaterThanOrEqual(4);
    for (const vehicle of used) {
      expect([...(vehicle.exampleFields ?? [])].sort()).toEqual(markablePaths(vehicle).sort());
    }
  });
});

describe("importing example marks", () => {
  it("accepts the seed catalogue with its marks and keeps them", () => {
    const result = validateCatalogueFile(JSON.parse(JSON.stringify(seedCatalogue)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.vehicles.map((vehicle) => vehicle.exampleFields)).toEqual(
      seedCatalogue.map((vehicle) => vehicle.exampleFields),
    );
  });

  it("rejects an unknown field path, naming the row id and the field", () => {
    const rows = [
      { ...sample, id: "good-marks", exampleFields: ["description", "specifications.payload"] },
      { ...sample, id: "colour-cart", exampleFields: ["features", "specifications.colour"] },
      { ...sample, id: "price-cart", exampleFields: ["price"] },
      { ...sample, id: "twice-cart", exampleFields: ["features", "features"] },
      { ...sample, id: "not-a-list", exampleFields: "features" },
    ];
    const result = validateCatalogueFile(rows);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const problems = result.problems.map((problem) => `${problem.row} ${problem.field}: ${problem.message}`);
    expect(problems.find((problem) => problem.startsWith("colour-cart exampleFields.1:"))).toContain(
      "specifications.colour",
    );
    expect(problems.find((problem) => problem.startsWith("price-cart exampleFields.0:"))).toContain('"price"');
    expect(problems.some((problem) => problem.startsWith("twice-cart exampleFields.1:"))).toBe(true);
    expect(problems.some((problem) => problem.startsWith("not-a-list exampleFields:"))).toBe(true);
    expect(problems.some((problem) => problem.startsWith("good-marks"))).toBe(false);
  });

  it("reads a row without exampleFields as having no example values", () => {
    const { exampleFields: _dropped, ...unmarked } = sample;
    const result = validateCatalogueFile([{ ...unmarked, id: "older-file" }]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.vehicles[0]?.exampleFields ?? []).toEqual([]);
  });
});

describe("the SQL round trip", () => {
  it("keeps exampleFields through an import, the site's reads and an export", async () => {
    const marked: Vehicle = { ...sample, id: "marked-cart", exampleFields: ["features", "specifications.payload"] };
    await runSql(upsertVehiclesSql([marked]));
    expect((await getVehicle(database(env.DB), "marked-cart"))?.exampleFields).toEqual(marked.exampleFields);

    const row = await env.DB.prepare("SELECT * FROM vehicles WHERE id = 'marked-cart'").first();
    const exported = vehicleFromExportRow(row as never);
    expect(exported).toEqual(marked);
    const reimported = validateCatalogueFile(JSON.parse(JSON.stringify([exported])));
    expect(reimported).toEqual({ ok: true, vehicles: [marked] });

    // Staff confirm the values by removing the marks; an update clears them.
    await runSql(upsertVehiclesSql([{ ...marked, exampleFields: [] }]));
    expect((await getVehicle(database(env.DB), "marked-cart"))?.exampleFields).toEqual([]);
  });

  it("gives rows written before the column existed no marks", async () => {
    await env.DB.prepare(
      "INSERT INTO vehicles (id, name, brand, category, price, description, images, in_stock, is_new, features, specifications)" +
        " VALUES ('older-row', 'Older', 'DENAGO', 'City', 1, 'd', '[]', 1, 1, '[]', ?)",
    )
      .bind(JSON.stringify(sample.specifications))
      .run();
    expect((await getVehicle(database(env.DB), "older-row"))?.exampleFields).toEqual([]);
  });
});
