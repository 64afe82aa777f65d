/**
 * Browser tests against the production build: a fresh database in its own folder (migrated and
 * seeded), then Playwright, which starts and stops `vite preview` itself. Arguments go to Playwright.
 *
 *   tsx scripts/test-runner/e2e.ts [--build] [playwright args...]
 *
 * E2E_PORT, E2E_STATE_DIR and BUILD_DIR let several runs share a machine.
 */
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureHeadlessShell } from "./chromium";
import { ensureJava } from "./java";
import { projectRoot, run, runInTurn } from "../shared/run";
import { ensureXmllint } from "./xmllint";

export const e2eStateDirectory = process.env.E2E_STATE_DIR ?? ".wrangler/e2e-state";
/**
 * A copy of the freshly seeded database made before any test runs, for tests that need a database
 * of their own (tests/support/staff-terminal.ts): copying it takes milliseconds where migrating and
 * seeding again starts three wrangler runtimes (half a minute on a busy machine).
 */
export const seededStateDirectory = `${e2eStateDirectory}-seeded`;

const statePaths = () => [path.join(projectRoot, e2eStateDirectory), path.join(projectRoot, seededStateDirectory)];

/** The browser tests' own database, migrated and seeded, and its untouched copy. */
export async function prepareBrowserDatabase(): Promise<void> {
  const [state, seeded] = statePaths();
  for (const folder of [state!, seeded!]) rmSync(folder, { recursive: true, force: true });
  await runInTurn([["tsx", ["scripts/local-site/db-setup.ts", "--persist-to", e2eStateDirectory]]]);
  cpSync(state!, seeded!, { recursive: true });
}

/** Playwright on the database prepareBrowserDatabase made (`npm test` makes it beside the Worker tests). */
export function runBrowserTests(playwrightArgs: string[], extraEnv: Record<string, string> = {}): void {
  if (!ensureHeadlessShell()) throw new Error("Chromium's headless shell is required for the browser tests.");
  if (!ensureJava()) throw new Error("Java is required for the HTML validity check.");
  if (!ensureXmllint()) throw new Error("xmllint is required for the ADF lead check.");
  const [, seeded] = statePaths();
  run("playwright", ["test", ...playwrightArgs], {
    env: { WRANGLER_STATE_DIR: e2eStateDirectory, E2E_SEEDED_STATE: seeded!, ...extraEnv },
  });
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (args[0] === "--build") {
    args.shift();
    run("react-router", ["build"]);
  }
  try {
    await prepareBrowserDatabase();
    runBrowserTests(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
