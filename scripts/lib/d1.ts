import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { capture, run } from "./run";

/** Where a D1 command acts: the local emulation (optionally in its own folder) or Cloudflare. */
export interface D1Target {
  remote: boolean;
  /** Local state folder; wrangler's default (.wrangler/state) when omitted. */
  persistTo?: string;
}

export const databaseBinding = "DB";

function targetArgs(target: D1Target): string[] {
  if (target.remote) return ["--remote"];
  return target.persistTo ? ["--local", "--persist-to", target.persistTo] : ["--local"];
}

export function applyMigrations(target: D1Target): void {
  run("wrangler", ["d1", "migrations", "apply", databaseBinding, ...targetArgs(target)], { env: { CI: "true" } });
}

/** Runs one SELECT and returns its rows. */
export function query<Row>(target: D1Target, sql: string): Row[] {
  const output = capture("wrangler", [
    "d1",
    "execute",
    databaseBinding,
    ...targetArgs(target),
    "--json",
    "--command",
    sql,
  ]);
  const results = JSON.parse(output) as { results: Row[]; success: boolean }[];
  return results.flatMap((result) => result.results);
}

/** Runs a file of statements as one batch: D1 applies all of them or none. */
export function executeSql(target: D1Target, sql: string): void {
  const folder = mkdtempSync(path.join(tmpdir(), "d1-"));
  const file = path.join(folder, "statements.sql");
  try {
    writeFileSync(file, sql);
    capture("wrangler", ["d1", "execute", databaseBinding, ...targetArgs(target), "--yes", "--file", file]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
