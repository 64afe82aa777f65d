/**
 * Lighthouse (mobile preset) on the production build: performance at least 98, accessibility,
 * best practices and SEO 100, on one page of each kind (median of five runs). Prints the scores
 * and the timings behind them; exits 1 on a miss.
 *
 *   tsx scripts/lighthouse.ts   (serves the existing build itself, behind a compressing proxy on
 *                                LIGHTHOUSE_PORT, default 4180, the way the edge serves it)
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import { lighthousePaths } from "../tests/support/page-types";
import { chromiumArgs, chromiumPath, ensureChromium } from "./lib/chromium";
import { startEdgeProxy } from "./lib/edge-proxy";
import { start } from "./lib/run";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4180);
const previewPort = port + 1;
// Lighthouse talks to the compressing proxy, as a visitor would reach the edge.
const origin = `http://localhost:${port}`;
const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const minimum = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 } as const;
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

async function waitForServer(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The preview server did not answer on ${url}`);
}

/** What the page logged as errors, so a best-practices miss says what went wrong. */
function consoleErrors(lhr: { audits: Record<string, { details?: unknown }> }): string[] {
  const details = lhr.audits["errors-in-console"]?.details as { items?: { description?: string }[] } | undefined;
  return (details?.items ?? []).map((item) => String(item.description ?? "").slice(0, 300));
}

async function main(): Promise<number> {
  if (!ensureChromium()) return 1;
  const server = start("vite", ["preview", "--port", String(previewPort), "--strictPort"], {
    stdio: "ignore",
    env: { WRANGLER_STATE_DIR: process.env.E2E_STATE_DIR ?? ".wrangler/e2e-state" },
  });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const failures: string[] = [];
  const rows: string[] = [];
  const proxy = await startEdgeProxy(port, previewPort);
  try {
    await waitForServer(`${origin}/`);
    for (const path of lighthousePaths) {
      // A visitor meets pages the edge already holds; fill the cache before measuring.
      await fetch(`${origin}${path}`);
      // Scores move a point or two between runs on a shared machine; Lighthouse's own advice is
      // the median of five.
      const runs: RunnerResult[] = [];
      for (let attempt = 0; attempt < runsPerPage; attempt += 1) {
        const run = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...categories],
        });
        if (!run) throw new Error(`Lighthouse returned nothing for ${path}`);
        runs.push(run);
      }
      runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
      const { lhr } = runs[Math.floor(runs.length / 2)]!;
      const scores = categories.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
      const metrics = metricAudits.map((id) => lhr.audits[id]?.numericValue ?? Number.NaN);
      rows.push(
        path.padEnd(32) +
          scores.map((score) => String(score).padStart(7)).join("") +
          metrics.map((value, index) => formatMetric(metricAudits[index]!, value).padStart(9)).join(""),
      );
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
  } finally {
    await chrome.kill();
    proxy.close();
    server.kill();
  }
  console.log(`\nLighthouse, mobile preset, median of ${runsPerPage} runs`);
  console.log(
    "page".padEnd(32) +
      ["perf", "a11y", "best", "seo"].map((heading) => heading.padStart(7)).join("") +
      metricAudits.map((id) => metricHeadings[id].padStart(9)).join(""),
  );
  console.log(`${rows.join("\n")}\n`);
  for (const failure of failures) console.error(failure);
  return failures.length > 0 ? 1 : 0;
}

process.exit(await main());
