import { DeliveryOptions } from "~/ui/DeliveryOptions";
import { purchaseTerms } from "~/config/site";
import type { Town } from "~/config/towns";
import { QuoteTable } from "~/ui/QuoteTable";
import type { OutTheDoorPrice } from "./out-the-door";
import { pickupChoice } from "~/lib/delivery-choice";

/** A GET form's answer keeps its action's fragment, so the new page opens at the price. */
export const outTheDoorAnchor = "out-the-door";

export interface OutTheDoorPriceFormProps {
  price: OutTheDoorPrice;
  /** The delivery town chosen, or null for a pickup. */
  town: Town | null;
  /** The payment estimate's choices, sent along so that choosing a town keeps them. */
  loan: { aprPercent: number; termMonths: number };
  /** A street-legal LSV is titled and registered; a golf cart is not, and the page says so. */
  isLsv: boolean;
}

/**
 * The price a buyer will really pay, picked up or delivered to their town: a plain GET form the
 * server answers, the town kept in the page's address.
 */
export function OutTheDoorPriceForm({ price, town, loan, isLsv }: OutTheDoorPriceFormProps) {
  const purchase = purchaseTerms;
  return (
    <section id={outTheDoorAnchor} className="out-the-door" aria-labelledby="out-the-door-title">
      <h2 id="out-the-door-title">Your out-the-door price</h2>
      <form method="get" action={`#${outTheDoorAnchor}`} className="out-the-door__form">
        <input type="hidden" name="apr" value={loan.aprPercent} />
        <input type="hidden" name="term" value={loan.termMonths} />
        <div className="field">
          <label htmlFor="out-the-door-town">Pickup or delivery</label>
          <select id="out-the-door-town" name="town" defaultValue={town?.slug ?? pickupChoice}>
            <DeliveryOptions />
          </select>
        </div>
        <button type="submit" className="button button--ghost">
          Show my price
        </button>
      </form>
      <QuoteTable lines={price.lines} total={price.total} caption="Out-the-door price" />
      <p className="muted">
        Pennsylvania sales tax is {purchase.salesTaxPercent}% of the cart and its delivery (72 P.S. § 7202(a); delivery
        is part of the purchase price, § 7201(g)).{" "}
        {isLsv
          ? `A street-legal low-speed vehicle is titled and registered with PennDOT; the fees are PennDOT's own (75 Pa.C.S. §§ 1952(a), 1912) as of ${purchase.pennDotFeesAsOf.text}, and PennDOT adjusts them every two years (§ 1904(c)). ${purchase.pennDotFeesSince}`
          : "A golf cart is not registered for the road in Pennsylvania (75 Pa.C.S. § 77A01), so there are no PennDOT fees."}{" "}
        {purchase.documentaryFee === null
          ? "We charge no documentary fee."
          : "The documentary fee, capped by 63 P.S. § 818.327, is not taxed (State Board of Vehicle Manufacturers, Dealers and Salespersons)."}
      </p>
    </section>
  );
}
