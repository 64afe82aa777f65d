import { useState } from "react";
import { Form } from "react-router";
import { loanTerms } from "~/config/loan-terms";
import { clampLoanInput, monthlyPayment } from "~/features/financing/monthly-payment";
import { formatPrice } from "~/lib/format";

const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * Monthly payment for this vehicle at the APR and term the visitor picks. Updates as they type;
 * without JavaScript the "Update estimate" button reloads the page with the new figures.
 */
export function PaymentEstimate({
  price,
  initialApr,
  initialTerm,
}: {
  price: number;
  initialApr: number;
  initialTerm: number;
}) {
  const [aprText, setAprText] = useState(String(initialApr));
  const [term, setTerm] = useState(initialTerm);
  const loan = clampLoanInput(Number(aprText), term);
  const payment = monthlyPayment({ principal: price, aprPercent: loan.aprPercent, termMonths: loan.termMonths });
  return (
    <Form method="get" className="payment-estimate" aria-labelledby="payment-estimate-title" preventScrollReset>
      <h2 id="payment-estimate-title">Estimate your payment</h2>
      <div className="payment-estimate__fields">
        <div className="field">
          <label htmlFor="estimate-apr">APR (%)</label>
          <input
            id="estimate-apr"
            name="apr"
            type="number"
            inputMode="decimal"
            min={loanTerms.minimumAprPercent}
            max={loanTerms.maximumAprPercent}
            step="0.01"
            value={aprText}
            onChange={(event) => setAprText(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="estimate-term">Term</label>
          <select id="estimate-term" name="term" value={term} onChange={(event) => setTerm(Number(event.target.value))}>
            {loanTerms.termChoicesMonths.map((months) => (
              <option key={months} value={months}>
                {months} months
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="payment-estimate__amount" aria-live="polite" data-testid="monthly-payment">
        {cents.format(payment)}/mo
      </p>
      <p className="muted">
        {formatPrice(price)} over {loan.termMonths} months at {loan.aprPercent}% APR. APR from as low as{" "}
        {loanTerms.minimumAprPercent}%, terms of {loanTerms.minimumTermMonths} to {loanTerms.maximumTermMonths} months.
      </p>
      <noscript>
        <button type="submit" className="button button--ghost">
          Update estimate
        </button>
      </noscript>
      <p className="muted">{loanTerms.disclaimer}</p>
    </Form>
  );
}
