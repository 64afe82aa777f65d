import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { purchaseTerms } from "~/config/site";
import { towns } from "~/config/towns";
import {
  outTheDoorPrice,
  pennDotNote,
  type OutTheDoorPrice,
  type PurchaseTerms,
} from "~/features/catalogue/out-the-door";
import { findDeliveryTown } from "~/lib/delivery";
import { salesTaxCents } from "~/lib/sales-tax";
import { api } from "../../worker/api";
import { propertyRuns } from "./property-runs";
import { runSql } from "./run-sql";

const town = (slug: string) => findDeliveryTown(slug)!;
const cents = (dollars: number) => Math.round(dollars * 100);

beforeAll(async () => {
  await runSql(upsertVehiclesSql(seedCatalogue));
});

describe("the out-the-door price", () => {
  it("for a golf cart picked up: the price and 6% Pennsylvania sales tax, nothing for PennDOT", () => {
    const price = outTheDoorPrice({ name: "Pre-owned cart", price: 7995, roadClass: "golf-cart" }, null);
    expect(price).toMatchObject({
      price: 7995,
      delivery: 0,
      salesTax: 479.7,
      docFee: 0,
      total: 8474.7,
    });
    expect(price.lines.map((line) => line.label)).toEqual([
      "Pre-owned cart",
      "Pickup at our Montrose showroom",
      "Pennsylvania sales tax (6% of $7,995.00)",
    ]);
  });

  it("for a low-speed vehicle delivered: delivery taxed with the cart, and no PennDOT fee in the total", () => {
    // Under the $5,000 minimum, so every mile to New Milford (8.3, charged as 9) costs $6.
    const price = outTheDoorPrice({ name: "Small LSV", price: 4995, roadClass: "lsv" }, town("new-milford"));
    expect(price).toMatchObject({ price: 4995, delivery: 54, salesTax: 302.94, docFee: 0, total: 5351.94 });
    expect(price.lines[1]!.label).toBe("Delivery to New Milford (8.3 miles from our Montrose showroom)");
    expect(price.lines.map((line) => line.label).join(" ")).not.toContain("PennDOT");
  });

  it("taxes the cents of a price by Pennsylvania's bracket schedule, not by rounding 6%", () => {
    // 6% of $4,995.09 is $299.7054, which rounds to $299.71; the schedule charges nothing on 9 cents.
    const price = outTheDoorPrice({ name: "Cart", price: 4995.09, roadClass: "golf-cart" }, null);
    expect(price.salesTax).toBe(299.7);
    expect(outTheDoorPrice({ name: "Cart", price: 4995.2, roadClass: "golf-cart" }, null).salesTax).toBe(299.72);
  });

  it("says an LSV's PennDOT fees are added at sale, and a golf cart has none, each with its statute", () => {
    expect(pennDotNote({ roadClass: "lsv" })).toContain("added at sale at PennDOT's schedule of fees then in force");
    expect(pennDotNote({ roadClass: "golf-cart" })).toContain("75 Pa.C.S. § 1102(2)");
    expect(pennDotNote({ roadClass: "golf-cart" })).toContain("§ 77A01");
  });

  it("delivers free within a zone once the sale reaches the policy's minimum", () => {
    const price = outTheDoorPrice({ name: "New cart", price: 11995, roadClass: "golf-cart" }, town("hallstead"));
    expect(price.delivery).toBe(0);
    expect(price.lines[1]!.label).toContain("within its free zone");
  });

  it("adds a documentary fee, untaxed, only when the dealer sets one", () => {
    const terms: PurchaseTerms = { ...purchaseTerms, documentaryFee: 399 };
    const price = outTheDoorPrice({ name: "Cart", price: 10000, roadClass: "golf-cart" }, null, terms);
    expect(price.docFee).toBe(399);
    expect(price.salesTax).toBe(600);
    expect(price.total).toBe(10999);
    expect(price.lines.map((line) => line.label)).toContain("Documentary fee");
    expect(outTheDoorPrice({ name: "Cart", price: 10000, roadClass: "golf-cart" }, null).lines).toHaveLength(3);
  });

  it("always adds up to the cent: the total is the sum of its lines, and the tax is 6% of the cart and delivery", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60000 }),
        fc.constantFrom("golf-cart" as const, "lsv" as const),
        fc.option(fc.constantFrom(...towns.map((choice) => choice.slug)), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
        (amount, roadClass, slug, documentaryFee) => {
          const terms: PurchaseTerms = { ...purchaseTerms, documentaryFee };
          const price: OutTheDoorPrice = outTheDoorPrice(
            { name: "Cart", price: amount, roadClass },
            slug ? town(slug) : null,
            terms,
          );
          const sum = price.lines.reduce((total, line) => total + cents(line.amount), 0);
          expect(cents(price.total)).toBe(sum);
          // Whole cents: no line carries a fraction of a cent.
          for (const line of price.lines) expect(Math.abs(line.amount * 100 - cents(line.amount))).toBeLessThan(1e-6);
          expect(cents(price.salesTax)).toBe(salesTaxCents(cents(price.price + price.delivery)));
          expect(cents(price.total)).toBe(cents(price.price + price.delivery + price.salesTax + price.docFee));
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});

describe("GET /api/vehicles/{id}/price", () => {
  it("prices a pickup without a town, and a delivery with one", async () => {
    const pickup = await api.request("/vehicles/denago-ev-city/price", {}, env);
    expect(pickup.status).toBe(200);
    const body = (await pickup.json()) as OutTheDoorPrice;
    expect(Object.keys(body)).toEqual(["price", "delivery", "salesTax", "docFee", "total", "lines"]);
    expect(body.price).toBe(11995);
    expect(body.salesTax).toBe(719.7);

    const delivered = await api.request("/vehicles/denago-ev-city/price?town=forest-city", {}, env);
    expect(delivered.status).toBe(200);
    expect(((await delivered.json()) as OutTheDoorPrice).lines[1]!.label).toMatch(/^Delivery to Forest City/);
  });

  it("answers 400 naming an unknown town, and 404 for an unknown vehicle", async () => {
    const unknownTown = await api.request("/vehicles/denago-ev-city/price?town=scranton", {}, env);
    expect(unknownTown.status).toBe(400);
    const refusal = (await unknownTown.json()) as { error: string; fields: { town: string } };
    expect(refusal.fields.town).toContain('"scranton"');
    expect(refusal.error).toContain("choose one of our 35 towns");

    const unknownVehicle = await api.request("/vehicles/no-such-cart/price", {}, env);
    expect(unknownVehicle.status).toBe(404);
  });
});
