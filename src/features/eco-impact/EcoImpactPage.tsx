import { Link } from "~/ui/links";
import {
  ecoFigures,
  milesPerWeekLimits,
  timeFrames,
  usageLabels,
  usageMultipliers,
  type EcoInput,
  type EcoInputProblem,
  type EcoResult,
  type UsageType,
} from "./calculate";
import { InfoCards } from "~/ui/InfoCards";
import { PageHero } from "~/ui/PageHero";
import { ecoBenefits, ecoFacts } from "./eco-impact-content";

export interface EcoImpactPageProps {
  input: EcoInput;
  /** Present when the server already calculated (a submission without JavaScript). */
  result: EcoResult | null;
  problems: EcoInputProblem[];
}

/**
 * The calculator as the server renders it: without JavaScript the form asks the page again with
 * its figures in the address, and the loader calculates. With JavaScript eco-impact.island.ts
 * calculates in the browser with the same formula, counts the figures up and celebrates; it finds
 * the form, the button and the live region by the classes below.
 */
export function EcoImpactPage({ input, result, problems }: EcoImpactPageProps) {
  return (
    <>
      <PageHero
        title={<>Eco-Impact Calculator</>}
        lead={<>See how much CO2, fuel and money an electric golf cart saves compared with a gas cart.</>}
      />
      <section className="container page-section eco-layout">
        <form method="get" action="/eco-impact" className="card eco-form" aria-labelledby="calculator-title">
          <h2 id="calculator-title">Your driving</h2>
          {problems.map((problem) => (
            <p key={problem.field} className="field__error" role="alert">
              {problem.message}
            </p>
          ))}
          <div className="field">
            <label htmlFor="eco-miles">Miles per week</label>
            <input
              id="eco-miles"
              name="miles"
              type="number"
              min={milesPerWeekLimits.min}
              max={milesPerWeekLimits.max}
              defaultValue={input.milesPerWeek}
              required
            />
          </div>
          <div className="field">
            <label htmlFor="eco-usage">Usage type</label>
            <select id="eco-usage" name="usage" defaultValue={input.usage}>
              {(Object.keys(usageMultipliers) as UsageType[]).map((usage) => (
                <option key={usage} value={usage}>
                  {usageLabels[usage]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="eco-years">Time frame</label>
            <select id="eco-years" name="years" defaultValue={input.years}>
              {timeFrames.map((years) => (
                <option key={years} value={years}>
                  {years} {years === 1 ? "year" : "years"}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--primary">
            Calculate Impact
          </button>
        </form>
        <div aria-live="polite" className="eco-live">
          {result ? (
            <Results result={result} />
          ) : (
            <p className="muted">Enter your driving and press Calculate Impact.</p>
          )}
        </div>
      </section>
      <section className="section-alt page-section">
        <div className="container">
          <h2 className="section-heading">Why electric</h2>
          <InfoCards items={ecoBenefits} />
        </div>
      </section>
      <section className="container page-section">
        <h2 className="section-heading">The facts</h2>
        <div className="grid">
          {ecoFacts.map((fact) => (
            <div key={fact.value} className="card eco-fact">
              <p className="eco-fact__value">{fact.value}</p>
              <p>{fact.text}</p>
            </div>
          ))}
        </div>
        <div className="button-row page-section">
          <Link to="/inventory" className="button button--primary">
            Find your electric cart
          </Link>
          <Link to="/contact" className="button button--ghost">
            Talk to us
          </Link>
        </div>
      </section>
    </>
  );
}

function Results({ result }: { result: EcoResult }) {
  return (
    <dl className="eco-results">
      {ecoFigures.map((figure) => (
        <div key={figure.key} className="stat-tile">
          <dt>{figure.label}</dt>
          <dd data-testid={figure.testId}>{figure.format(result[figure.key])}</dd>
        </div>
      ))}
    </dl>
  );
}
