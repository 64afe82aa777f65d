import { personFields, TextFields, type PersonField, BookingSubmit } from "~/features/bookings/BookingFields";
import { DeliveryOptions } from "~/ui/DeliveryOptions";
import { site, telHref, purchaseTerms } from "~/config/site";
import type { Town } from "~/config/towns";
import type { OutTheDoorPrice } from "~/features/catalogue/out-the-door";
import { pickupChoice } from "~/lib/delivery-choice";
import { canonicalVehiclePath, vehicleReservationPath } from "~/features/catalogue/vehicle-address";
import type { ReservableState } from "~/features/catalogue/vehicle-status";
import { formatPrice } from "~/lib/format";
import { Link } from "~/ui/links";
import { QuoteTable } from "~/ui/QuoteTable";
import { reservationMoneyWords } from "./reservation-view";

export interface ReservePageData {
  vehicle: { id: string; name: string; price: number };
  state: ReservableState;
  town: Town | null;
  price: OutTheDoorPrice;
  /** Deposits are taken online here (a Stripe key, or the local stand-in). */
  depositsOnline: boolean;
}

/** What a refused reservation hands back to the form: the message, each field's, and what was typed. */
export interface ReserveRefusal {
  error: string;
  fields: Record<string, string>;
  values: Partial<Record<PersonField, string>>;
}

const stateMessages: Record<Exclude<ReservableState, "open">, string> = {
  "all-held": "Reserved: every one of these carts is held for another buyer right now.",
  "not-in-stock": "This cart is not in stock, so it cannot be reserved.",
};

/**
 * Reserve this exact cart: choose pickup or a delivery town (a GET form the server answers with the
 * price), then the buyer's details (a POST the server answers with the reservation's private page).
 * Plain forms, so it works the same with no script.
 */
export function ReservePage({
  page,
  refusal,
  robotCheckKey,
}: {
  page: ReservePageData;
  refusal?: ReserveRefusal;
  robotCheckKey?: string;
}) {
  const { vehicle, town, price, state } = page;
  const fields = refusal?.fields ?? {};
  const deliveryValue = town?.slug ?? pickupChoice;
  const moneyWords = reservationMoneyWords(page.depositsOnline);
  return (
    <div className="container page-section reserve">
      <p>
        <Link to={canonicalVehiclePath(vehicle.id)}>← Back to the {vehicle.name}</Link>
      </p>
      <h1>Reserve the {vehicle.name}</h1>
      {state === "open" ? (
        <p>
          We hold one for you for {purchaseTerms.reservationHoldHours} hours while our staff call you. {moneyWords}
        </p>
      ) : (
        <p role="status" className="field__error">
          {stateMessages[state]} Call us at <a href={telHref()}>{site.phone.display}</a> and we will find you one like
          it.
        </p>
      )}

      <section aria-labelledby="reserve-price-title">
        <h2 id="reserve-price-title">Your out-the-door price</h2>
        <form method="get" action={vehicleReservationPath(vehicle.id)} className="out-the-door__form">
          <div className="field">
            <label htmlFor="reserve-town">Pickup or delivery</label>
            <select id="reserve-town" name="town" defaultValue={deliveryValue}>
              <DeliveryOptions />
            </select>
          </div>
          <button type="submit" className="button button--ghost">
            Show my price
          </button>
        </form>
        <QuoteTable lines={price.lines} total={price.total} caption="Out-the-door price" />
        <p className="muted">
          The cart's price is {formatPrice(vehicle.price)}; the total adds delivery, tax and fees as the vehicle page
          explains.
        </p>
      </section>

      {state === "open" ? (
        <section aria-labelledby="reserve-details-title">
          <h2 id="reserve-details-title">Your details</h2>
          {refusal ? (
            <p role="alert" className="field__error">
              {refusal.error}
            </p>
          ) : null}
          <form
            method="post"
            action={vehicleReservationPath(vehicle.id, town?.slug)}
            noValidate
            className="reserve-form"
          >
            <input type="hidden" name="delivery" value={deliveryValue} />
            <TextFields prefix="reserve" fields={personFields} errors={fields} values={refusal?.values ?? {}} />
            {fields.delivery ? <p className="field__error">{fields.delivery}</p> : null}
            <BookingSubmit robotCheckKey={robotCheckKey} label="Reserve this cart" note={moneyWords} />
          </form>
        </section>
      ) : null}
    </div>
  );
}
