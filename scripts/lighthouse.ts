/**
 * Lighthouse (mobile preset) on the production build: performance at least 98, accessibility,
 * best practices and SEO 100, on one page of each kind (median of three runs). Prints the table;
 * exits 1 on a miss.
 *
 *   tsx scripts/lighthouse.ts   (serves the existing build itself, behind a compressing proxy on
 *                                LIGHTHOUSE_PORT, default 4180, the way the edge serves it)
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { lighthousePaths } from "../tests/support/page-types";
import { chromiumArgs, chromiumPath, ensureChromium } from "./lib/chromium";
import { startEdgeProxy } from "./lib/edge-proxy";
import { start } from "./lib/run";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4180);
const previewPort = port + 1;
// Lighthouse talks to the compressing proxy, as a visitor would reach the edge.
const origin = `http://localhost:${port}`;
const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const minimum = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 } as const;
type Category = keyof typeof minimum;

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
      // Scores move a point or two between runs on a shared machine; the median of three is steady.
      const runs = [];
      for (let attempt = 0; attempt < runsPerPage; attempt += 1) {
        const run = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: Object.keys(minimum),
        });
        if (!run) throw new Error(`Lighthouse returned nothing for ${path}`);
        runs.push(run);
      }
      runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
      const result = runs[Math.floor(runs.length / 2)]!;
      const scores = Object.fromEntries(
        (Object.keys(minimum) as Category[]).map((category) => [
          category,
          Math.round((result.lhr.categories[category]?.score ?? 0) * 100),
        ]),
      ) as Record<Category, number>;
      rows.push(
        `${path.padEnd(32)} ${(Object.keys(minimum) as Category[]).map((category) => String(scores[category]).padStart(14)).join("")}`,
      );
      for (const category of Object.keys(minimum) as Category[]) {
        if (scores[category] < minimum[category]) {
          const audits = Object.values(result.lhr.audits)
            .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
            .slice(0, 6)
            .map((audit) => audit.id);
          failures.push(
            `${path} ${category} ${scores[category]} < ${minimum[category]} (failing audits: ${audits.join(", ")})`,
          );
        }
      }
    }
  } finally {
    await chrome.kill();
    proxy.close();
    server.kill();
  }
  console.log(
    `\nLighthouse (mobile)\n${"page".padEnd(32)}${(Object.keys(minimum) as Category[]).map((category) => category.padStart(14)).join("")}\n${rows.join("\n")}\n`,
  );
  for (const failure of failures) console.error(failure);
  return failures.length > 0 ? 1 : 0;
}

process.exit(await main());
