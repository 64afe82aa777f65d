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
  titleAndRegistration: number;
  total: number;
  /** Every charge as the buyer reads it, the cart first; the total is not a line. */
  lines: PriceLine[];
}

type PricedVehicle = Pick<Vehicle, "name" | "price" | "roadClass">;

/** The dealer's purchase terms the price reads (purchaseTerms), passed in so tests can vary them. */
export type PurchaseTerms = Pick<
  typeof purchaseTerms,
  "salesTaxPercent" | "documentaryFee" | "lsvTitleAndRegistration" | "lienRecordingFee" | "pennDotFeesAsOf"
>;

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
 * `town`: the cart, its delivery under the delivery policy, Pennsylvania sales tax on both, the
 * dealer's documentary fee when one is set (not taxed), and PennDOT's title and registration fees for
 * a street-legal LSV only (a government fee, not taxed).
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
  const isLsv = roadClassOf(vehicle) === "lsv";
  const titleCents = isLsv
    ? toCents(purchase.lsvTitleAndRegistration.title + purchase.lsvTitleAndRegistration.registration)
    : 0;

  const lines: PriceLine[] = [
    { label: vehicle.name, amount: toDollars(priceCents) },
    { label: delivery.label, amount: toDollars(delivery.cents) },
  ];
  if (docFeeCents > 0) lines.push({ label: "Documentary fee", amount: toDollars(docFeeCents) });
  lines.push({
    label: `Pennsylvania sales tax (${purchase.salesTaxPercent}% of ${formatMoney(toDollars(taxableCents))})`,
    amount: toDollars(taxCents),
  });
  if (isLsv) {
    const { title, registration } = purchase.lsvTitleAndRegistration;
    lines.push({
      label: `PennDOT title (${formatMoney(title)}) and registration (${formatMoney(registration)}) as of ${purchase.pennDotFeesAsOf.text}, street-legal LSV`,
      amount: toDollars(titleCents),
    });
  }
  return {
    price: toDollars(priceCents),
    delivery: toDollars(delivery.cents),
    salesTax: toDollars(taxCents),
    docFee: toDollars(docFeeCents),
    titleAndRegistration: toDollars(titleCents),
    total: toDollars(taxableCents + taxCents + docFeeCents + titleCents),
    lines,
  };
}

/** What a loan on the cart pays for: the out-the-door price and, for a titled LSV, PennDOT's lien fee. */
export interface FinancedAmount {
  /** All in dollars, the out-the-door total first. */
  lines: PriceLine[];
  total: number;
}

/**
 * The amount the payment estimate finances. A loan on a titled LSV has its lien recorded on the
 * PennDOT title, for PennDOT's fee (75 Pa.C.S. § 1953; purchaseTerms.lienRecordingFee): financing
 * shows it as its own line so the estimate covers what PennDOT charges because of the loan. A golf
 * cart needs no title (75 Pa.C.S. § 1102(2)), so there is no lien to record and nothing is added.
 */
export function financedAmount(
  price: OutTheDoorPrice,
  vehicle: Pick<Vehicle, "roadClass">,
  purchase: PurchaseTerms = purchaseTerms,
): FinancedAmount {
  const lines: PriceLine[] = [{ label: "Out-the-door price", amount: price.total }];
  if (roadClassOf(vehicle) === "lsv") {
    lines.push({
      label: `PennDOT lien recording fee as of ${purchase.pennDotFeesAsOf.text} (75 Pa.C.S. § 1953)`,
      amount: purchase.lienRecordingFee,
    });
  }
  const cents = lines.reduce((sum, line) => sum + toCents(line.amount), 0);
  return { lines, total: toDollars(cents) };
}
