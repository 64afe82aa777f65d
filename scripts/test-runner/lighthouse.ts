/**
 * Lighthouse on the production build, in two tables. Each page is scored over several rounds and
 * its median run counts (a gated page whose first run clears its gate with room to spare is taken
 * on that run: `clearMargin`). Prints the scores, the timings behind them and how fast the machine
 * was; exits 1 on a miss.
 *
 * 1. Lighthouse's default settings (mobile, simulated throttling), as PageSpeed Insights scores the
 *    live site, behind the compressing proxy as the edge compresses: one page of each kind plus a
 *    vehicle with a dozen photos, performance at least 98, LCP under 2.0 s, accessibility, best
 *    practices and SEO 100, on every page. The CPU slowdown is calibrated to the machine, as
 *    Lighthouse's throttling guide asks on a host slower or faster than PageSpeed Insights' own
 *    (cpu-slowdown.ts), from the median BenchmarkIndex of the runs so far: uncalibrated, this
 *    machine's index swung from 1,040 to 1,880 between runs and the same unchanged page scored 94 to
 *    100 on blocking time alone; calibrated to each run's own index, a moment's speed set the
 *    multiplier (see simulatedRound).
 *    `npm test` runs this table only (LIGHTHOUSE_THROTTLING=simulate). Issue 49 made the three
 *    scripted pages islands of a few KB, so no page's first paint waits on a script bundle; the gate
 *    was on the applied-throttling table below while they hydrated the whole app and scored 84 to
 *    98 here (docs/performance.md).
 * 2. Applied throttling ("devtools": the preset's slow 4G and 4x CPU slowdown applied to the browser
 *    while it loads), the same pages, printed for comparison without a gate: it measures what a
 *    phone on slow 4G would see rather than what PageSpeed Insights reports.
 *
 *   tsx scripts/test-runner/lighthouse.ts   (serves the existing build itself, behind a compressing proxy on
 *                                LIGHTHOUSE_PORT, default 4180, the way the edge serves it;
 *                                LIGHTHOUSE_RUNS rounds, default 3)
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { lighthousePaths as pageTypePaths } from "../../tests/support/page-types";
import { samplePhoto } from "../../tests/support/sample-photos";
import { chromiumArgs, chromiumPath, ensureChromium } from "./chromium";
import { calibratedCpuSlowdown } from "./cpu-slowdown";
import { startEdgeProxy } from "./edge-proxy";
import { startMeasuredPreview, waitForServer } from "./preview";
import { capture } from "../shared/run";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4180);
const previewPort = port + 1;
// Lighthouse talks to the compressing proxy, as a visitor would reach the edge.
const origin = `http://localhost:${port}`;
/**
 * Three rounds: over five on this machine, the median of the first three equalled the median of all
 * five on 14 of 17 pages and was within 2 points on the others, with the same pass or miss on every
 * gate (docs/performance.md), in 40% less time.
 */
const rounds = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * A gated page whose first run clears the performance minimum by this much, with full marks in the
 * other categories, is not measured again: load on the machine only ever costs points (a contended
 * run of / scored 78 where the page scores 98 alone; none scored above its quiet runs), so further
 * runs could only lower a median that would still pass. Pages nearer the line get all their rounds.
 */
const clearMargin = 3;
/** A run that ends in a Lighthouse error (the page never painted in time, say) measured nothing. */
const attemptsPerRun = 3;
const stateDirectory = process.env.E2E_STATE_DIR ?? ".wrangler/e2e-state";
/**
 * LIGHTHOUSE_BENCHMARK_INDEX=1000 scores every simulated run as if the machine had measured that
 * index, whatever it measured: the way to see the verdict a slower or faster host would reach.
 */
const pinnedBenchmarkIndex = readPinnedBenchmarkIndex(process.env.LIGHTHOUSE_BENCHMARK_INDEX);

function readPinnedBenchmarkIndex(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const index = Number(value);
  if (!Number.isFinite(index) || index <= 0) {
    throw new Error(`LIGHTHOUSE_BENCHMARK_INDEX must be a positive number, got "${value}"`);
  }
  return index;
}

/** A pre-owned cart with a dozen staff photos: the heaviest vehicle page a dealer is likely to make. */
const photographedVehicle = "ezgo-rxv-2019";
const photoCount = 12;
const photographedPath = `/vehicle/${photographedVehicle}`;
/** LIGHTHOUSE_PAGES=/a,/b measures only those pages, for looking into one page's score. */
const chosenPaths = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
const lighthousePaths = chosenPaths ?? [...pageTypePaths, photographedPath];

type Throttling = "devtools" | "simulate";
/** LIGHTHOUSE_THROTTLING=devtools or =simulate fills only that table, for looking into one of them. */
const chosenThrottling = process.env.LIGHTHOUSE_THROTTLING as Throttling | undefined;
const tables: readonly Throttling[] = chosenThrottling ? [chosenThrottling] : ["simulate", "devtools"];

interface Table {
  title: string;
  paths: readonly string[];
  /** Whether a page's scores must reach the minimums, or are printed only. */
  gated: (path: string) => boolean;
}

/** Gives the cart its photos with the staff's own command, unless an earlier run already did. */
async function photographVehicle(): Promise<void> {
  const target = ["--persist-to", stateDirectory];
  const listed = capture("npm", ["run", "-s", "catalogue", "--", "photos", "list", photographedVehicle, ...target]);
  if (/has 12 photos/.test(listed)) return;
  const folder = mkdtempSync(path.join(tmpdir(), "lighthouse-photos-"));
  try {
    const files: string[] = [];
    for (let index = 0; index < photoCount; index += 1) {
      const file = path.join(folder, `photo-${index + 1}.jpg`);
      // Wider than the largest rendition (1600), so every size is made, as from a phone's photo; the
      // page's weight is the renditions', whatever the original's size.
      writeFileSync(file, await samplePhoto({ colour: `hsl(${index * 30}, 55%, 45%)`, width: 2000, height: 1500 }));
      files.push(file);
    }
    console.log(
      capture("npm", ["run", "-s", "catalogue", "--", "photos", "add", photographedVehicle, ...files, ...target]),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** LIGHTHOUSE_REPORTS=folder keeps every run's full report there, to open in the Lighthouse viewer. */
function saveReport(pagePath: string, round: number, throttling: Throttling, lhr: LighthouseResult): void {
  const folder = process.env.LIGHTHOUSE_REPORTS;
  if (!folder) return;
  const name = `${pagePath.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}-${throttling}-${round}.json`;
  writeFileSync(path.join(folder, name), JSON.stringify(lhr));
}

/** The JavaScript a page loaded, compressed as sent: what the budgets count. */
function scriptKilobytes(lhr: LighthouseResult): number {
  const details = lhr.audits["resource-summary"]?.details as
    { items?: { resourceType?: string; transferSize?: number }[] } | undefined;
  const scripts = details?.items?.find((item) => item.resourceType === "script");
  return (scripts?.transferSize ?? 0) / 1024;
}

/**
 * Performance 98 under the default settings, as issue 49 asks of every page: plain documents and
 * the islands' pages alike have no script their first paint waits on, so the margin below 100 is the
 * machine's, not the site's.
 */
const minimum = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 } as const;
/**
 * Largest Contentful Paint under 2.0 s on every gated page (issue 49), well inside web.dev's 2.5 s
 * "good": the score alone could hide a slow hero behind a fast everything-else.
 */
const largestPaintLimitMs = 2000;
const categories = Object.keys(minimum) as (keyof typeof minimum)[];
const metricAudits = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;
const metricHeadings: Record<(typeof metricAudits)[number], string> = {
  "first-contentful-paint": "FCP ms",
  "largest-contentful-paint": "LCP ms",
  "total-blocking-time": "TBT ms",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI ms",
};

function formatMetric(id: (typeof metricAudits)[number], value: number): string {
  return id === "cumulative-layout-shift" ? value.toFixed(3) : value.toFixed(0);
}

function score(lhr: LighthouseResult, category: keyof typeof minimum): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** What the page logged as errors, so a best-practices miss says what went wrong. */
function consoleErrors(lhr: LighthouseResult): string[] {
  const details = lhr.audits["errors-in-console"]?.details as { items?: { description?: string }[] } | undefined;
  return (details?.items ?? []).map((item) => String(item.description ?? "").slice(0, 300));
}

type LighthouseFlags = NonNullable<Parameters<typeof lighthouse>[1]>;

function lighthouseFlags(chromePort: number, throttling: Throttling): LighthouseFlags {
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

const runProblem = (lhr: LighthouseResult | undefined) =>
  lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : lhr ? "" : "no result";

/** One applied-throttling run of a page; a run that errored is tried again, its error kept if it persists. */
async function measureApplied(url: string, chromePort: number): Promise<LighthouseResult | string> {
  let problem = "";
  for (let attempt = 1; attempt <= attemptsPerRun; attempt += 1) {
    const lhr = (await lighthouse(url, lighthouseFlags(chromePort, "devtools")))?.lhr;
    problem = runProblem(lhr);
    if (!problem) return lhr!;
    console.warn(`Lighthouse run of ${url} failed (attempt ${attempt} of ${attemptsPerRun}): ${problem}`);
  }
  return problem;
}

/** A simulated run's page load, saved by Lighthouse's gather mode and not yet scored. */
interface Gathering {
  url: string;
  folder: string;
  benchmarkIndex: number;
}

async function gather(url: string, chromePort: number): Promise<Gathering> {
  const folder = mkdtempSync(path.join(tmpdir(), "lighthouse-run-"));
  await lighthouse(url, { ...lighthouseFlags(chromePort, "simulate"), gatherMode: folder });
  const artifacts = JSON.parse(readFileSync(path.join(folder, "artifacts.json"), "utf8")) as {
    BenchmarkIndex?: number;
  };
  return { url, folder, benchmarkIndex: artifacts.BenchmarkIndex ?? Number.NaN };
}

/**
 * Scores a gathering under `cpuSlowdownMultiplier`. Lighthouse refuses to score saved artifacts under
 * settings other than those they were gathered with, so the multiplier is written into both.
 */
async function scoreGathering(gathering: Gathering, chromePort: number, cpuSlowdownMultiplier: number) {
  const artifactsFile = path.join(gathering.folder, "artifacts.json");
  const artifacts = JSON.parse(readFileSync(artifactsFile, "utf8")) as {
    settings: { throttling: { cpuSlowdownMultiplier: number } };
  };
  artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
  writeFileSync(artifactsFile, JSON.stringify(artifacts));
  try {
    return (
      await lighthouse(gathering.url, {
        ...lighthouseFlags(chromePort, "simulate"),
        auditMode: gathering.folder,
        throttling: { cpuSlowdownMultiplier },
      })
    )?.lhr;
  } finally {
    rmSync(gathering.folder, { recursive: true, force: true });
  }
}

/**
 * One simulated round: every page is gathered first, then all are scored with one CPU slowdown,
 * calibrated to the median BenchmarkIndex of every gathering so far (`benchmarkIndexes`, which this
 * adds to). The calibration is of the machine, as Lighthouse's guide means it, not of a moment: one
 * clean clone measured 1,148 to 1,991 within three minutes, and a run whose own index caught a fast
 * moment (×5.2) while its page loaded in a slow one scored a script-free page 91.
 */
async function simulatedRound(
  urls: readonly string[],
  chromePort: number,
  benchmarkIndexes: number[],
): Promise<Map<string, LighthouseResult | string>> {
  const results = new Map<string, LighthouseResult | string>();
  let pending = [...urls];
  for (let attempt = 1; attempt <= attemptsPerRun && pending.length > 0; attempt += 1) {
    const gatherings: Gathering[] = [];
    for (const url of pending) gatherings.push(await gather(url, chromePort));
    benchmarkIndexes.push(...gatherings.map((gathering) => gathering.benchmarkIndex).filter(Number.isFinite));
    const multiplier = calibratedCpuSlowdown(
      pinnedBenchmarkIndex ?? (benchmarkIndexes.length > 0 ? median(benchmarkIndexes) : Number.NaN),
    );
    const failed: string[] = [];
    for (const gathering of gatherings) {
      const lhr = await scoreGathering(gathering, chromePort, multiplier);
      const problem = runProblem(lhr);
      results.set(gathering.url, problem || lhr!);
      if (!problem) continue;
      failed.push(gathering.url);
      console.warn(`Lighthouse run of ${gathering.url} failed (attempt ${attempt} of ${attemptsPerRun}): ${problem}`);
    }
    pending = failed;
  }
  return results;
}

interface Measured {
  runs: Map<string, LighthouseResult[]>;
  errors: Map<string, string>;
}

/**
 * Rounds over all pages rather than all runs of one page in a row: a slow spell on a shared machine
 * then costs one run of several pages, which the median absorbs, instead of sinking every run of
 * whichever page it happened to fall on.
 */
async function measureAll(
  paths: readonly string[],
  chromePort: number,
  throttling: Throttling,
  gated: boolean,
): Promise<Measured> {
  const runs = new Map<string, LighthouseResult[]>(paths.map((path) => [path, []]));
  const errors = new Map<string, string>();
  const benchmarkIndexes: number[] = [];
  const settled = (path: string) => {
    const pageRuns = runs.get(path)!;
    return gated && pageRuns.length === 1 && clearsGate(pageRuns[0]!);
  };
  for (let round = 1; round <= rounds; round += 1) {
    const roundPaths = paths.filter((path) => !settled(path));
    const simulated =
      throttling === "simulate"
        ? await simulatedRound(
            roundPaths.map((path) => `${origin}${path}`),
            chromePort,
            benchmarkIndexes,
          )
        : undefined;
    for (const path of roundPaths) {
      const url = `${origin}${path}`;
      const result = simulated ? simulated.get(url)! : await measureApplied(url, chromePort);
      if (typeof result === "string") {
        errors.set(path, result);
        continue;
      }
      runs.get(path)!.push(result);
      saveReport(path, round, throttling, result);
    }
    console.log(
      `Lighthouse (${throttling} throttling) round ${round} of ${rounds} done` +
        (gated ? `; ${paths.filter(settled).length} of ${paths.length} pages settled on their first run` : ""),
    );
    if (paths.every(settled)) break;
  }
  return { runs, errors };
}

/** A run good enough to stand alone: see `clearMargin`. */
function clearsGate(lhr: LighthouseResult): boolean {
  const largestPaint = lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY;
  return (
    largestPaint < largestPaintLimitMs &&
    categories.every(
      (category) =>
        score(lhr, category) >= Math.min(100, minimum[category] + (category === "performance" ? clearMargin : 0)),
    )
  );
}

/** Prints one table; returns what missed its gate. */
function report({ title, paths, gated }: Table, { runs, errors }: Measured): string[] {
  const failures: string[] = [];
  console.log(`\n${title}`);
  console.log(
    "page".padEnd(32) +
      "perf".padStart(7) +
      "range".padStart(12) +
      ["a11y", "best", "seo"].map((heading) => heading.padStart(7)).join("") +
      metricAudits.map((id) => metricHeadings[id].padStart(9)).join("") +
      "JS KB".padStart(8) +
      "CPU ×".padStart(7) +
      "  gate",
  );
  for (const path of paths) {
    const pageRuns = runs.get(path)!;
    const error = errors.get(path);
    if (error) failures.push(`${path}: a Lighthouse run kept failing (${error})`);
    if (pageRuns.length === 0) {
      console.log(`${path.padEnd(32)}   no successful run`);
      continue;
    }
    const byPerformance = [...pageRuns].sort((a, b) => score(a, "performance") - score(b, "performance"));
    const lhr = byPerformance[Math.floor(byPerformance.length / 2)]!;
    const range = `${score(byPerformance[0]!, "performance")}-${score(byPerformance.at(-1)!, "performance")} ×${pageRuns.length}`;
    const scores = categories.map((category) => score(lhr, category));
    const metrics = metricAudits.map((id) => lhr.audits[id]?.numericValue ?? Number.NaN);
    const isGated = gated(path);
    console.log(
      path.padEnd(32) +
        String(scores[0]).padStart(7) +
        range.padStart(12) +
        scores
          .slice(1)
          .map((value) => String(value).padStart(7))
          .join("") +
        metrics.map((value, index) => formatMetric(metricAudits[index]!, value).padStart(9)).join("") +
        scriptKilobytes(lhr).toFixed(1).padStart(8) +
        lhr.configSettings.throttling.cpuSlowdownMultiplier.toFixed(1).padStart(7) +
        (isGated ? "  yes" : "  no"),
    );
    if (!isGated) continue;
    const largestPaint = lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY;
    if (largestPaint >= largestPaintLimitMs) {
      failures.push(`${path} largest contentful paint ${largestPaint.toFixed(0)} ms >= ${largestPaintLimitMs} ms`);
    }
    categories.forEach((category, index) => {
      if (scores[index]! >= minimum[category]) return;
      const audits = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
        .slice(0, 6)
        .map((audit) => audit.id);
      failures.push(
        `${path} ${category} ${scores[index]} < ${minimum[category]} (failing audits: ${audits.join(", ")})`,
      );
      for (const item of consoleErrors(lhr)) failures.push(`  console: ${item}`);
    });
  }
  return failures;
}

async function main(): Promise<number> {
  if (!ensureChromium()) return 1;
  await photographVehicle();
  const server = startMeasuredPreview({ port: previewPort, stateDirectory });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const proxy = await startEdgeProxy(port, previewPort);
  const settings: Record<Throttling, Table> = {
    simulate: {
      title:
        `Lighthouse, default settings (mobile, simulated throttling, as PageSpeed Insights), compressed as the` +
        " edge compresses, CPU slowdown calibrated to the median BenchmarkIndex of the runs so far (CPU ×)," +
        ` median of ${rounds} runs per page, or one run scoring 100 with full marks elsewhere` +
        ` (perf range across the runs, and their count); /vehicle/${photographedVehicle} carries ${photoCount}` +
        " staff photos",
      paths: lighthousePaths,
      gated: () => true,
    },
    devtools: {
      title:
        `Lighthouse, mobile preset with slow 4G and 4x CPU applied, median of ${rounds} runs per page,` +
        " printed for comparison (no gate: see the file's comment)",
      paths: lighthousePaths,
      gated: () => false,
    },
  };
  const measured = new Map<Throttling, Measured>();
  try {
    await waitForServer(`${origin}/`);
    // A visitor meets pages and files the edge already holds; fill its caches before measuring.
    for (const path of new Set(tables.flatMap((throttling) => settings[throttling].paths))) {
      const page = await (await fetch(`${origin}${path}`)).text();
      for (const file of new Set(page.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])) {
        await (await fetch(`${origin}${file}`, { headers: { "Accept-Encoding": "br" } })).arrayBuffer();
      }
    }
    for (const throttling of tables) {
      const table = settings[throttling];
      measured.set(throttling, await measureAll(table.paths, chrome.port, throttling, table.paths.some(table.gated)));
    }
  } finally {
    await chrome.kill();
    proxy.close();
    server.kill();
  }

  const failures = [...measured].flatMap(([throttling, result]) => report(settings[throttling], result));
  const benchmarkIndexes = [...measured.values()].flatMap(({ runs }) =>
    [...runs.values()].flat().map((lhr) => lhr.environment.benchmarkIndex),
  );
  if (benchmarkIndexes.length > 0) {
    // Lighthouse's own CPU benchmark: when scores drop, this says whether the machine was slow.
    console.log(
      `\nMachine speed (Lighthouse BenchmarkIndex): median ${median(benchmarkIndexes).toFixed(0)}, ` +
        `lowest ${Math.min(...benchmarkIndexes).toFixed(0)}, highest ${Math.max(...benchmarkIndexes).toFixed(0)}`,
    );
  }
  console.log("");
  for (const failure of failures) console.error(failure);
  return failures.length > 0 ? 1 : 0;
}

process.exit(await main());
