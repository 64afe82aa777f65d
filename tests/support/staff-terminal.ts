import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPlatformProxy } from "wrangler";

const projectRoot = path.resolve(import.meta.dirname, "../..");

/** A staff member's terminal: none of the test runner's own settings (state folder, build folder). */
export const terminalEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(WRANGLER_STATE_DIR|BUILD_DIR|E2E_|PLAYWRIGHT_|PORT$)/.test(name)),
) as NodeJS.ProcessEnv;

export interface CommandResult {
  status: number | null;
  stdout: string;
  /** Standard output, then standard error: everything the terminal shows. */
  output: string;
}

/**
 * Runs a command in `folder`, as a terminal would, without stopping the test's own event loop: a
 * local binding the test holds open (getPlatformProxy) keeps its connection to workerd alive only
 * while the loop runs, and a command that blocked it for seconds would leave that connection dead.
 */
export function runCommand(command: string, args: string[], folder = projectRoot): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: folder, env: terminalEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, output: `${stdout}\n${stderr}` }));
  });
}

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
  // The database scripts/e2e.ts migrated and seeded before any test ran, copied as it was then.
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
