import { tradeInOfferDays, tradeInTextLimits } from "~/config/trade-in-options";
import { visibleLines, visibleText } from "~/lib/visible-text";
import type { StaffTradeInView, TradeInAnswerOutcome } from "./staff-trade-ins.server";
import { StaffInput } from "./StaffVehicleFields";

export interface StaffTradeInPageProps {
  trade: StaffTradeInView;
  outcome?: TradeInAnswerOutcome;
}

/**
 * One trade-in for staff on a phone: the cart, its photos, who to call, and the answer: a value
 * range, a note and how long it holds, posted as a plain form with the version the page showed.
 */
export function StaffTradeInPage({ trade, outcome }: StaffTradeInPageProps) {
  const values = outcome?.values ?? {};
  const fields = outcome?.fields ?? {};
  return (
    <div className="container page-section staff-page">
      <h1>Trade-in: {visibleText(trade.cart)}</h1>
      {outcome ? (
        <p role="status" className={outcome.changed ? "staff-page__done" : "field__error"}>
          {outcome.message}
        </p>
      ) : null}
      <p>
        Status: <strong data-testid="staff-trade-in-state">{trade.answer ? "Answered" : "Waiting"}</strong> ·{" "}
        {trade.waited}
      </p>
      <dl className="facts-list">
        <div>
          <dt>Customer</dt>
          <dd>{visibleText(trade.name)}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            {trade.phoneHref ? <a href={trade.phoneHref}>{visibleText(trade.phone)}</a> : visibleText(trade.phone)}
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{visibleText(trade.email)}</dd>
        </div>
        {trade.facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{visibleText(value)}</dd>
          </div>
        ))}
      </dl>
      <h2>Condition, as the customer wrote it</h2>
      <blockquote>{visibleLines(trade.conditionNotes)}</blockquote>
      <h2>Photos ({trade.photos.length})</h2>
      {trade.photos.length === 0 ? <p>No photos were sent.</p> : null}
      <ul className="staff-page__list">
        {trade.photos.map((photo) => (
          <li key={photo.src}>
            <a href={photo.src}>
              <img src={photo.src} alt={photo.label} width={320} loading="lazy" style={{ height: "auto" }} />
            </a>
            <br />
            {photo.label}
          </li>
        ))}
      </ul>
      {trade.answer ? (
        <section aria-labelledby="trade-in-answer">
          <h2 id="trade-in-answer">Our answer</h2>
          <p data-testid="staff-trade-in-answer">
            {trade.answer.range}
            {trade.answer.until ? `, holding until ${trade.answer.until}` : ""}: by {trade.answer.by} at{" "}
            {trade.answer.at}
          </p>
          {trade.answer.note ? <p>{visibleLines(trade.answer.note)}</p> : null}
        </section>
      ) : null}
      <h2>{trade.answer ? "Answer again (a new value replaces it)" : "Answer with a value"}</h2>
      <form method="post" className="staff-form">
        <input type="hidden" name="version" value={trade.version} />
        <StaffInput
          name="low"
          label="Lowest value (US dollars)"
          inputMode="decimal"
          error={fields.low}
          defaultValue={values.low}
          required
        />
        <StaffInput
          name="high"
          label="Highest value (US dollars)"
          inputMode="decimal"
          error={fields.high}
          defaultValue={values.high}
          required
        />
        <StaffInput
          name="days"
          label="The offer holds for (days)"
          inputMode="numeric"
          error={fields.days}
          defaultValue={values.days ?? String(tradeInOfferDays.suggested)}
          required
        />
        <div className="field">
          <label htmlFor="field-note">Note to the customer (optional)</label>
          <textarea
            id="field-note"
            name="note"
            rows={3}
            maxLength={tradeInTextLimits.offerNote}
            defaultValue={values.note}
          />
          {fields.note ? <p className="field__error">{fields.note}</p> : null}
        </div>
        <p className="staff-page__buttons">
          <button type="submit" className="button button--primary">
            Send the value to the customer
          </button>
        </p>
      </form>
      <p className="staff-page__buttons">
        <a className="button button--ghost" href={trade.newArrivalHref}>
          Start a new arrival from it
        </a>
      </p>
    </div>
  );
}
