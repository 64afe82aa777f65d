import { spawn, spawnSync, type SpawnOptions } from "node:child_process";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
const binDirectory = path.join(projectRoot, "node_modules", ".bin");

/** The project's own tools (Node 24, wrangler, vite) come first on PATH. */
export function projectEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${binDirectory}${path.delimiter}${process.env.PATH ?? ""}`,
    // Local workerd would otherwise ask Cloudflare for a sample `request.cf` on every start.
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    // Node keeps the compiled code of the tools it loads (wrangler's is megabytes), so a staff
    // command's every wrangler call starts about half a second sooner than the first did.
    NODE_COMPILE_CACHE: path.join(projectRoot, "node_modules", ".cache", "node-compile"),
    ...extra,
  };
}

/**
 * The wrangler the staff tools run: the project's own, found on PATH. The staff-tool tests put a
 * stand-in in its place that fails on purpose (tests/e2e/staff-retries.spec.ts), through a variable
 * named so that nobody sets it by accident; a command that finds it set says so.
 */
const standInVariable = "STAFF_TOOLS_TEST_ONLY_WRANGLER_STAND_IN";
let standInNoticed = false;

export function wranglerProgram(): string {
  const standIn = process.env[standInVariable];
  if (!standIn) return "wrangler";
  if (!standInNoticed) console.error(`(${standInVariable} is set: running ${standIn} in place of wrangler)`);
  standInNoticed = true;
  return standIn;
}

/** Runs a command to completion with inherited output; throws with the command line on failure. */
export function run(command: string, args: string[], options: { env?: Record<string, string> } = {}): void {
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: "inherit", env: projectEnv(options.env) });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed with exit code ${result.status ?? result.signal}`);
  }
}

/** Runs a command and returns its standard output; throws with its standard error on failure. */
export function capture(command: string, args: string[], options: { env?: Record<string, string> } = {}): string {
  const result = spawnSync(command, args, { cwd: projectRoot, encoding: "utf8", env: projectEnv(options.env) });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/**
 * Runs commands one after another without blocking, keeping what they print until they are done: for
 * stages that run beside another whose output streams, so that neither's lines are interleaved.
 * Resolves with everything printed; rejects at the first failure, the output so far in its message.
 */
export async function runInTurn(commands: [string, string[]][]): Promise<string> {
  let output = "";
  for (const [command, args] of commands) {
    const status = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(command, args, { cwd: projectRoot, env: projectEnv(), stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", reject);
      child.on("close", resolve);
    });
    if (status !== 0) throw new Error(`${output}\n${command} ${args.join(" ")} failed with exit code ${status}`);
  }
  return output;
}

/** Starts a long-running command; the caller owns the child. */
export function start(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, "env"> & { env?: Record<string, string> } = {},
) {
  return spawn(command, args, { cwd: projectRoot, stdio: "inherit", ...options, env: projectEnv(options.env) });
}
