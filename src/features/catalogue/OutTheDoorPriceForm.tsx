import { DeliveryOptions } from "~/ui/DeliveryOptions";
import type { LoanChoice } from "~/features/financing/monthly-payment";
import { purchaseTerms } from "~/config/site";
import type { Town } from "~/config/towns";
import { QuoteTable } from "~/ui/QuoteTable";
import { pennDotNote, type OutTheDoorPrice } from "./out-the-door";
import type { Vehicle } from "./vehicle";
import { pickupChoice } from "~/lib/delivery-choice";

/** A GET form's answer keeps its action's fragment, so the new page opens at the price. */
export const outTheDoorAnchor = "out-the-door";

export interface OutTheDoorPriceFormProps {
  price: OutTheDoorPrice;
  /** The delivery town chosen, or null for a pickup. */
  town: Town | null;
  /** The payment estimate's choices, sent along so that choosing a town keeps them. */
  loan: LoanChoice;
  /** Its road class decides what the price says of PennDOT's fees. */
  vehicle: Pick<Vehicle, "roadClass">;
}

/**
 * The price a buyer will really pay, picked up or delivered to their town: a plain GET form the
 * server answers, the town kept in the page's address.
 */
export function OutTheDoorPriceForm({ price, town, loan, vehicle }: OutTheDoorPriceFormProps) {
  const purchase = purchaseTerms;
  return (
    <section id={outTheDoorAnchor} className="out-the-door" aria-labelledby="out-the-door-title">
      <h2 id="out-the-door-title">Your out-the-door price</h2>
      <form method="get" action={`#${outTheDoorAnchor}`} className="out-the-door__form">
        {loan.aprPercent === null ? null : <input type="hidden" name="apr" value={loan.aprPercent} />}
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
        is part of the purchase price, § 7201(g)). <span data-testid="penndot-fees">{pennDotNote(vehicle)}</span>{" "}
        {purchase.documentaryFee === null
          ? "We charge no documentary fee."
          : "The documentary fee, capped by 63 P.S. § 818.327, is not taxed (State Board of Vehicle Manufacturers, Dealers and Salespersons)."}
      </p>
    </section>
  );
}
