import { loanTerms } from "~/config/loan-terms";
import { monthlyPayment, type PaymentInput } from "~/features/financing/monthly-payment";
import { formatMoney } from "~/lib/format";
import { QuoteTable } from "~/ui/QuoteTable";
import type { FinancedAmount } from "./out-the-door";

/** A GET form's answer keeps its action's fragment, so the new page opens here. */
const estimateAnchor = "payment-estimate";

export interface PaymentEstimateProps {
  /** What it finances: the out-the-door total and, for a titled LSV, PennDOT's lien fee. */
  financing: FinancedAmount;
  loan: Omit<PaymentInput, "principal">;
  /** The out-the-door price's delivery town, sent along so that updating the estimate keeps it; null for a pickup. */
  town: string | null;
}

/**
 * Monthly payment on the out-the-door price at the APR and term the visitor picked, already brought
 * within the loan terms by the page's loader. A plain GET form: the server works out the figure,
 * and the answer opens at the estimate rather than the top of the page.
 */
export function PaymentEstimate({ financing, loan, town }: PaymentEstimateProps) {
  const financed = financing.total;
  const payment = monthlyPayment({ principal: financed, aprPercent: loan.aprPercent, termMonths: loan.termMonths });
  return (
    <form
      method="get"
      action={`#${estimateAnchor}`}
      id={estimateAnchor}
      className="payment-estimate"
      aria-labelledby="payment-estimate-title"
    >
      <h2 id="payment-estimate-title">Estimate your payment</h2>
      {town ? <input type="hidden" name="town" value={town} /> : null}
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
            defaultValue={loan.aprPercent}
          />
        </div>
        <div className="field">
          <label htmlFor="estimate-term">Term</label>
          <select id="estimate-term" name="term" defaultValue={loan.termMonths}>
            {loanTerms.termChoicesMonths.map((months) => (
              <option key={months} value={months}>
                {months} months
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="payment-estimate__amount" aria-live="polite" data-testid="monthly-payment">
        {formatMoney(payment)}/mo
      </p>
      {financing.lines.length > 1 ? (
        <QuoteTable lines={financing.lines} total={financed} caption="Amount financed" />
      ) : null}
      <p className="muted">
        {financing.lines.length > 1 ? "The amount financed" : "The out-the-door price above"}, {formatMoney(financed)}{" "}
        with tax and fees, financed with nothing down over {loan.termMonths} months at {loan.aprPercent}% APR. APR from
        as low as {loanTerms.minimumAprPercent}%, terms of {loanTerms.minimumTermMonths} to{" "}
        {loanTerms.maximumTermMonths} months.
      </p>
      <button type="submit" className="button button--ghost">
        Update estimate
      </button>
      <p className="muted">{loanTerms.disclaimer}</p>
    </form>
  );
}
