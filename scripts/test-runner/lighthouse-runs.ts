/**
 * One Lighthouse run of a page, in the two halves its simulated throttling allows: the page load
 * gathered once (Lighthouse's gather mode), then scored under whichever CPU slowdown the caller
 * chooses, as often as it needs (audit mode).
 */
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type Throttling = "devtools" | "simulate";
export type LighthouseFlags = NonNullable<Parameters<typeof lighthouse>[1]>;

export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof categories)[number];

/** A run that ends in a Lighthouse error (the page never painted in time, say) measured nothing. */
export const attemptsPerRun = 3;

/** Every category, as PageSpeed Insights runs them. */
export function fullFlags(chromePort: number, throttling: Throttling): LighthouseFlags {
  return {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: [...categories],
    throttlingMethod: throttling,
    // The report's page picture: no score reads it, and it took about 1.3 s of each run.
    disableFullPageScreenshot: true,
  };
}

/**
 * The LCP alone, with the page's scripts or without (`blockedUrlPatterns`): no accessibility or
 * coverage gatherers run, so the load is the page's own and a run takes less time.
 */
export function largestPaintFlags(chromePort: number, blockScripts: boolean): LighthouseFlags {
  return {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyAudits: ["largest-contentful-paint"],
    throttlingMethod: "simulate",
    disableFullPageScreenshot: true,
    ...(blockScripts ? { blockedUrlPatterns: ["*.js"] } : {}),
  };
}

export const runProblem = (lhr: LighthouseResult | undefined) =>
  lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : lhr ? "" : "no result";

/** A simulated run's page load, saved by Lighthouse's gather mode and not yet scored. */
export interface Gathering {
  url: string;
  folder: string;
  flags: LighthouseFlags;
  benchmarkIndex: number;
  /** artifacts.json as gathered: each scoring writes its own settings into a copy. */
  artifacts: string;
}

export async function gather(url: string, flags: LighthouseFlags): Promise<Gathering> {
  const folder = mkdtempSync(path.join(tmpdir(), "lighthouse-run-"));
  await lighthouse(url, { ...flags, gatherMode: folder });
  const artifacts = readFileSync(path.join(folder, "artifacts.json"), "utf8");
  const benchmarkIndex = (JSON.parse(artifacts) as { BenchmarkIndex?: number }).BenchmarkIndex ?? Number.NaN;
  return { url, folder, flags, benchmarkIndex, artifacts };
}

/**
 * Scores a gathering under `cpuSlowdownMultiplier`, with every audit of its flags or only `audits`.
 * Lighthouse refuses to score saved artifacts under settings other than those they were gathered
 * with, so the multiplier (and the audit list) is written into both.
 */
export async function score(
  gathering: Gathering,
  cpuSlowdownMultiplier: number,
  audits?: readonly string[],
): Promise<LighthouseResult | undefined> {
  const only = audits ? { onlyAudits: [...audits], onlyCategories: null } : {};
  const artifacts = JSON.parse(gathering.artifacts) as {
    settings: { throttling: { cpuSlowdownMultiplier: number } } & Record<string, unknown>;
  };
  artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
  Object.assign(artifacts.settings, only);
  writeFileSync(path.join(gathering.folder, "artifacts.json"), JSON.stringify(artifacts));
  const result = await lighthouse(gathering.url, {
    ...gathering.flags,
    ...only,
    auditMode: gathering.folder,
    throttling: { cpuSlowdownMultiplier },
  });
  return result?.lhr;
}

export function discard(gathering: Gathering): void {
  rmSync(gathering.folder, { recursive: true, force: true });
}

/**
 * One simulated run scored at once under `cpuSlowdownMultiplier`, for a caller that knows the
 * multiplier before the load (a gather and a separate scoring each resolve Lighthouse's config and
 * write the artifacts to disk: about a second more a run). A run that errored, or whose `metric`
 * has no value (one load in 18 had no LCP), is tried again, its error kept if it persists.
 */
export async function measureSimulated(
  url: string,
  flags: LighthouseFlags,
  cpuSlowdownMultiplier: number,
  metric: string,
): Promise<LighthouseResult | string> {
  let problem = "";
  for (let attempt = 1; attempt <= attemptsPerRun; attempt += 1) {
    const lhr = (await lighthouse(url, { ...flags, throttling: { cpuSlowdownMultiplier } }))?.lhr;
    const audit = lhr?.audits[metric];
    problem =
      runProblem(lhr) ||
      (Number.isFinite(audit?.numericValue) ? "" : `${metric}: ${audit?.errorMessage ?? "no value"}`);
    if (!problem) return lhr!;
    console.warn(`Lighthouse run of ${url} failed (attempt ${attempt} of ${attemptsPerRun}): ${problem}`);
  }
  return problem;
}

/** One applied-throttling run of a page; a run that errored is tried again, its error kept if it persists. */
export async function measureApplied(url: string, chromePort: number): Promise<LighthouseResult | string> {
  let problem = "";
  for (let attempt = 1; attempt <= attemptsPerRun; attempt += 1) {
    const lhr = (await lighthouse(url, fullFlags(chromePort, "devtools")))?.lhr;
    problem = runProblem(lhr);
    if (!problem) return lhr!;
    console.warn(`Lighthouse run of ${url} failed (attempt ${attempt} of ${attemptsPerRun}): ${problem}`);
  }
  return problem;
}
