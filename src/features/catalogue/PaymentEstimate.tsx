import { loanTerms } from "~/config/loan-terms";
import { loanDisclosure, type LoanChoice } from "~/features/financing/monthly-payment";
import { formatMoney } from "~/lib/format";

/** A GET form's answer keeps its action's fragment, so the new page opens here. */
const estimateAnchor = "payment-estimate";

export interface PaymentEstimateProps {
  /** What it finances: the out-the-door total, with nothing down. */
  amountFinanced: number;
  loan: LoanChoice;
  /** The out-the-door price's delivery town, sent along so that updating the estimate keeps it; null for a pickup. */
  town: string | null;
}

/**
 * Monthly payment on the out-the-door price at the APR and term the visitor picked, already brought
 * within the estimate's bounds by the page's loader. A plain GET form: the server works out the
 * figure, and the answer opens at the estimate rather than the top of the page. A payment is never
 * shown without its down payment, number of payments and annual percentage rate (`loanDisclosure`).
 */
export function PaymentEstimate({ amountFinanced, loan, town }: PaymentEstimateProps) {
  const financed = amountFinanced;
  const disclosure =
    loan.aprPercent === null
      ? null
      : loanDisclosure(financed, { aprPercent: loan.aprPercent, termMonths: loan.termMonths });
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
            min={0}
            max={loanTerms.maximumAprPercent}
            step="0.01"
            defaultValue={loan.aprPercent ?? ""}
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
      {disclosure ? (
        <p className="payment-estimate__amount" aria-live="polite" data-testid="monthly-payment">
          {formatMoney(disclosure.payment)}/mo
        </p>
      ) : (
        <p aria-live="polite" data-testid="estimate-prompt">
          {loanTerms.estimatePrompt}
        </p>
      )}
      {disclosure ? (
        <p className="muted" data-testid="estimate-disclosure">
          The out-the-door price above, {formatMoney(financed)}, financed with {disclosure.terms}
        </p>
      ) : null}
      <button type="submit" className="button button--ghost">
        Update estimate
      </button>
      <p className="muted">{loanTerms.disclaimer}</p>
    </form>
  );
}
