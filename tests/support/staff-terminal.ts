import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect as baseExpect } from "@playwright/test";
import { getPlatformProxy } from "wrangler";

const projectRoot = path.resolve(import.meta.dirname, "../..");

/** A staff member's terminal: none of the test runner's own settings (state folder, build folder). */
export const terminalEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(WRANGLER_STATE_DIR|BUILD_DIR|E2E_|PLAYWRIGHT_|PORT$)/.test(name)),
) as NodeJS.ProcessEnv;

export interface CommandResult {
  /** The command line as typed. */
  command: string;
  status: number | null;
  stdout: string;
  stderr: string;
  /** Standard output, then standard error: everything the terminal shows. */
  output: string;
}

/**
 * Runs a command in `folder`, as a terminal would, without stopping the test's own event loop: a
 * local binding the test holds open (getPlatformProxy) keeps its connection to workerd alive only
 * while the loop runs, and a command that blocked it for seconds would leave that connection dead.
 * `typed` is the command line as a failed assertion shows it; `env` adds to the terminal's variables.
 */
export function runCommand(
  command: string,
  args: string[],
  options: { folder?: string; typed?: string; env?: Record<string, string> } = {},
): Promise<CommandResult> {
  const typed = options.typed ?? [command, ...args].join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.folder ?? projectRoot,
      env: { ...terminalEnv, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ command: typed, status, stdout, stderr, output: `${stdout}\n${stderr}` }));
  });
}

/**
 * Playwright's expect with `toExitWith(code)` for a command's result: when the exit status is not
 * the one expected, the failure shows the command, its status, and everything it printed on
 * standard output and standard error, so a run that failed once on a loaded machine says why.
 * Every test that types a command checks its exit status this way.
 */
export const expect = baseExpect.extend({
  toExitWith(result: CommandResult, expected: number) {
    const pass = result.status === expected;
    const message = () =>
      [
        `${this.isNot ? "Expected any exit status but" : "Expected exit status"} ${expected}; it exited with ${result.status}.`,
        `$ ${result.command}`,
        "--- standard output ---",
        result.stdout.trimEnd(),
        "--- standard error ---",
        result.stderr.trimEnd(),
      ].join("\n");
    return { pass, message, name: "toExitWith", expected, actual: result.status };
  },
});

export interface OwnDatabase {
  /** A temporary folder for the test's files; the database lives in its `state` folder. */
  folder: string;
  state: string;
  /** `npm run catalogue -- ARGS --persist-to STATE`. */
  catalogue(...args: string[]): Promise<CommandResult>;
  /**
   * One SQL statement on the database, as an administrator would run it; its rows. Through one
   * local binding kept open for the test, where `wrangler d1 execute` starts a runtime per statement.
   */
  sql<Row>(statement: string): Promise<Row[]>;
  /** Whether the local photo bucket holds a file under `key`. */
  photoStored(key: string): Promise<boolean>;
  remove(): Promise<void>;
}

/**
 * A local database of the test's own, a copy of the one migrated and seeded for this run as
 * `npm start` seeds the default one, so staff commands can change it without touching the database
 * the browser tests' server uses.
 */
export async function setUpOwnDatabase(name: string): Promise<OwnDatabase> {
  const folder = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const state = path.join(folder, "state");
  // The database scripts/test-runner/e2e.ts migrated and seeded before any test ran, copied as it was then.
  const seeded = process.env.E2E_SEEDED_STATE;
  if (!seeded || !existsSync(seeded)) {
    throw new Error("No seeded database to copy: run the browser tests with npm run test:e2e, which makes one.");
  }
  cpSync(seeded, state, { recursive: true });
  // wrangler's --persist-to DIR keeps its files in DIR/v3, where the binding looks for them.
  const proxy = await getPlatformProxy<{ DB: D1Database; PHOTOS: R2Bucket }>({
    configPath: path.join(projectRoot, "wrangler.toml"),
    persist: { path: path.join(state, "v3") },
  });
  return {
    folder,
    state,
    catalogue: (...args) => runCommand("npm", ["run", "-s", "catalogue", "--", ...args, "--persist-to", state]),
    sql: async <Row>(statement: string) => (await proxy.env.DB.prepare(statement).all<Row>()).results,
    photoStored: async (key) => (await proxy.env.PHOTOS.head(key)) !== null,
    remove: async () => {
      await proxy.dispose();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
