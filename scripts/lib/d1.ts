import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectEnv, projectRoot, run } from "./run";

/** Where a D1 command acts: the local emulation (optionally in its own folder) or Cloudflare. */
export interface D1Target {
  remote: boolean;
  /** Local state folder; wrangler's default (.wrangler/state) when omitted. */
  persistTo?: string;
}

export const databaseBinding = "DB";

/** D1 or wrangler refused: the message is theirs, fit to show staff as it is. */
export class D1Error extends Error {
  override name = "D1Error";
}

/** The flags that point a wrangler command at the local emulation or at Cloudflare. */
export function targetArgs(target: D1Target): string[] {
  if (target.remote) return ["--remote"];
  return target.persistTo ? ["--local", "--persist-to", target.persistTo] : ["--local"];
}

export function applyMigrations(target: D1Target): void {
  run("wrangler", ["d1", "migrations", "apply", databaseBinding, ...targetArgs(target)], { env: { CI: "true" } });
}

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** Wrangler's own words for a failure: with --json it prints `{ "error": { "text" } }`, else a ✘ line. */
export function failureText(stdout: string, stderr: string): string {
  try {
    const text = (JSON.parse(stdout) as { error?: { text?: unknown } }).error?.text;
    if (typeof text === "string" && text) return text;
  } catch {
    // Not JSON: wrangler failed before it could answer, so its terminal output is all there is.
  }
  const lines = `${stderr}\n${stdout}`.replace(ansi, "").split("\n");
  const marked = lines.filter((line) => /✘|\[ERROR\]/.test(line)).map((line) => line.replace(/^.*\[ERROR\]\s*/, ""));
  const chosen = marked.length > 0 ? marked : lines.filter((line) => line.trim() && !/^npm warn/i.test(line));
  return chosen.join("\n").trim() || "wrangler failed without saying why";
}

/**
 * Local workerd's answer when the database file was busy with another process, such as the server
 * `npm start` runs: the statement did not run (a batch is one transaction), so trying again a
 * moment later is safe. Seen once in CI, on a catalogue export while the site was serving pages.
 */
const localBusyFailure = /^internal error; reference = \w+$/m;
const localAttempts = 3;

/** One `wrangler d1 execute --json`: the results of each statement, in order. */
function execute(target: D1Target, input: string[]): { results: unknown[] }[] {
  const args = ["d1", "execute", databaseBinding, ...targetArgs(target), "--json", "--yes", ...input];
  const runWrangler = () =>
    spawnSync("wrangler", args, {
      cwd: projectRoot,
      encoding: "utf8",
      env: projectEnv(),
      maxBuffer: 256 * 1024 * 1024,
    });
  let result = runWrangler();
  for (let attempt = 2; attempt <= localAttempts && !target.remote; attempt += 1) {
    if (result.error || result.status === 0 || !localBusyFailure.test(failureText(result.stdout, result.stderr))) break;
    // A synchronous pause: the staff tools run one command after another and have nothing else to do.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000 * attempt);
    result = runWrangler();
  }
  if (result.error) throw new D1Error(`Could not run wrangler: ${result.error.message}`);
  if (result.status !== 0) throw new D1Error(failureText(result.stdout, result.stderr));
  try {
    return JSON.parse(result.stdout) as { results: unknown[] }[];
  } catch {
    throw new D1Error(`wrangler answered with something other than JSON:\n${result.stdout.slice(0, 500)}`);
  }
}

/** Runs one SELECT (or several, as one batch) and returns all their rows together. */
export function query<Row>(target: D1Target, sql: string): Row[] {
  return execute(target, ["--command", sql]).flatMap((result) => result.results as Row[]);
}

/**
 * Runs statements given as one command and returns each one's rows apart. D1 runs them as one
 * batch, so several SELECTs see the same moment of the database.
 */
export function queryEach(target: D1Target, sql: string): unknown[][] {
  return execute(target, ["--command", sql]).map((result) => result.results);
}

/**
 * Runs a file of statements all or nothing. Locally wrangler sends the whole file as one D1 batch,
 * which is one transaction (tried: a file whose 700th of 1,000 inserts broke a CHECK left none of
 * the 699 before it); with --remote it goes through D1's import, which puts the database back as
 * it was when the file fails part-way.
 */
export function executeSql(target: D1Target, sql: string): void {
  const folder = mkdtempSync(path.join(tmpdir(), "d1-"));
  const file = path.join(folder, "statements.sql");
  try {
    writeFileSync(file, sql);
    execute(target, ["--file", file]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
