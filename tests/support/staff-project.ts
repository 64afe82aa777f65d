import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base } from "@playwright/test";
import { getPlatformProxy } from "wrangler";
import { runCommand, terminalEnv, type CommandResult } from "./staff-terminal";

export { expect } from "./staff-terminal";

/**
 * A fresh copy of the project serving `npm start`, as a member of staff has it: the commands the
 * README gives are typed into its folder, so they change the default local database the site
 * serves, with no flag added that staff would not type. One copy and one server per worker: the
 * "staff" project runs every file that uses it in one worker, one after another, so the copy is
 * made and built once per run rather than once per file.
 */
export interface StaffProject {
  folder: string;
  /** Where the copy's `npm start` answers, "http://localhost:PORT". */
  site: string;
  /**
   * Runs one README line in the copy's folder, as a terminal would; `env` adds variables to the
   * terminal's (a test's stand-in for wrangler). Check its exit status with `toExitWith`.
   */
  type(command: string, env?: Record<string, string>): Promise<CommandResult>;
  /**
   * One SQL statement on the copy's default local database, for a test to set the scene or check
   * what a command did; its rows. It goes through one local D1 binding that stays open for the
   * whole run, where a `wrangler d1 execute` would start a runtime for each statement (3 s apiece).
   */
  sql<Row>(statement: string): Promise<Row[]>;
  /** The same database, for calling the site's own store functions on it. */
  db: D1Database;
}

const projectRoot = path.resolve(import.meta.dirname, "../..");
const leftOut = new Set(["node_modules", ".git", ".wrangler", "build", "test-results", ".react-router"]);
/** A fresh build on a busy two-core machine, the database set up, the server up. */
const startupLimitMs = 300_000;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(folder: string, site: string, port: number): Promise<ChildProcess> {
  let log = "";
  const server = spawn("npm", ["start"], {
    cwd: folder,
    env: { ...terminalEnv, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that stopping it stops the build server and workerd too.
    detached: true,
  });
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000));
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  const deadline = Date.now() + startupLimitMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start stopped with code ${server.exitCode}:\n${log}`);
    const up = await fetch(site).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return server;
    if (Date.now() > deadline) throw new Error(`npm start did not answer within ${startupLimitMs / 1000} s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function stopServer(server: ChildProcess): void {
  if (!server.pid) return;
  try {
    process.kill(-server.pid);
  } catch {
    server.kill();
  }
}

export const test = base.extend<object, { staffProject: StaffProject }>({
  staffProject: [
    async ({}, use) => {
      const folder = mkdtempSync(path.join(tmpdir(), "staff-project-"));
      cpSync(projectRoot, folder, { recursive: true, filter: (source) => !leftOut.has(path.basename(source)) });
      symlinkSync(path.join(projectRoot, "node_modules"), path.join(folder, "node_modules"));
      // The default local state as `npm start` leaves it on its first run: the database this run
      // migrated and seeded once already (scripts/test-runner/e2e.ts), so the copy's `npm start` finds every
      // migration applied rather than applying all of them again (twenty seconds of CPU). A first
      // start on an empty machine is what the clean-clone check of the README's commands does.
      const seeded = process.env.E2E_SEEDED_STATE;
      if (seeded && existsSync(seeded)) cpSync(seeded, path.join(folder, ".wrangler", "state"), { recursive: true });
      const port = await freePort();
      const site = `http://localhost:${port}`;
      const server = await startServer(folder, site, port);
      const type = (command: string, env?: Record<string, string>) =>
        runCommand("bash", ["-c", command], { folder, typed: command, env });
      // The state folder `npm start` and the staff's commands use by default.
      const proxy = await getPlatformProxy<{ DB: D1Database }>({
        configPath: path.join(folder, "wrangler.toml"),
        persist: { path: path.join(folder, ".wrangler", "state", "v3") },
      });
      // The copy's own server works on the same SQLite files from another runtime, and a statement
      // that meets its lock can fail with D1's "internal error" (once in a clean run, on a test's
      // SELECT right after a staff page's write): such a statement is tried again, anything else
      // fails at once.
      const sql = async <Row>(statement: string): Promise<Row[]> => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return (await proxy.env.DB.prepare(statement).all<Row>()).results;
          } catch (error) {
            if (attempt === 4 || !/internal error/i.test(String(error))) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
          }
        }
      };
      try {
        await use({ folder, site, type, sql, db: proxy.env.DB });
      } finally {
        await proxy.dispose();
        stopServer(server);
        rmSync(folder, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: startupLimitMs + 60_000 },
  ],
});
