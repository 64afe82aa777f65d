import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { factoryWarrantyLine, preOwnedSaleWords } from "~/config/warranties";
import { vehicleSchema, type Vehicle } from "~/features/catalogue/vehicle";
import { answerPage } from "./registry-pages";
import { runSql } from "./run-sql";

/**
 * Issue 55: a vehicle page never promises a warranty nobody gave. A new cart names its maker's
 * factory warranty; a pre-owned cart says whether it is sold as is or with a warranty, from its own
 * data (`saleWarranty`), and asks the buyer to ask while staff have not said.
 */

const preOwned = seedCatalogue.find((vehicle) => !vehicle.isNew)!;
const newCart = seedCatalogue.find((vehicle) => vehicle.isNew && vehicle.brand.toUpperCase() === "DENAGO")!;
const asIs: Vehicle = { ...preOwned, id: "warranty-test-as-is", saleWarranty: "as-is" };
const withWarranty: Vehicle = { ...preOwned, id: "warranty-test-warranty", saleWarranty: "warranty" };
const notSaid: Vehicle = { ...preOwned, id: "warranty-test-not-said" };

async function pageText(id: string): Promise<string> {
  const response = await answerPage(new Request(`https://example.com/vehicle/${id}`), env);
  expect(response.status, id).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
}

beforeAll(async () => {
  await runSql(upsertVehiclesSql([...seedCatalogue, asIs, withWarranty, notSaid]));
});

describe("what a vehicle page says of its warranty", () => {
  it("a pre-owned cart sold as is says so, with the law that lets a sale say it", async () => {
    const text = await pageText(asIs.id);
    expect(text).toContain(preOwnedSaleWords["as-is"]);
    expect(text).toContain("13 Pa.C.S. § 2316(c)(1)");
  });

  it("a pre-owned cart sold with a warranty says so and offers its written terms", async () => {
    expect(await pageText(withWarranty.id)).toContain(preOwnedSaleWords.warranty);
  });

  it("a pre-owned cart whose data does not say asks the buyer to ask, promising neither", async () => {
    const text = await pageText(notSaid.id);
    expect(text).toContain(preOwnedSaleWords.unknown);
    expect(text).not.toContain(preOwnedSaleWords["as-is"]);
    expect(text).not.toContain(preOwnedSaleWords.warranty);
  });

  it("a new cart names its maker's factory warranty, not one of ours", async () => {
    const text = await pageText(newCart.id);
    expect(text).toContain(factoryWarrantyLine(newCart.brand));
    expect(factoryWarrantyLine(newCart.brand)).toContain("DENAGO's factory warranty, not a warranty of ours");
  });

  it("keeps the field through the database, and records its change in the vehicle's history", async () => {
    const api = await (await answerPage(new Request(`https://example.com/vehicle/${asIs.id}`), env)).text();
    expect(api).toContain("Sold as is");
    await runSql(upsertVehiclesSql([{ ...asIs, saleWarranty: "warranty" }]));
    const changes = await env.DB.prepare(
      "SELECT before, after FROM vehicle_changes WHERE vehicle_id = ? AND field = 'saleWarranty' ORDER BY id",
    )
      .bind(asIs.id)
      .all<{ before: string | null; after: string }>();
    expect(changes.results).toEqual([
      { before: null, after: "as-is" },
      { before: "as-is", after: "warranty" },
    ]);
  });
});

describe("the field is a pre-owned cart's", () => {
  it("refuses it on a new cart, naming the field", () => {
    const result = vehicleSchema.safeParse({ ...newCart, saleWarranty: "as-is" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain("saleWarranty");
  });

  it("refuses a value other than as-is or warranty, naming the field", () => {
    const result = vehicleSchema.safeParse({ ...preOwned, saleWarranty: "lifetime" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["saleWarranty"],
      message: 'saleWarranty must be "as-is" or "warranty"',
    });
  });
});
