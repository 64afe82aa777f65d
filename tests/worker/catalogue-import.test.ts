import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { validateCatalogueFile } from "../../scripts/lib/catalogue-file";
import { upsertVehiclesSql } from "../../scripts/lib/catalogue-sql";
import { seedCatalogue } from "../../scripts/lib/seed-catalogue";
import type { Vehicle } from "~/features/catalogue/vehicle";
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

  it("refuses a file that is not a list", () => {
    const result = validateCatalogueFile({ vehicles: [] });
    expect(result.ok).toBe(false);
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
