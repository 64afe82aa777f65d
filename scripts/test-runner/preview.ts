import type { ChildProcess, StdioOptions } from "node:child_process";
import { start } from "../shared/run";

export interface MeasuredPreviewOptions {
  port: number;
  /** Where local workerd keeps D1, queues and caches for this run. */
  stateDirectory: string;
  host?: string;
  stdio?: StdioOptions;
}

/**
 * The production build in local workerd, set up to be measured. It logs warnings and errors only:
 * at info level local workerd reports every request to the Node process (a loopback POST each),
 * work the edge never does and that takes CPU from whatever is measuring.
 */
export function startMeasuredPreview({
  port,
  stateDirectory,
  host,
  stdio = "ignore",
}: MeasuredPreviewOptions): ChildProcess {
  const args = ["preview", "--port", String(port), "--strictPort", "--logLevel", "warn"];
  if (host) args.push("--host", host);
  return start("vite", args, { stdio, env: { WRANGLER_STATE_DIR: stateDirectory } });
}

/** Resolves once `url` answers 2xx; fails with the last problem seen after `timeoutMs`. */
export async function waitForServer(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem: unknown = "no answer yet";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? (error.cause ?? error.message) : error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No answer from ${url}: ${String(lastProblem)}`);
}
