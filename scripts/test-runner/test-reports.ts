/**
 * What `npm test` reads back from the reports vitest and Playwright write: how many tests passed,
 * failed or were skipped, and where the time went (per test file), so the end of every run says
 * which files to look at when the suite grows slow.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export interface SuiteCount {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
}

/** Seconds spent in one test file. */
export interface FileTime {
  file: string;
  seconds: number;
}

export interface SuiteReport {
  count: SuiteCount;
  files: FileTime[];
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; startTime: number; endTime: number }[];
}

interface PlaywrightSuite {
  file?: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** Vitest's own measure of each file: from its first test's start to its last test's end. */
export function vitestReport(file: string, root: string): SuiteReport {
  const report = readJson<VitestReport>(file);
  return {
    count: {
      suite: "worker",
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    },
    files: report.testResults.map((result) => ({
      file: path.relative(root, result.name),
      seconds: (result.endTime - result.startTime) / 1000,
    })),
  };
}

/**
 * Playwright's tests run two at a time, so a file's figure is the sum of its tests' durations (both
 * widths, hooks included): the share of the browser stage it takes, not its wall time.
 */
export function playwrightReport(file: string): SuiteReport {
  const report = readJson<PlaywrightReport>(file);
  const seconds = new Map<string, number>();
  const visit = (suite: PlaywrightSuite, inFile: string | undefined) => {
    const name = suite.file ?? inFile;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) {
          seconds.set(name ?? "?", (seconds.get(name ?? "?") ?? 0) + result.duration / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, name);
  };
  for (const suite of report.suites) visit(suite, undefined);
  return {
    count: {
      suite: "browser",
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    },
    files: [...seconds].map(([name, total]) => ({ file: `tests/${name}`, seconds: total })),
  };
}

/** "4:07" for 247 seconds. */
export function minutes(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The `count` slowest files, slowest first, as lines for the terminal. */
export function slowestFiles(files: readonly FileTime[], count = 10): string[] {
  return [...files]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ file, seconds }) => `${seconds.toFixed(1).padStart(8)} s  ${file}`);
}
