/**
 * The hostile-input suites' number of generated cases: their everyday count in `npm test`, ten times
 * that in `npm run soak` (SOAK=1), as tests/worker/property-runs.ts does for the Worker's property
 * tests.
 */
export function soakRuns(everyday: number): number {
  return process.env.SOAK === "1" ? everyday * 10 : everyday;
}
