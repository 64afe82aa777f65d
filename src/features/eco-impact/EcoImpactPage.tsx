import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "~/ui/links";
import {
  calculateEcoImpact,
  formatEco,
  milesPerWeekLimits,
  timeFrames,
  usageLabels,
  usageMultipliers,
  type EcoInput,
  type EcoInputProblem,
  type EcoResult,
  type TimeFrame,
  type UsageType,
} from "./calculate";
import { InfoCards } from "~/ui/InfoCards";
import { PageHero } from "~/ui/PageHero";
import { ecoBenefits, ecoFacts } from "./eco-impact-content";

const calculatingMs = 1500;
const celebrationMs = 3000;
const countUpMs = 1200;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Counts from 0 up to `target` each time `runKey` changes; shows the value at once if motion is reduced. */
function useCountUp(target: number, runKey: number): number {
  const [progress, setProgress] = useState<{ runKey: number; fraction: number } | null>(null);
  // runKey 0 is the server's result: no animation, so the hydrated markup matches.
  const animated = runKey !== 0 && !prefersReducedMotion();
  useEffect(() => {
    if (!animated) return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      // A frame's timestamp can precede `start`; clamp so the count never dips below 0.
      const elapsed = Math.min(Math.max((now - start) / countUpMs, 0), 1);
      setProgress({ runKey, fraction: 1 - (1 - elapsed) ** 3 });
      if (elapsed < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [runKey, animated]);
  if (!animated) return target;
  // Derived in render, not reset in an effect, so a new run's first paint is 0, never the final figure.
  return progress?.runKey === runKey ? target * progress.fraction : 0;
}

export interface EcoImpactPageProps {
  input: EcoInput;
  /** Present when the server already calculated (a submission without JavaScript). */
  result: EcoResult | null;
  problems: EcoInputProblem[];
}

export function EcoImpactPage({ input, result: serverResult, problems }: EcoImpactPageProps) {
  const [result, setResult] = useState<EcoResult | null>(serverResult);
  const [isCalculating, setIsCalculating] = useState(false);
  const [showCelebration, setShowCelebration] = useState(false);
  const [runKey, setRunKey] = useState(0);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  function calculate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: EcoInput = {
      milesPerWeek: Math.min(
        Math.max(Number(form.get("miles")) || milesPerWeekLimits.default, milesPerWeekLimits.min),
        milesPerWeekLimits.max,
      ),
      usage: String(form.get("usage")) as UsageType,
      years: Number(form.get("years")) as TimeFrame,
    };
    setIsCalculating(true);
    timers.current.push(
      window.setTimeout(() => {
        setResult(calculateEcoImpact(next));
        setRunKey((key) => key + 1);
        setIsCalculating(false);
        setShowCelebration(true);
        timers.current.push(window.setTimeout(() => setShowCelebration(false), celebrationMs));
      }, calculatingMs),
    );
  }

  return (
    <>
      <PageHero
        title={<>Eco-Impact Calculator</>}
        lead={<>See how much CO2, fuel and money an electric golf cart saves compared with a gas cart.</>}
      />
      <section className="container page-section eco-layout">
        <form
          method="get"
          action="/eco-impact"
          onSubmit={calculate}
          className="card"
          aria-labelledby="calculator-title"
        >
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
          <button type="submit" className="button button--primary" disabled={isCalculating}>
            {isCalculating ? "Calculating..." : "Calculate Impact"}
          </button>
        </form>
        <div aria-live="polite">
          {showCelebration ? <p className="eco-celebration">Great Choice for the Environment!</p> : null}
          {result ? (
            <Results result={result} runKey={runKey} />
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

function Results({ result, runKey }: { result: EcoResult; runKey: number }) {
  const co2 = useCountUp(result.co2Saved, runKey);
  const fuel = useCountUp(result.fuelSaved, runKey);
  const cost = useCountUp(result.costSaved, runKey);
  const trees = useCountUp(result.treesEquivalent, runKey);
  const electric = useCountUp(result.electricCost, runKey);
  const net = useCountUp(result.netSavings, runKey);
  const figures = [
    { label: "CO2 saved", value: formatEco.pounds(co2), testId: "eco-co2" },
    { label: "Fuel saved", value: formatEco.gallons(fuel), testId: "eco-fuel" },
    { label: "Fuel cost saved", value: formatEco.dollars(cost), testId: "eco-cost" },
    { label: "Trees equivalent", value: formatEco.trees(trees), testId: "eco-trees" },
    { label: "Electricity cost", value: formatEco.dollars(electric), testId: "eco-electric" },
    { label: "Net savings", value: formatEco.dollars(net), testId: "eco-net" },
  ];
  return (
    <dl className="eco-results">
      {figures.map((figure) => (
        <div key={figure.label} className="stat-tile">
          <dt>{figure.label}</dt>
          <dd data-testid={figure.testId}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
