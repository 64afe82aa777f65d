import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { returns, salesDelivery } from "~/config/business-terms";
import { site, showroom, type Review } from "~/config/site";
import { towns } from "~/config/towns";
import { vehicleMeta } from "~/features/catalogue/vehicle-meta";
import { townMeta } from "~/features/towns/town-meta";
import { meta as homeMeta } from "~/routes/home";
import { meta as showroomMeta } from "~/routes/showroom";
import { autoDealerJsonLd, reviewsJsonLd } from "~/seo/structured-data";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";

type Node = Record<string, unknown>;

const jsonLdOf = (meta: MetaDescriptor[]) =>
  meta.flatMap((entry) => ("script:ld+json" in entry ? [entry["script:ld+json"] as Node] : []));

/** Every object in the JSON-LD, nested ones included. */
function nodesOf(value: unknown): Node[] {
  if (Array.isArray(value)) return value.flatMap(nodesOf);
  if (value === null || typeof value !== "object") return [];
  return [value as Node, ...Object.values(value).flatMap(nodesOf)];
}

const dealerId = "https://www.example.com/#dealer";

describe("the dealer's structured data", () => {
  it("states no rating while the config holds no reviews", () => {
    expect(site.reviews).toEqual([]);
    const dealer = autoDealerJsonLd() as Record<string, unknown>;
    expect(dealer).not.toHaveProperty("aggregateRating");
    expect(dealer).not.toHaveProperty("review");
    expect(JSON.stringify(dealer)).not.toMatch(/rating/i);
  });

  it("rates from real reviews only, and shows each one", () => {
    const reviews: Review[] = [
      {
        author: "A. Buyer",
        datePublished: "2026-05-14",
        rating: 5,
        text: "Great cart.",
        source: "https://example.com/r/1",
      },
      {
        author: "B. Renter",
        datePublished: "2026-06-02",
        rating: 4,
        text: "Good rental.",
        source: "https://example.com/r/2",
      },
    ];
    const data = reviewsJsonLd(reviews) as {
      aggregateRating: { ratingValue: number; reviewCount: number };
      review: unknown[];
    };
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(data.review).toHaveLength(2);
  });

  it("carries the showroom's hours and the service department's own", () => {
    const dealer = autoDealerJsonLd() as {
      openingHoursSpecification: { opens: string; closes: string }[];
      department: { openingHoursSpecification: { opens: string; closes: string; dayOfWeek: string[] }[] }[];
    };
    expect(dealer.openingHoursSpecification[0]).toMatchObject({ opens: "09:00", closes: "17:00" });
    const service = dealer.department[0]!.openingHoursSpecification;
    expect(service.map((entry) => `${entry.opens}-${entry.closes}`)).toEqual(["08:00-17:00", "09:00-15:00"]);
  });
});

describe("one business, one definition", () => {
  const home = nodesOf(jsonLdOf(homeMeta())).filter((node) => node["@id"] === dealerId);

  it("defines the dealer on the home page, and every other page only refers to it, never contradicting it", () => {
    expect(home).toHaveLength(1);
    const [definition] = home;
    expect(definition).toMatchObject({ "@type": "AutoDealer", url: "https://www.example.com/" });
    const pages: [string, MetaDescriptor[]][] = [
      ["/showroom", showroomMeta()],
      ...towns.map((town): [string, MetaDescriptor[]] => [town.slug, townMeta(town)]),
      ...seedCatalogue.map((vehicle): [string, MetaDescriptor[]] => [vehicle.id, vehicleMeta(vehicle)]),
    ];
    for (const [page, meta] of pages) {
      for (const node of nodesOf(jsonLdOf(meta)).filter((each) => each["@id"] === dealerId)) {
        // A reference may repeat the dealer's type and name, nothing it could state differently.
        for (const key of Object.keys(node)) {
          expect(["@id", "@type", "name"], `${page} redefines the dealer's ${key}`).toContain(key);
          expect(node[key], `${page}: ${key}`).toEqual(definition![key]);
        }
      }
    }
  });

  it("gives each town page its own service, provided by the dealer by @id", () => {
    for (const town of towns) {
      const service = nodesOf(jsonLdOf(townMeta(town))).find((node) => node["@type"] === "Service");
      expect(service, town.name).toMatchObject({
        provider: { "@id": dealerId },
        areaServed: [{ name: `${town.name}, PA` }],
      });
    }
  });

  it("places the dealer with five decimals, as Google asks", () => {
    const geo = (home[0]!.geo ?? {}) as { latitude: number; longitude: number };
    for (const value of [geo.latitude, geo.longitude]) expect(String(value)).toMatch(/\.\d{5,}$/);
    expect(geo).toEqual({
      "@type": "GeoCoordinates",
      latitude: showroom.coordinates!.lat,
      longitude: showroom.coordinates!.lng,
    });
  });
});

describe("a vehicle's offer", () => {
  const offerOf = (vehicle: (typeof seedCatalogue)[number]) =>
    nodesOf(jsonLdOf(vehicleMeta(vehicle))).find((node) => node["@type"] === "Offer")!;

  it("carries the return policy's window and fee for a new or a used cart", () => {
    const fresh = seedCatalogue.find((vehicle) => vehicle.isNew)!;
    const used = seedCatalogue.find((vehicle) => !vehicle.isNew)!;
    expect(offerOf(fresh).hasMerchantReturnPolicy).toMatchObject({
      "@type": "MerchantReturnPolicy",
      applicableCountry: "US",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: returns.newCartDays,
      restockingFee: returns.newCartRestockingPercent,
      merchantReturnLink: "https://www.example.com/policies/return-policy",
    });
    expect(offerOf(used).hasMerchantReturnPolicy).toMatchObject({
      merchantReturnDays: returns.usedCartDays,
      restockingFee: returns.usedCartRestockingPercent,
    });
  });

  it("delivers free to the showroom's postal code from the delivery policy's minimum sale, in its days", () => {
    const inStock = seedCatalogue.find((vehicle) => vehicle.inStock && vehicle.price >= salesDelivery.freeMinimumSale)!;
    expect(offerOf(inStock).shippingDetails).toMatchObject({
      "@type": "OfferShippingDetails",
      shippingRate: { value: 0, currency: "USD" },
      shippingDestination: { addressCountry: "US", addressRegion: "PA", postalCode: showroom.address!.postalCode },
      deliveryTime: { transitTime: { minValue: 2, maxValue: 5, unitCode: "DAY" } },
    });
    const cheap = { ...inStock, price: salesDelivery.freeMinimumSale - 1 };
    expect(offerOf(cheap)).not.toHaveProperty("shippingDetails");
  });

  it("promises no date for the price while the dealer has not said how long a quote holds", () => {
    expect(site.optionalClaims.quoteValidDays).toBeNull();
    for (const vehicle of seedCatalogue) expect(offerOf(vehicle)).not.toHaveProperty("priceValidUntil");
  });
});
