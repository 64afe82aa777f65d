import { salesDelivery } from "~/config/business-terms";
import { rentalTerms } from "~/config/rental-plans";
import { site, type DeliveryOrigin } from "~/config/site";
import { towns, type Town } from "~/config/towns";
import { distanceMiles, roundedMiles, type Coordinates } from "./geography";

/**
 * The one place delivery charges are computed: town pages, the rentals page, the delivery policy
 * and the rental quote all read these. Distances are straight lines to one decimal, the figure the
 * town pages show, and charges are whole miles beyond a free radius.
 */

/** The town a delivery choice names, by its slug. */
export function findDeliveryTown(slug: string): Town | undefined {
  return towns.find((town) => town.slug === slug);
}

export interface DeliveryQuote {
  /** Whole dollars. */
  charge: number;
  /** Where the cart leaves from. */
  origin: DeliveryOrigin;
  /** Straight-line miles from the origin, to one decimal. */
  miles: number;
}

function milesBetween(origin: DeliveryOrigin, point: Coordinates): number {
  return roundedMiles(distanceMiles(origin.coordinates, point));
}

function chargeBeyond(miles: number, freeMiles: number, perMile: number): number {
  return Math.max(0, Math.ceil(miles - freeMiles)) * perMile;
}

/**
 * A purchase delivered to `point`: free within the radius of whichever origin covers it, else
 * `perMileBeyond` for each mile past the cheapest origin's radius. A sale under the minimum pays
 * for every mile from the nearest origin.
 */
export function salesDeliveryTo(point: Coordinates, saleAmount: number = salesDelivery.freeMinimumSale): DeliveryQuote {
  const qualifies = saleAmount >= salesDelivery.freeMinimumSale;
  const quotes = site.deliveryOrigins.map((origin): DeliveryQuote => {
    const miles = milesBetween(origin, point);
    const freeMiles = qualifies ? origin.freeRadiusMiles : 0;
    return { origin, miles, charge: chargeBeyond(miles, freeMiles, salesDelivery.perMileBeyond) };
  });
  return quotes.reduce((best, quote) =>
    quote.charge < best.charge || (quote.charge === best.charge && quote.miles < best.miles) ? quote : best,
  );
}

/** Where rental carts leave from and come back to. */
export const rentalFleetOrigin: DeliveryOrigin = site.rentalFleetOrigin;

/**
 * A rental delivered to `point`: `deliveryPerMile` for each mile beyond `deliveryFreeMiles` from the
 * fleet, charged once per rental (it covers taking the cart there and collecting it).
 */
export function rentalDeliveryTo(point: Coordinates): DeliveryQuote {
  const miles = milesBetween(rentalFleetOrigin, point);
  return {
    origin: rentalFleetOrigin,
    miles,
    charge: chargeBeyond(miles, rentalTerms.deliveryFreeMiles, rentalTerms.deliveryPerMile),
  };
}

/** "free within 20 miles of our Montrose showroom or 15 miles of our Forest City partner showroom" */
export function salesFreeZoneText(): string {
  return site.deliveryOrigins.map((origin) => `${origin.freeRadiusMiles} miles of ${origin.name}`).join(" or ");
}
