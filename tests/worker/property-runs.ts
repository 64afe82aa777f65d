import { env } from "cloudflare:test";

/**
 * A property test's number of generated cases: its everyday count in `npm test`, ten times that in
 * `npm run soak`, which spends the minutes looking for the rare case that `npm test` cannot afford
 * on every run. vitest.config.ts passes the factor in as a binding, since workerd has no process.env.
 */
export function propertyRuns(everyday: number): number {
  return everyday * Number(env.PROPERTY_RUNS_FACTOR ?? "1");
}
