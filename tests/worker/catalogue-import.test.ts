import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { validateCatalogueFile } from "../../scripts/staff/catalogue-file";
import { importSql, readExportRow, upsertVehiclesSql, type VehicleExportRow } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { vehicleTextLimits, type Vehicle } from "~/features/catalogue/vehicle";
import { runSql } from "./run-sql";

const sample: Vehicle = structuredClone(seedCatalogue[0]!);

describe("validating a catalogue file", () => {
  it("accepts the seed catalogue", () => {
    const result = validateCatalogueFile(JSON.parse(JSON.stringify(seedCatalogue)));
    expect(result.ok).toBe(true);
  });

  it("lists every bad row by id and field, and accepts none", () => {
    const rows = [
      { ...sample, id: "good-cart" },
      { ...sample, id: "cheap-cart", price: -5 },
      { ...sample, id: "no-seats", specifications: { ...sample.specifications, seatingCapacity: "four" } },
      { ...sample, id: "Bad Id" },
      { name: "no id at all" },
      { ...sample, id: "good-cart" },
    ];
    const result = validateCatalogueFile(rows);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const problems = result.problems.map((problem) => `${problem.row} ${problem.field}`);
    expect(problems).toContain("cheap-cart price");
    expect(problems).toContain("no-seats specifications.seatingCapacity");
    expect(problems).toContain("Bad Id id");
    expect(problems).toContain("#5 id");
    expect(problems).toContain("good-cart id");
    expect(problems.some((problem) => problem.startsWith("#5 brand"))).toBe(true);
  });

  it("refuses an id that is a word of the site's addresses, naming the row and the id", () => {
    // At /staff/vehicles/new the staff find the new-arrival form, not a cart with the id "new".
    const result = validateCatalogueFile([
      { ...sample, id: "new" },
      { ...sample, id: "spreadsheet" },
      { ...sample, id: "new-cart" },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => `${problem.row} ${problem.field}`)).toEqual(["new id", "spreadsheet id"]);
    expect(result.problems[0]?.message).toContain("an address of the site uses that word");
  });

  it("refuses a file that is not a list", () => {
    const result = validateCatalogueFile({ vehicles: [] });
    expect(result.ok).toBe(false);
  });

  it("reads the export's version stamp with its vehicles", () => {
    const result = validateCatalogueFile({ catalogueVersion: 7, vehicles: [sample] });
    expect(result).toMatchObject({ ok: true, catalogueVersion: 7, vehicles: [sample] });
  });

  it("names a row too large for one D1 statement instead of sending it", () => {
    // Every text within its limit (vehicleTextLimits), but each control character is written into
    // the statement as a six-character JSON escape: the size check still stands behind the limits.
    const escaped = (length: number) => "\u0001".repeat(length);
    const huge = {
      ...sample,
      id: "huge-cart",
      features: Array.from({ length: vehicleTextLimits.features }, () => escaped(vehicleTextLimits.feature)),
      images: Array.from(
        { length: vehicleTextLimits.images },
        () => `/images/${escaped(vehicleTextLimits.image - "/images/".length)}`,
      ),
    };
    const result = validateCatalogueFile({ catalogueVersion: 1, vehicles: [sample, huge] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ row: "huge-cart", field: "(row)" });
    expect(result.problems[0]?.message).toContain("100,000 bytes");
  });
});

describe("applying an import", () => {
  it("adds new vehicles and updates existing ones in one batch, keeping when they were added", async () => {
    await runSql(upsertVehiclesSql([{ ...sample, id: "import-cart", price: 9000 }]));
    const before = await env.DB.prepare("SELECT price, created_at FROM vehicles WHERE id = 'import-cart'").first<{
      price: number;
      created_at: string;
    }>();
    expect(before?.price).toBe(9000);

    await runSql(
      upsertVehiclesSql([
        { ...sample, id: "import-cart", price: 8500, name: "Renamed cart" },
        { ...sample, id: "import-cart-two", price: 7000 },
      ]),
    );
    const rows = await env.DB.prepare(
      "SELECT id, name, price, created_at FROM vehicles WHERE id LIKE 'import-cart%' ORDER BY id",
    ).all<{
      id: string;
      name: string;
      price: number;
      created_at: string;
    }>();
    expect(rows.results.map((row) => [row.id, row.name, row.price])).toEqual([
      ["import-cart", "Renamed cart", 8500],
      ["import-cart-two", sample.name, 7000],
    ]);
    expect(rows.results[0]?.created_at).toBe(before?.created_at);
  });

  it("stores text with quotes exactly, without breaking out of the statement", async () => {
    const tricky = `It's a "cart"'); DROP TABLE vehicles; --`;
    await runSql(upsertVehiclesSql([{ ...sample, id: "quote-cart", description: tricky }]));
    const row = await env.DB.prepare("SELECT description FROM vehicles WHERE id = 'quote-cart'").first<{
      description: string;
    }>();
    expect(row?.description).toBe(tricky);
  });
});

/** D1's limit on one statement, in bytes of UTF-8. */
const d1StatementLimit = 100_000;

/** 1,000 vehicles the size of a real listing: about a megabyte of SQL. */
const thousand: Vehicle[] = Array.from({ length: 1000 }, (_, index) => ({
  ...sample,
  id: `scale-cart-${index + 1}`,
  description: `Serviced fleet cart number ${index + 1}, it's ready. `.repeat(15),
  features: Array.from({ length: 8 }, (_, feature) => `Feature ${feature + 1} of cart ${index + 1}`),
}));

async function catalogueVersion(): Promise<number> {
  const row = await env.DB.prepare("SELECT version FROM catalogue_state WHERE id = 1").first<{ version: number }>();
  return row!.version;
}

async function vehicleCount(): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS count FROM vehicles").first<{ count: number }>();
  return row!.count;
}

describe("an import at a dealer's scale", () => {
  it("fits 1,000 vehicles into statements D1 accepts, and stores them all", async () => {
    const sql = upsertVehiclesSql(thousand);
    expect(new TextEncoder().encode(sql).length).toBeGreaterThan(5 * d1StatementLimit);
    const statements = sql.split(/;\s*$/m).filter((statement) => statement.trim());
    for (const statement of statements) {
      expect(new TextEncoder().encode(statement).length).toBeLessThanOrEqual(d1StatementLimit);
    }
    const before = await vehicleCount();
    await runSql(sql);
    expect(await vehicleCount()).toBe(before + 1000);
  });

  it("leaves an unchanged row alone: no new updated_at, no new catalogue version", async () => {
    await runSql(upsertVehiclesSql([{ ...sample, id: "steady-cart" }]));
    const version = await catalogueVersion();
    await runSql(upsertVehiclesSql([{ ...sample, id: "steady-cart" }]));
    expect(await catalogueVersion()).toBe(version);
    await runSql(upsertVehiclesSql([{ ...sample, id: "steady-cart", price: sample.price + 1 }]));
    expect(await catalogueVersion()).toBe(version + 1);
  });
});

describe("the version check of an import", () => {
  it("writes a file exported at the current version and records the version it made", async () => {
    const version = await catalogueVersion();
    await runSql(
      importSql({ id: "import-current", expectedVersion: version, vehicles: [{ ...sample, id: "v-cart" }] }),
    );
    const record = await env.DB.prepare(
      "SELECT version_after FROM catalogue_imports WHERE id = 'import-current'",
    ).first<{
      version_after: number;
    }>();
    expect(record?.version_after).toBe(await catalogueVersion());
    expect(record?.version_after).toBeGreaterThan(version);
  });

  it("refuses, in the same batch, a file exported before another change, and writes none of it", async () => {
    const exportedAt = await catalogueVersion();
    await runSql(upsertVehiclesSql([{ ...sample, id: "colleague-cart", price: 4321 }]));
    const before = await vehicleCount();
    const stale = importSql({ id: "import-stale", expectedVersion: exportedAt, vehicles: thousand.slice(0, 50) });
    await expect(runSql(stale)).rejects.toThrow(/stale catalogue file/);
    expect(await vehicleCount()).toBe(before);

    await runSql(
      importSql({ id: "import-forced", expectedVersion: null, vehicles: [{ ...sample, id: "forced-cart" }] }),
    );
    expect(await env.DB.prepare("SELECT id FROM vehicles WHERE id = 'forced-cart'").first()).not.toBeNull();
  });
});

describe("exporting stored rows", () => {
  it("names a row that no longer fits the vehicle fields instead of failing the export", () => {
    const row: VehicleExportRow = {
      id: "damaged-cart",
      name: "",
      brand: "DENAGO",
      category: "City",
      price: 100,
      description: "d",
      images: "[]",
      external_url: null,
      in_stock: 1,
      is_new: 0,
      features: "not json",
      specifications: "{}",
      example_fields: "[]",
      road_class: "golf-cart",
      units_in_stock: 1,
    };
    expect(readExportRow(row)).toEqual({
      ok: false,
      problems: [{ field: "features", message: "stored text is not valid JSON" }],
    });
    const schemaProblems = readExportRow({ ...row, features: "[]" });
    expect(schemaProblems.ok).toBe(false);
    if (schemaProblems.ok) return;
    expect(schemaProblems.problems.map((problem) => problem.field)).toEqual(
      expect.arrayContaining(["name", "specifications.topSpeed"]),
    );
  });
});
