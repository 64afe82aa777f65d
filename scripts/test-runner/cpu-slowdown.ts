/**
 * The CPU slowdown that makes this machine stand in for the phone Lighthouse's mobile settings
 * describe, from the BenchmarkIndex Lighthouse measures at the start of each run (the caller passes the
 * median of several: one run's index is a moment's).
 *
 * Lighthouse's default 4x assumes a high-end desktop host (BenchmarkIndex 1500-2000, where PageSpeed
 * Insights runs), and its throttling guide says to calibrate the multiplier on any other host
 * (GoogleChrome/lighthouse docs/throttling.md, "Calibrating the CPU slowdown"). The figures are
 * those of the calculator that guide links (lighthouse-cpu-throttling-calculator: 1300 = 3x,
 * 1533 = 4x, 1766 = 5x, 2000 = 6x; 800 = 2x; 150 = 1x). The two-core test machine measures 1,040 to
 * 1,880 from one run to the next, so an uncalibrated 4x emulated a different phone on every run.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return defaultCpuSlowdown;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** Lighthouse's own mobile default, used when a run measured no BenchmarkIndex. */
export const defaultCpuSlowdown = 4;
