/**
 * `npm test`: everything a change must pass, stopping at the first failing step.
 *   1-3, side by side (none needs another's result, and none alone keeps both cores busy):
 *   1. formatting (prettier), layering (dependency-cruiser) and types (wrangler's Env is current,
 *      React Router's route types, tsc)
 *   2. Worker tests in workerd (vitest), the only one whose output streams
 *   3. production build (which prints the Worker script's size and fails above its budget) and a
 *      `wrangler deploy --dry-run` of it, then the browser tests' database
 *   4. browser tests in Debian's Chromium against that build, on a freshly seeded database,
 *      including the quality budgets (page weight, accessibility, HTML validity, headers)
 *   5. Lighthouse with its default settings on one page of each kind, gated on what the page
 *      controls (scripts, render-blocking files, the LCP image's discovery, layout shift, DOM size,
 *      image bytes) and accessibility, best practices and SEO, with the scores and timings printed
 *      beside the gate, and the scripted pages' LCP with and without their script
 * Throughput (`npm run bench`) runs on its own: it takes minutes and its figures are relative.
 * It ends with how long each stage took and the CPU it used (with one core's speed, so runs on
 * different machines can be told apart), the slowest test files, the counts of each suite and a
 * total line.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { prepareBrowserDatabase, runBrowserTests } from "./e2e";
import { coreSpeed, cpuTimes, loadBetween, type Load } from "./machine-load";
import { buildSite } from "../shared/build-site";
import { projectRoot, run, runInTurn, start } from "../shared/run";
import {
  minutes,
  playwrightReport,
  slowestFiles,
  vitestReport,
  type SuiteCount,
  type SuiteReport,
} from "./test-reports";

const reportDirectory = path.join(projectRoot, "test-results");

const counts: SuiteCount[] = [];
const stageTimes: { stage: string; seconds: number; load: Load }[] = [];
/** Stages that ran beside one in stageTimes: shown, but their time is already in its neighbour's. */
const sideStageTimes: { stage: string; seconds: number; load: Load }[] = [];
const fileTimes: { suite: string; report: SuiteReport }[] = [];

/** Runs one stage, timing it whether it passes or not. */
async function step(stage: string, title: string, action: () => void | Promise<void>) {
  console.log(`\n━━ ${title}`);
  const started = performance.now();
  const cpuBefore = cpuTimes();
  try {
    await action();
  } finally {
    const seconds = (performance.now() - started) / 1000;
    stageTimes.push({ stage, seconds, load: loadBetween(cpuBefore, cpuTimes(), seconds) });
  }
}

/**
 * A stage that runs beside another: its own wall time (the CPU columns are the machine's during it,
 * shared with its neighbour), its output printed whole when it ends.
 */
async function besideStep(stage: string, title: string, work: () => Promise<string>) {
  const started = performance.now();
  const cpuBefore = cpuTimes();
  let output = "";
  try {
    output = await work();
  } catch (error) {
    output = error instanceof Error ? error.message : String(error);
    throw new Error(`${title} failed`);
  } finally {
    const seconds = (performance.now() - started) / 1000;
    sideStageTimes.push({ stage, seconds, load: loadBetween(cpuBefore, cpuTimes(), seconds) });
    console.log(`\n━━ ${title} (ran beside the Worker tests)\n${output.trimEnd()}`);
  }
}

function record(suite: string, report: SuiteReport) {
  counts.push(report.count);
  fileTimes.push({ suite, report });
}

const speed = coreSpeed();
const cpuAtStart = cpuTimes();
/** What `npm test` may take on a clean clone of the two-core machine (issue 24). */
const budgetSeconds = 30 * 60;

function stageLine(stage: string, seconds: number, load: Load): string {
  return (
    stage.padEnd(34) +
    minutes(seconds).padStart(7) +
    load.cpuSeconds.toFixed(0).padStart(8) +
    load.busyCores.toFixed(2).padStart(12) +
    `${(load.stolenShare * 100).toFixed(0)}%`.padStart(8)
  );
}

/**
 * Where the time went: every stage with the CPU it used machine-wide (a stage near the core count
 * is bound by the CPU, so only less work makes it faster), then the slowest files of each suite.
 */
function printTimes() {
  console.log(`\n━━ Time per stage (one core hashes ${speed.toFixed(0)} MB/s of SHA-256 on this machine)`);
  console.log(
    `${"stage".padEnd(34)}${"wall".padStart(7)}${"CPU s".padStart(8)}${"cores busy".padStart(12)}${"stolen".padStart(8)}`,
  );
  for (const { stage, seconds, load } of stageTimes) console.log(stageLine(stage, seconds, load));
  for (const { stage, seconds, load } of sideStageTimes) console.log(stageLine(`  ${stage} (beside)`, seconds, load));
  const total = stageTimes.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(stageLine("total", total, loadBetween(cpuAtStart, cpuTimes(), total)));
  // A figure to read, not a gate: a loaded or slower machine takes longer without the suite changing.
  const verdict = total <= budgetSeconds ? "within" : "OVER";
  console.log(
    `${verdict} the ${minutes(budgetSeconds)} budget for a clean clone on two cores, npm install not counted here` +
      " (issue 24; docs/performance.md)",
  );
  for (const { suite, report } of fileTimes) {
    console.log(
      `\nSlowest ${suite} files (${suite === "browser" ? "sum of their tests, both widths" : "vitest's time"}):`,
    );
    for (const line of slowestFiles(report.files)) console.log(line);
  }
}

function summarize(): number {
  printTimes();
  console.log("\n━━ Summary");
  for (const count of counts) {
    console.log(`${count.suite}: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`);
  }
  const passed = counts.reduce((sum, count) => sum + count.passed, 0);
  const failed = counts.reduce((sum, count) => sum + count.failed, 0);
  const skipped = counts.reduce((sum, count) => sum + count.skipped, 0);
  console.log(`total: ${passed} passed, ${failed} failed`);
  // A skipped test is not a passing one.
  if (skipped > 0) {
    console.error(`${skipped} test(s) were skipped; every test must run.`);
    return 1;
  }
  return failed > 0 || passed === 0 ? 1 : 0;
}

try {
  rmSync(reportDirectory, { recursive: true, force: true });
  mkdirSync(reportDirectory, { recursive: true });

  const checks = besideStep("types, formatting, layering", "Types, formatting and layering", () =>
    runInTurn([
      ["prettier", ["--check", "."]],
      // Which folder may import which: .dependency-cruiser.cjs states the floors.
      ["depcruise", ["src", "worker", "scripts", "--config", ".dependency-cruiser.cjs"]],
      ["wrangler", ["types", "--strict-vars=false", "--check"]],
      ["react-router", ["typegen"]],
      ["tsc", ["-p", "."]],
    ]),
  );
  const build = besideStep("build, browser database", "Production build, and the browser tests' database", async () => {
    const output = (await buildSite({ echo: false })) + (await runInTurn([["wrangler", ["deploy", "--dry-run"]]]));
    await prepareBrowserDatabase();
    return output;
  });
  // Settled at once so that a failure beside the Worker tests is not reported as unhandled before
  // the Worker tests end; awaited below.
  const beside = Promise.allSettled([checks, build]);

  await step("checks, Worker tests, build", "Worker tests (vitest in workerd)", async () => {
    const report = path.join(reportDirectory, "vitest.json");
    try {
      await new Promise<void>((resolve, reject) => {
        const child = start("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
        child.on("error", reject);
        child.on("close", (status) =>
          status === 0 ? resolve() : reject(new Error(`vitest run failed with exit code ${status}`)),
        );
      });
    } finally {
      if (existsSync(report)) record("worker", vitestReport(report, projectRoot));
      const failed = (await beside).find((outcome) => outcome.status === "rejected");
      if (failed) throw failed.reason;
    }
  });

  await step("browser tests", "Browser tests (Playwright in Chromium)", () => {
    const report = path.join(reportDirectory, "playwright.json");
    try {
      runBrowserTests([], { PLAYWRIGHT_JSON_OUTPUT_NAME: report, PLAYWRIGHT_REPORTER: "list,json" });
    } finally {
      if (existsSync(report)) record("browser", playwrightReport(report));
    }
  });

  await step("Lighthouse", "Lighthouse (mobile) on the production build", () => {
    try {
      // The default-settings table, the gated one; `npm run lighthouse` also prints the applied-throttling one.
      run("tsx", ["scripts/test-runner/lighthouse.ts"], { env: { LIGHTHOUSE_THROTTLING: "simulate" } });
      counts.push({ suite: "lighthouse", passed: 1, failed: 0, skipped: 0 });
    } catch (error) {
      counts.push({ suite: "lighthouse", passed: 0, failed: 1, skipped: 0 });
      throw error;
    }
  });
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  summarize();
  process.exit(1);
}

process.exit(summarize());
