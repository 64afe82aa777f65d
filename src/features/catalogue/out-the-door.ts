import { site, purchaseTerms } from "~/config/site";
import type { Town } from "~/config/towns";
import { salesDeliveryTo } from "~/lib/delivery";
import { formatMiles, formatMoney } from "~/lib/format";
import { salesTaxCents } from "~/lib/sales-tax";
import type { Vehicle } from "./vehicle";
import { roadClassOf } from "./vehicle-facts";

/**
 * What a buyer really pays for a cart, line by line: the one computation the vehicle page, the
 * price API, the payment estimate, a reservation and the comparison all read. Money is added in
 * whole cents and reported in dollars.
 */

export interface PriceLine {
  label: string;
  /** Dollars. */
  amount: number;
}

export interface OutTheDoorPrice {
  /** All in dollars. */
  price: number;
  delivery: number;
  salesTax: number;
  docFee: number;
  total: number;
  /** Every charge as the buyer reads it, the cart first; the total is not a line. */
  lines: PriceLine[];
}

type PricedVehicle = Pick<Vehicle, "name" | "price" | "roadClass">;

/** The dealer's purchase terms the price reads (purchaseTerms), passed in so tests can vary them. */
export type PurchaseTerms = Pick<typeof purchaseTerms, "salesTaxPercent" | "documentaryFee">;

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

function deliveryLine(vehicle: PricedVehicle, town: Town | null): { cents: number; label: string } {
  if (!town) return { cents: 0, label: `Pickup at ${site.deliveryOrigins[0]!.name}` };
  const quote = salesDeliveryTo(town.coordinates, vehicle.price);
  const distance = `${formatMiles(quote.miles)} from ${quote.origin.name}`;
  if (quote.charge === 0) return { cents: 0, label: `Delivery to ${town.name} (${distance}, within its free zone)` };
  return { cents: toCents(quote.charge), label: `Delivery to ${town.name} (${distance})` };
}

/**
 * The out-the-door price of `vehicle` picked up at the showroom (`town` null) or delivered to
 * `town`: the cart, its delivery under the delivery policy, Pennsylvania sales tax on both, and the
 * dealer's documentary fee when one is set (not taxed). A low-speed vehicle's PennDOT fees are not
 * in it: they are added at sale at PennDOT's schedule then in force (`pennDotNote` says so).
 */
export function outTheDoorPrice(
  vehicle: PricedVehicle,
  town: Town | null,
  purchase: PurchaseTerms = purchaseTerms,
): OutTheDoorPrice {
  const priceCents = toCents(vehicle.price);
  const delivery = deliveryLine(vehicle, town);
  const docFeeCents = purchase.documentaryFee === null ? 0 : toCents(purchase.documentaryFee);
  // The documentary fee is not taxable (purchaseTerms): only the cart and its delivery are.
  const taxableCents = priceCents + delivery.cents;
  const taxCents = salesTaxCents(taxableCents, purchase.salesTaxPercent);

  const lines: PriceLine[] = [
    { label: vehicle.name, amount: toDollars(priceCents) },
    { label: delivery.label, amount: toDollars(delivery.cents) },
  ];
  if (docFeeCents > 0) lines.push({ label: "Documentary fee", amount: toDollars(docFeeCents) });
  lines.push({
    label: `Pennsylvania sales tax (${purchase.salesTaxPercent}% of ${formatMoney(toDollars(taxableCents))})`,
    amount: toDollars(taxCents),
  });
  return {
    price: toDollars(priceCents),
    delivery: toDollars(delivery.cents),
    salesTax: toDollars(taxCents),
    docFee: toDollars(docFeeCents),
    total: toDollars(taxableCents + taxCents + docFeeCents),
    lines,
  };
}

/** What the price says of PennDOT's fees for a vehicle of this class: added at sale for an LSV, none for a golf cart. */
export function pennDotNote(vehicle: Pick<Vehicle, "roadClass">): string {
  return roadClassOf(vehicle) === "lsv"
    ? purchaseTerms.pennDotFees.lsvAddedAtSale
    : purchaseTerms.pennDotFees.golfCartNone;
}
