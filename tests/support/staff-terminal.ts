import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

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

/** Runs a command in the project folder, as a terminal would. */
export function runInProject(command: string, args: string[]): CommandResult {
  const result = spawnSync(command, args, { cwd: projectRoot, encoding: "utf8", env: terminalEnv });
  return { status: result.status, stdout: result.stdout, output: `${result.stdout}\n${result.stderr}` };
}

export interface OwnDatabase {
  /** A temporary folder for the test's files; the database lives in its `state` folder. */
  folder: string;
  state: string;
  /** `npm run catalogue -- ARGS --persist-to STATE`. */
  catalogue(...args: string[]): CommandResult;
  /** One SQL statement on the database, as an administrator would run it; its rows. */
  sql<Row>(statement: string): Row[];
  remove(): void;
}

/**
 * A local database of the test's own, migrated and seeded as `npm start` seeds the default one, so
 * staff commands can change it without touching the database the browser tests' server uses.
 */
export function setUpOwnDatabase(name: string): OwnDatabase {
  const folder = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const state = path.join(folder, "state");
  const setup = runInProject("npx", ["tsx", "scripts/db-setup.ts", "--persist-to", state]);
  if (setup.status !== 0) throw new Error(`Setting up the test's database failed:\n${setup.output}`);
  return {
    folder,
    state,
    catalogue: (...args) => runInProject("npm", ["run", "-s", "catalogue", "--", ...args, "--persist-to", state]),
    sql<Row>(statement: string) {
      const args = ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command"];
      const result = runInProject("npx", [...args, statement]);
      if (result.status !== 0) throw new Error(`${statement}\nfailed:\n${result.output}`);
      return (JSON.parse(result.stdout) as { results: Row[] }[])[0]!.results;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
