import { MoneyLines } from "./MoneyLines";
import type { DepositView } from "./deposit-view.server";
import type { DepositRefusal } from "./deposit-action.server";

/**
 * The deposit on a booking's own page: a plain form (the page gains no script) to Stripe's page,
 * "being confirmed" until Stripe's notice comes (the page looks again every few seconds), what was
 * paid and refunded.
 */
export function DepositSection({
  view,
  action,
  refusal,
}: {
  view: DepositView | null;
  action: string;
  refusal?: DepositRefusal["deposit"];
}) {
  if (!view) return null;
  const boxError = refusal?.field === "accept" ? refusal.error : null;
  return (
    <section aria-labelledby="deposit-title" className="deposit">
      <h2 id="deposit-title">Deposit</h2>
      {view.confirming ? (
        <>
          <meta httpEquiv="refresh" content="4" />
          <p role="status">Your payment is being confirmed: this page looks again in a few seconds.</p>
        </>
      ) : null}
      {view.leftCheckout ? <p role="status">You left the payment page without paying: nothing was charged.</p> : null}
      {view.paid ? (
        <p role="status">
          Deposit paid: <strong>{view.paid.amount}</strong> on {view.paid.at}.
          {view.paid.holdsUntil ? ` We hold it for you until ${view.paid.holdsUntil}.` : null}
        </p>
      ) : null}
      {view.refunds.map((refund, index) => (
        <p key={index}>
          {refund.done ? "Refunded" : "Being refunded"}: <strong>{refund.amount}</strong>, because {refund.why}.
        </p>
      ))}
      <MoneyLines lines={view.money} className="deposit__money facts-list" />
      {view.offer ? (
        <form method="post" action={action} noValidate>
          <input type="hidden" name="intent" value="deposit" />
          <ul>
            {view.offer.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          {refusal && !boxError ? (
            <p role="alert" className="field__error">
              {refusal.error}
            </p>
          ) : null}
          <p className="field">
            <label>
              <input
                type="checkbox"
                name="accept"
                value="yes"
                required
                aria-invalid={boxError ? true : undefined}
                aria-describedby={boxError ? "deposit-accept-error" : undefined}
              />{" "}
              I accept the deposit's terms above
            </label>
            {boxError ? (
              <span id="deposit-accept-error" className="field__error" role="alert">
                {boxError}
              </span>
            ) : null}
          </p>
          <button type="submit" className="button button--primary">
            Pay the {view.offer.amount} deposit
          </button>
        </form>
      ) : null}
    </section>
  );
}
