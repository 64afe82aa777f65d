/**
 * Lighthouse on the production build, behind the compressing proxy as the edge compresses. Prints
 * the scores, the timings behind them and how fast the machine was; exits 1 on a miss.
 *
 * 1. Lighthouse's default settings (mobile, simulated throttling), as PageSpeed Insights scores the
 *    live site: one page of each kind plus a vehicle with a dozen photos, one run each. The gate is
 *    on what the page controls and Lighthouse measures the same on any host (lighthouse-gate.ts:
 *    its scripts and their bytes, what its first paint waits on, whether an LCP image is found in
 *    the HTML and loaded eagerly, layout shift, DOM size, image bytes) and on accessibility, best
 *    practices and SEO at 100. The performance score, LCP and blocking time are printed beside it,
 *    not gated: they come from a simulation whose CPU slowdown is calibrated to the host
 *    (cpu-slowdown.ts), and a faster host's x9 failed pages with no script on layout alone while
 *    Lighthouse's own defaults gave them 100 (issue 55). Each page's load is also scored at both
 *    ends of the range the calibration is for (BenchmarkIndex 1,000 and 3,000), and a gated figure
 *    that differs between them fails the stage: the host's speed cannot flip the verdict.
 *    The scripted pages are then loaded three times with their script and three times with it
 *    blocked, and their median LCPs printed side by side: what the island costs the first paint.
 *    `npm test` runs this table only (LIGHTHOUSE_THROTTLING=simulate).
 * 2. Applied throttling ("devtools": the preset's slow 4G and 4x CPU slowdown applied to the browser
 *    while it loads), the same pages, median of LIGHTHOUSE_RUNS (3), printed for comparison without
 *    a gate: what a phone on slow 4G would see rather than what PageSpeed Insights reports.
 *
 *   tsx scripts/test-runner/lighthouse.ts   (serves the existing build itself, behind a compressing proxy on
 *                                LIGHTHOUSE_PORT, default 4180, the way the edge serves it)
 */
import * as chromeLauncher from "chrome-launcher";
import type { Result as LighthouseResult } from "lighthouse";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { lighthousePaths as pageTypePaths, pageTypes } from "../../tests/support/page-types";
import { javaScriptBudgets } from "../../tests/support/script-budgets";
import { chromiumArgs, chromiumPath, ensureChromium } from "./chromium";
import { calibratedCpuSlowdown } from "./cpu-slowdown";
import { startEdgeProxy } from "./edge-proxy";
import {
  factsThatDiffer,
  gatedAudits,
  gateFacts,
  gateProblems,
  type GateFacts,
  type PageExpectation,
} from "./lighthouse-gate";
import {
  categories,
  discard,
  fullFlags,
  gather,
  largestPaintFlags,
  measureApplied,
  measureSimulated,
  runProblem,
  score,
  attemptsPerRun,
  type Category,
  type Gathering,
  type Throttling,
} from "./lighthouse-runs";
import { addPhotos, hasPhotos, photoCount, photographedPath, photographedVehicle } from "./lighthouse-photos";
import { startMeasuredPreview, waitForServer } from "./preview";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4180);
const previewPort = port + 1;
// Lighthouse talks to the compressing proxy, as a visitor would reach the edge.
const origin = `http://localhost:${port}`;
/**
 * Three loads of each scripted page with its script and three without for the LCP comparison, and
 * three of each page in the applied-throttling table: over five on this machine, the median of the
 * first three equalled the median of all five on 14 of 17 pages and was within 2 points on the
 * others (docs/performance.md), in 40% less time.
 */
const rounds = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const stateDirectory = process.env.E2E_STATE_DIR ?? ".wrangler/e2e-state";
/**
 * LIGHTHOUSE_BENCHMARK_INDEX=1000 scores every simulated run as if the machine had measured that
 * index, whatever it measured: the way to see the verdict a slower or faster host would reach.
 */
const pinnedBenchmarkIndex = readPinnedBenchmarkIndex(process.env.LIGHTHOUSE_BENCHMARK_INDEX);
/**
 * The hosts the calibration is for: Chrome's own calibration takes 1,000 as a mid-tier phone, this
 * machine measures 1,040 to 1,880 and a faster one 2,268 to 2,704 (issue 55).
 */
const calibratedRange = [1000, 3000] as const;

function readPinnedBenchmarkIndex(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const index = Number(value);
  if (!Number.isFinite(index) || index <= 0) {
    throw new Error(`LIGHTHOUSE_BENCHMARK_INDEX must be a positive number, got "${value}"`);
  }
  return index;
}

/** LIGHTHOUSE_PAGES=/a,/b measures only those pages, for looking into one page. */
const chosenPaths = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
const lighthousePaths = chosenPaths ?? [...pageTypePaths, photographedPath];

/** LIGHTHOUSE_THROTTLING=devtools or =simulate fills only that table, for looking into one of them. */
const chosenThrottling = process.env.LIGHTHOUSE_THROTTLING as Throttling | undefined;
const tables: readonly Throttling[] = chosenThrottling ? [chosenThrottling] : ["simulate", "devtools"];

/** What the page registry says of a measured page: the photographed cart is a vehicle page. */
function expectationOf(pagePath: string): PageExpectation {
  const type = pageTypes.find((candidate) => candidate.path === pagePath);
  const scripted = type ? !type.isPlain : false;
  return { scripted, scriptBudgetBytes: type ? (javaScriptBudgets[type.name] ?? 0) : 0 };
}

/** A visitor meets pages and files the edge already holds: fills its caches for `pagePath`. */
async function warmEdge(pagePath: string): Promise<void> {
  const page = await (await fetch(`${origin}${pagePath}`)).text();
  for (const file of new Set(page.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])) {
    await (await fetch(`${origin}${file}`, { headers: { "Accept-Encoding": "br" } })).arrayBuffer();
  }
}

/** LIGHTHOUSE_REPORTS=folder keeps every run's full report there, to open in the Lighthouse viewer. */
function saveReport(pagePath: string, name: string, lhr: LighthouseResult): void {
  const folder = process.env.LIGHTHOUSE_REPORTS;
  if (!folder) return;
  const page = pagePath.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home";
  writeFileSync(path.join(folder, `${page}-${name}.json`), JSON.stringify(lhr));
}

/** "1:05" since `started` (a performance.now()): each phase's time is printed, the stage's budget being tight. */
function since(started: number): string {
  const seconds = Math.round((performance.now() - started) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function categoryScore(lhr: LighthouseResult, category: Category): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

/** Accessibility, best practices and SEO read the page's markup and headers, not the simulation. */
const categoryMinimums: Partial<Record<Category, number>> = { accessibility: 100, "best-practices": 100, seo: 100 };

/** What the page logged as errors, so a best-practices miss says what went wrong. */
function consoleErrors(lhr: LighthouseResult): string[] {
  const details = lhr.audits["errors-in-console"]?.details as { items?: { description?: string }[] } | undefined;
  return (details?.items ?? []).map((item) => String(item.description ?? "").slice(0, 300));
}

const metric = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** A page's simulated run: its result under the calibrated slowdown, what it was gated on, and any drift. */
interface GatedRun {
  lhr: LighthouseResult;
  facts: GateFacts;
  /** Gated figures that differed when the same load was scored at the ends of the calibrated range. */
  drift: string[];
}

interface SimulatedTable {
  multiplier: number;
  /** Where the multiplier came from, for the table's title. */
  calibration: string;
  runs: Map<string, GatedRun>;
  errors: Map<string, string>;
  /** Scripted page -> LCP ms of each load with its script, and with it blocked. */
  largestPaints: Map<string, { withScript: number[]; blocked: number[] }>;
  benchmarkIndexes: number[];
}

/**
 * The gated figures that change when the same load is scored at either end of the calibrated
 * range instead of at `multiplier`: none, unless the gate reads what the simulation scales.
 */
async function driftAcrossRange(gathering: Gathering, facts: GateFacts, multiplier: number): Promise<string[]> {
  const drift: string[] = [];
  for (const index of calibratedRange) {
    const end = calibratedCpuSlowdown(index);
    const atEnd = await score(gathering, end, gatedAudits);
    if (!atEnd || runProblem(atEnd)) {
      drift.push(`could not be scored at x${end.toFixed(1)}: ${runProblem(atEnd)}`);
      continue;
    }
    const endFacts = gateFacts(atEnd);
    for (const key of factsThatDiffer(facts, endFacts)) {
      drift.push(
        `${key} is ${JSON.stringify(facts[key])} at x${multiplier.toFixed(1)} but ${JSON.stringify(endFacts[key])}` +
          ` at x${end.toFixed(1)} (BenchmarkIndex ${index})`,
      );
    }
  }
  return drift;
}

/**
 * Scores one page's load, loading it again when Lighthouse reports an error, and checks the gated
 * figures across the calibrated range; returns the run, or the error that persisted.
 */
async function scoreGated(pagePath: string, first: Gathering, multiplier: number): Promise<GatedRun | string> {
  let gathering = first;
  try {
    let lhr = await score(gathering, multiplier);
    for (let attempt = 2; attempt <= attemptsPerRun && runProblem(lhr); attempt += 1) {
      console.warn(`Lighthouse run of ${pagePath} failed (attempt ${attempt - 1}): ${runProblem(lhr)}`);
      discard(gathering);
      gathering = await gather(gathering.url, gathering.flags);
      lhr = await score(gathering, multiplier);
    }
    if (runProblem(lhr)) return runProblem(lhr);
    saveReport(pagePath, "simulate", lhr!);
    const facts = gateFacts(lhr!);
    return { lhr: lhr!, facts, drift: await driftAcrossRange(gathering, facts, multiplier) };
  } finally {
    discard(gathering);
  }
}

/** A page that can be loaded only once `prepare` has run: the photographed cart, before it has its photos. */
interface LatePage {
  path: string;
  prepare: () => Promise<void>;
}

/**
 * Every page is gathered first and all are scored with one CPU slowdown, calibrated to the median
 * BenchmarkIndex of the gatherings (or pinned): the calibration is of the machine, as Lighthouse's
 * guide means it, not of a moment (one clean clone measured 1,148 to 1,991 within three minutes).
 * A late page is prepared while the others are scored, then loaded and scored the same way.
 */
async function measureGated(paths: readonly string[], chromePort: number, late?: LatePage): Promise<SimulatedTable> {
  const started = performance.now();
  const gatherings = new Map<string, Gathering>();
  for (const pagePath of paths) {
    if (pagePath === late?.path) continue;
    gatherings.set(pagePath, await gather(`${origin}${pagePath}`, fullFlags(chromePort, "simulate")));
  }
  const prepared = late?.prepare();
  // Awaited below; until then a failure must not count as unhandled and end the process.
  prepared?.catch(() => undefined);
  const benchmarkIndexes = [...gatherings.values()].map((run) => run.benchmarkIndex).filter(Number.isFinite);
  const measuredIndex = benchmarkIndexes.length > 0 ? median(benchmarkIndexes) : Number.NaN;
  const multiplier = calibratedCpuSlowdown(pinnedBenchmarkIndex ?? measuredIndex);
  const calibration =
    pinnedBenchmarkIndex === undefined
      ? `calibrated to the median BenchmarkIndex of ${benchmarkIndexes.length} loads, ${measuredIndex.toFixed(0)}`
      : `BenchmarkIndex pinned at ${pinnedBenchmarkIndex} (LIGHTHOUSE_BENCHMARK_INDEX; this machine measured ${measuredIndex.toFixed(0)})`;
  const runs = new Map<string, GatedRun>();
  const errors = new Map<string, string>();
  const record = (pagePath: string, result: GatedRun | string) =>
    typeof result === "string" ? errors.set(pagePath, result) : runs.set(pagePath, result);
  for (const [pagePath, gathering] of gatherings) record(pagePath, await scoreGated(pagePath, gathering, multiplier));
  if (late) {
    await prepared;
    console.log(`${late.path} ready (${since(started)})`);
    await warmEdge(late.path);
    const gathering = await gather(`${origin}${late.path}`, fullFlags(chromePort, "simulate"));
    benchmarkIndexes.push(gathering.benchmarkIndex);
    record(late.path, await scoreGated(late.path, gathering, multiplier));
  }
  console.log(
    `Lighthouse (simulated throttling): ${runs.size} of ${paths.length} pages loaded and scored, and scored again` +
      ` at both ends of the calibrated range, in ${since(started)}`,
  );
  return { multiplier, calibration, runs, errors, largestPaints: new Map(), benchmarkIndexes };
}

/**
 * The scripted pages' LCP with their script and with it blocked, loads alternating so that a slow
 * spell of the machine falls on both; scored with the gated table's slowdown.
 */
async function measureLargestPaints(table: SimulatedTable, chromePort: number): Promise<void> {
  const scripted = [...table.runs.keys()].filter((pagePath) => expectationOf(pagePath).scripted);
  for (const pagePath of scripted) table.largestPaints.set(pagePath, { withScript: [], blocked: [] });
  const started = performance.now();
  for (let round = 1; round <= rounds; round += 1) {
    for (const pagePath of scripted) {
      for (const blocked of [false, true]) {
        const result = await measureSimulated(
          `${origin}${pagePath}`,
          largestPaintFlags(chromePort, blocked),
          table.multiplier,
          "largest-contentful-paint",
        );
        if (typeof result === "string") {
          console.warn(`${pagePath} LCP ${blocked ? "without" : "with"} its script not measured: ${result}`);
          continue;
        }
        table.benchmarkIndexes.push(result.environment.benchmarkIndex);
        const paints = table.largestPaints.get(pagePath)!;
        (blocked ? paints.blocked : paints.withScript).push(metric(result, "largest-contentful-paint"));
      }
    }
    console.log(`Lighthouse LCP with and without scripts: round ${round} of ${rounds} done (${since(started)})`);
  }
}

/** "1 css" for the one stylesheet; a script would read "1 css 1 js". */
function blockingCell(files: readonly string[]): string {
  const kinds = new Map<string, number>();
  for (const file of files) {
    const kind = /\.(\w+)$/.exec(file)?.[1] ?? "other";
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([kind, count]) => `${count} ${kind}`).join(" ") || "none";
}

function largestPaintCell(paint: GateFacts["largestPaint"]): string {
  if (paint.kind === "text") return "text";
  const flaws = [!paint.discoverable && "late", !paint.eager && "lazy", !paint.priorityHinted && "no-hint"];
  return ["img", ...flaws.filter(Boolean)].join(" ");
}

/** Prints the gated table; returns what missed. */
function reportGated(table: SimulatedTable, paths: readonly string[]): string[] {
  const failures: string[] = [];
  console.log(
    `\nLighthouse, default settings (mobile, simulated throttling, as PageSpeed Insights), compressed as the edge` +
      ` compresses, one run per page; CPU slowdown x${table.multiplier.toFixed(1)}, ${table.calibration};` +
      ` /vehicle/${photographedVehicle} carries ${photoCount} staff photos.` +
      "\nGated: accessibility, best practices, SEO, and the figures right of the bar (lighthouse-gate.ts)." +
      ` Printed only: performance and the timings. Every gated figure is checked unchanged at x${calibratedRange.map((index) => calibratedCpuSlowdown(index).toFixed(1)).join(" and x")}` +
      ` (BenchmarkIndex ${calibratedRange.join(" and ")}).`,
  );
  console.log(
    "page".padEnd(32) +
      ["perf", "a11y", "best", "seo"].map((heading) => heading.padStart(6)).join("") +
      ["FCP ms", "LCP ms", "TBT ms"].map((heading) => heading.padStart(8)).join("") +
      " |" +
      "JS files".padStart(9) +
      "JS KB".padStart(7) +
      "img KB".padStart(8) +
      "DOM".padStart(6) +
      "CLS".padStart(7) +
      "  blocking".padEnd(13) +
      "LCP element".padEnd(18) +
      "gate",
  );
  for (const pagePath of paths) {
    const error = table.errors.get(pagePath);
    if (error) failures.push(`${pagePath}: a Lighthouse run kept failing (${error})`);
    const run = table.runs.get(pagePath);
    if (!run) {
      console.log(`${pagePath.padEnd(32)}   no successful run`);
      continue;
    }
    const { lhr, facts, drift } = run;
    const problems = gateProblems(facts, expectationOf(pagePath));
    for (const category of categories) {
      const minimum = categoryMinimums[category];
      if (minimum === undefined || categoryScore(lhr, category) >= minimum) continue;
      const audits = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
        .filter((audit) => lhr.categories[category]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
        .slice(0, 6)
        .map((audit) => audit.id);
      problems.push(`${category} ${categoryScore(lhr, category)} < ${minimum} (failing audits: ${audits.join(", ")})`);
      if (category === "best-practices") problems.push(...consoleErrors(lhr).map((item) => `console: ${item}`));
    }
    problems.push(...drift.map((line) => `gated figure moved with the CPU slowdown: ${line}`));
    failures.push(...problems.map((problem) => `${pagePath} ${problem}`));
    console.log(
      pagePath.padEnd(32) +
        categories.map((category) => String(categoryScore(lhr, category)).padStart(6)).join("") +
        ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time"]
          .map((id) => metric(lhr, id).toFixed(0).padStart(8))
          .join("") +
        " |" +
        String(facts.scriptFiles).padStart(9) +
        (facts.scriptBytes / 1024).toFixed(1).padStart(7) +
        (facts.imageBytes / 1024).toFixed(1).padStart(8) +
        String(facts.domElements).padStart(6) +
        facts.cumulativeLayoutShift.toFixed(3).padStart(7) +
        `  ${blockingCell(facts.renderBlocking)}`.padEnd(13) +
        largestPaintCell(facts.largestPaint).padEnd(18) +
        (problems.length === 0 ? "ok" : "MISS"),
    );
  }
  reportLargestPaints(table);
  return failures;
}

function reportLargestPaints(table: SimulatedTable): void {
  if (table.largestPaints.size === 0) return;
  console.log(
    `\nLCP of the scripted pages with their script and with it blocked (Lighthouse's blockedUrlPatterns),` +
      ` median of ${rounds} loads each, alternating, at x${table.multiplier.toFixed(1)}; printed, not gated`,
  );
  console.log(
    "page".padEnd(32) +
      "with script".padStart(13) +
      "range".padStart(13) +
      "blocked".padStart(10) +
      "range".padStart(13) +
      "ratio".padStart(8),
  );
  const range = (values: number[]) =>
    values.length > 0 ? `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}` : "-";
  for (const [pagePath, { withScript, blocked }] of table.largestPaints) {
    const withMedian = withScript.length > 0 ? median(withScript) : Number.NaN;
    const blockedMedian = blocked.length > 0 ? median(blocked) : Number.NaN;
    console.log(
      pagePath.padEnd(32) +
        withMedian.toFixed(0).padStart(13) +
        range(withScript).padStart(13) +
        blockedMedian.toFixed(0).padStart(10) +
        range(blocked).padStart(13) +
        `${(withMedian / blockedMedian).toFixed(2)}x`.padStart(8),
    );
  }
}

/** The applied-throttling table: median run by performance of `rounds` per page, printed only. */
async function measureAndReportApplied(paths: readonly string[], chromePort: number): Promise<string[]> {
  const runs = new Map<string, LighthouseResult[]>(paths.map((pagePath) => [pagePath, []]));
  const failures: string[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const pagePath of paths) {
      const result = await measureApplied(`${origin}${pagePath}`, chromePort);
      if (typeof result === "string") failures.push(`${pagePath}: a Lighthouse run kept failing (${result})`);
      else {
        runs.get(pagePath)!.push(result);
        saveReport(pagePath, `devtools-${round}`, result);
      }
    }
    console.log(`Lighthouse (devtools throttling) round ${round} of ${rounds} done`);
  }
  console.log(
    `\nLighthouse, mobile preset with slow 4G and 4x CPU applied, median of ${rounds} runs per page,` +
      " printed for comparison (no gate: see the file's comment)",
  );
  console.log(
    "page".padEnd(32) +
      "perf".padStart(6) +
      "range".padStart(12) +
      ["FCP ms", "LCP ms", "TBT ms"].map((heading) => heading.padStart(8)).join("") +
      "CLS".padStart(7),
  );
  for (const [pagePath, pageRuns] of runs) {
    if (pageRuns.length === 0) continue;
    const sorted = [...pageRuns].sort((a, b) => categoryScore(a, "performance") - categoryScore(b, "performance"));
    const lhr = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      pagePath.padEnd(32) +
        String(categoryScore(lhr, "performance")).padStart(6) +
        `${categoryScore(sorted[0]!, "performance")}-${categoryScore(sorted.at(-1)!, "performance")}`.padStart(12) +
        ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time"]
          .map((id) => metric(lhr, id).toFixed(0).padStart(8))
          .join("") +
        metric(lhr, "cumulative-layout-shift").toFixed(3).padStart(7),
    );
  }
  return failures;
}

async function main(): Promise<number> {
  if (!ensureChromium()) return 1;
  const started = performance.now();
  // Read while the server starts; adding the photos waits for a moment when no page is loading.
  const photographed = lighthousePaths.includes(photographedPath);
  const photosPresent = photographed ? hasPhotos(stateDirectory) : Promise.resolve(true);
  photosPresent.catch(() => undefined);
  const server = startMeasuredPreview({ port: previewPort, stateDirectory });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const proxy = await startEdgeProxy(port, previewPort);
  const failures: string[] = [];
  const benchmarkIndexes: number[] = [];
  try {
    await waitForServer(`${origin}/`);
    const late: LatePage | undefined = (await photosPresent)
      ? undefined
      : { path: photographedPath, prepare: async () => console.log(await addPhotos(stateDirectory)) };
    // Never the cart's page before its photos: the edge cache would keep the page without them.
    for (const pagePath of lighthousePaths) if (pagePath !== late?.path) await warmEdge(pagePath);
    console.log(`Lighthouse: server ready, edge caches filled (${since(started)})`);
    for (const throttling of tables) {
      if (throttling === "simulate") {
        const table = await measureGated(lighthousePaths, chrome.port, late);
        await measureLargestPaints(table, chrome.port);
        failures.push(...reportGated(table, lighthousePaths));
        benchmarkIndexes.push(...table.benchmarkIndexes);
      } else {
        if (late && !tables.includes("simulate")) {
          await late.prepare();
          await warmEdge(late.path);
        }
        failures.push(...(await measureAndReportApplied(lighthousePaths, chrome.port)));
      }
    }
  } finally {
    await chrome.kill();
    proxy.close();
    server.kill();
  }
  if (benchmarkIndexes.length > 0) {
    // Lighthouse's own CPU benchmark: when timings change, this says whether the machine was slow.
    console.log(
      `\nMachine speed (Lighthouse BenchmarkIndex): median ${median(benchmarkIndexes).toFixed(0)}, ` +
        `lowest ${Math.min(...benchmarkIndexes).toFixed(0)}, highest ${Math.max(...benchmarkIndexes).toFixed(0)}`,
    );
  }
  console.log(`Lighthouse stage: ${since(started)}\n`);
  for (const failure of failures) console.error(failure);
  return failures.length > 0 ? 1 : 0;
}

process.exit(await main());
