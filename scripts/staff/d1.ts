import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TransientFailure, transientKind, withRetries, type Step, type WriteSafety } from "./retry";
import { projectEnv, projectRoot, run, wranglerProgram } from "../shared/run";

/** Where a D1 command acts: the local emulation (optionally in its own folder) or Cloudflare. */
export interface D1Target {
  remote: boolean;
  /** Local state folder; wrangler's default (.wrangler/state) when omitted. */
  persistTo?: string;
}

export const databaseBinding = "DB";

/** D1 or wrangler refused (or failed in a way another try would not mend): the message is theirs. */
export class D1Error extends Error {
  override name = "D1Error";
  constructor(
    message: string,
    /** The step that failed, as staff would say it: "reading the catalogue from the local database". */
    readonly doing?: string,
    readonly remote = false,
  ) {
    super(message);
  }
}

/** The database a target names, in the words the tools' messages use. */
export const databaseName = (target: D1Target) =>
  target.remote ? "the D1 database on Cloudflare" : "the local database";

/** The flags that point a wrangler command at the local emulation or at Cloudflare. */
export function targetArgs(target: D1Target): string[] {
  if (target.remote) return ["--remote"];
  return target.persistTo ? ["--local", "--persist-to", target.persistTo] : ["--local"];
}

/** What staff type to bring the target's database up to date, for refusals that find a migration missing. */
export const migrateCommand = (target: D1Target) =>
  `npx wrangler d1 migrations apply DB ${target.remote ? "--remote" : "--local"}`;

export function applyMigrations(target: D1Target): void {
  run("wrangler", ["d1", "migrations", "apply", databaseBinding, ...targetArgs(target)], { env: { CI: "true" } });
}

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/**
 * wrangler's own words for a failure: with --json it prints `{ "error": { "text" } }` on standard
 * output, else ✘ lines on standard error. Nothing else of standard output is ever taken: it can hold
 * rows (customers' names, e-mails, phones), which must never reach a message.
 */
export function failureText(stdout: string, stderr: string): string {
  try {
    const text = (JSON.parse(stdout) as { error?: { text?: unknown } }).error?.text;
    if (typeof text === "string" && text) return text;
  } catch {
    // Not JSON: wrangler failed before it could answer, so its terminal output is all there is.
  }
  const lines = stderr.replace(ansi, "").split("\n");
  const marked = lines.filter((line) => /✘|\[ERROR\]/.test(line)).map((line) => line.replace(/^.*\[ERROR\]\s*/, ""));
  // Else the last lines that are not npm's warnings, a stack trace's frames or Node's version.
  const plain = lines.filter((line) => line.trim() && !/^npm warn|^\s+at\s|^Node\.js v\d/i.test(line));
  const chosen = marked.length > 0 ? marked : plain.slice(-3);
  return chosen.join("\n").trim() || "wrangler failed without saying why";
}

/** Staff stopping a command (Ctrl+C) stops wrangler too: that is their choice, not a failure to retry. */
const stoppedByStaff = new Set(["SIGINT", "SIGTERM", "SIGHUP"]);

/**
 * Runs wrangler (or another program of the runtime's, `program`) once and returns its standard
 * output. A failure another try may mend throws TransientFailure (withRetries decides whether to try
 * again); any other throws `refusal(wrangler's words)`.
 */
export function runOnce(
  args: string[],
  refusal: (text: string) => Error,
  options: { program?: string; input?: string; maxBuffer?: number } = {},
): string {
  const program = options.program ?? wranglerProgram();
  const result = spawnSync(program, args, {
    cwd: projectRoot,
    encoding: "utf8",
    env: projectEnv(),
    input: options.input,
    maxBuffer: options.maxBuffer,
  });
  if (result.error) throw refusal(`Could not run ${path.basename(program)}: ${result.error.message}`);
  if (result.signal && !stoppedByStaff.has(result.signal)) {
    throw new TransientFailure(`${path.basename(program)} stopped with ${result.signal}`, "uncertain");
  }
  if (result.status !== 0) {
    const text = failureText(result.stdout, result.stderr);
    const kind = transientKind(text);
    if (kind) throw new TransientFailure(text, kind);
    throw refusal(text);
  }
  return result.stdout;
}

type Results = { results: unknown[] }[];

/** One `wrangler d1 execute --json`, tried as `step` allows: the results of each statement, in order. */
function execute(target: D1Target, input: string[], step: Omit<Step<Results>, "remote">): Results {
  const args = ["d1", "execute", databaseBinding, ...targetArgs(target), "--json", "--yes", ...input];
  return withRetries({ ...step, remote: target.remote }, () => {
    const stdout = runOnce(args, (text) => new D1Error(text, step.doing, target.remote), {
      maxBuffer: 256 * 1024 * 1024,
    });
    try {
      return JSON.parse(stdout) as Results;
    } catch {
      // Not what wrangler prints when it finished: its answer was cut short. Not quoted: it holds rows.
      throw new TransientFailure("wrangler's answer was cut short (it was not the JSON it prints)", "uncertain");
    }
  });
}

/** A write: what it does, as staff would say it, and how it may be tried again (see WriteSafety). */
export interface Write<T> {
  doing: string;
  safety: WriteSafety<T>;
  /** The command that shows staff whether the change was made, should that be left unknown. */
  seeWith?: string;
}

const perStatement = (results: Results) => results.map((result) => result.results);

/**
 * Runs one SELECT (or several, as one batch) and returns all their rows together. A read: tried
 * again after a failure on the way. `doing` says what it reads: "reading the bookings from the local
 * database".
 */
export function query<Row>(target: D1Target, sql: string, doing: string): Row[] {
  return execute(target, ["--command", sql], { doing }).flatMap((result) => result.results as Row[]);
}

/**
 * Runs SELECTs given as one command and returns each one's rows apart. D1 runs them as one batch,
 * so several SELECTs see the same moment of the database.
 */
export function queryEach(target: D1Target, sql: string, doing: string): unknown[][] {
  return perStatement(execute(target, ["--command", sql], { doing }));
}

/**
 * Runs statements that change the database (with any reads among them) as one batch, which D1
 * applies all or nothing, and returns each one's rows apart. Tried again only as `write.safety`
 * allows, so a change whose answer was lost is never made twice.
 */
export function sendChange(target: D1Target, sql: string, write: Write<unknown[][]>): unknown[][] {
  const safety = write.safety;
  return perStatement(
    execute(target, ["--command", sql], {
      doing: write.doing,
      seeWith: write.seeWith,
      write:
        "repeatable" in safety
          ? safety
          : {
              applied: (since) => {
                const found = safety.applied(since);
                return found === undefined ? undefined : found.map((results) => ({ results }));
              },
            },
    }),
  );
}

/**
 * Runs a file of statements all or nothing. Locally wrangler sends the whole file as one D1 batch,
 * which is one transaction (tried: a file whose 700th of 1,000 inserts broke a CHECK left none of
 * the 699 before it); with --remote it goes through D1's import, which puts the database back as
 * it was when the file fails part-way. A check (`write.safety.applied`) answers true when it finds
 * the file went in. Returns each statement's rows as the local batch gives them; none when the check
 * answered for a try whose answer was lost, and none to rely on from D1's import on Cloudflare.
 */
export function executeSql(target: D1Target, sql: string, write: Write<true>): unknown[][] {
  const folder = mkdtempSync(path.join(tmpdir(), "d1-"));
  const file = path.join(folder, "statements.sql");
  const safety = write.safety;
  try {
    writeFileSync(file, sql);
    const results = execute(target, ["--file", file], {
      doing: write.doing,
      seeWith: write.seeWith,
      write:
        "repeatable" in safety
          ? safety
          : { applied: (since) => (safety.applied(since) === undefined ? undefined : []) },
    });
    // Only the local batch's answer is a list of statements; D1's import answers in a form of its own.
    return !target.remote && Array.isArray(results) ? perStatement(results) : [];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
