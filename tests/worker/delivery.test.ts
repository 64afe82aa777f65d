import { describe, expect, it } from "vitest";
import { salesDelivery } from "~/config/business-terms";
import { rentalTerms } from "~/config/rental-plans";
import { site } from "~/config/site";
import { towns } from "~/config/towns";
import { rentalDeliveryTo, rentalFleetOrigin, salesDeliveryTo } from "~/lib/delivery";
import { distanceMiles } from "~/lib/geography";

const showroomOrigin = site.deliveryOrigins[0]!;
const partnerOrigin = site.deliveryOrigins[1]!;
const town = (slug: string) => towns.find((candidate) => candidate.slug === slug)!;

describe("delivery charges, from the one module every page reads", () => {
  it("gives each origin its own free radius: the showroom 20 miles, the partner showroom 15", () => {
    expect(showroomOrigin.freeRadiusMiles).toBe(20);
    expect(partnerOrigin.freeRadiusMiles).toBe(15);
    const forestCity = salesDeliveryTo(town("forest-city").coordinates);
    expect(forestCity.charge).toBe(0);
    expect(forestCity.origin.id).toBe("forest-city-partner");
    const montrose = salesDeliveryTo(town("montrose").coordinates);
    expect(montrose).toMatchObject({ charge: 0, origin: { id: "showroom" } });
  });

  it("charges each whole mile past the cheapest origin's radius", () => {
    for (const place of towns) {
      const quote = salesDeliveryTo(place.coordinates);
      const perOrigin = site.deliveryOrigins.map((origin) => {
        const miles = Math.round(distanceMiles(origin.coordinates, place.coordinates) * 10) / 10;
        return Math.max(0, Math.ceil(miles - origin.freeRadiusMiles)) * salesDelivery.perMileBeyond;
      });
      expect(quote.charge, place.name).toBe(Math.min(...perOrigin));
    }
  });

  it("charges a sale under the minimum for every mile from the nearest origin", () => {
    const quote = salesDeliveryTo(town("hallstead").coordinates, salesDelivery.freeMinimumSale - 1);
    expect(quote.charge).toBe(Math.ceil(quote.miles) * salesDelivery.perMileBeyond);
  });

  it("charges rentals once, beyond the free miles from where the fleet leaves", () => {
    expect(rentalFleetOrigin.id).toBe("showroom");
    const near = rentalDeliveryTo(town("montrose").coordinates);
    expect(near.charge).toBe(0);
    const far = rentalDeliveryTo(town("forest-city").coordinates);
    expect(far.origin.id).toBe("showroom");
    expect(far.charge).toBe(Math.ceil(far.miles - rentalTerms.deliveryFreeMiles) * rentalTerms.deliveryPerMile);
  });
});
