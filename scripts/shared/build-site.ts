import { spawn } from "node:child_process";
import { projectEnv, projectRoot } from "./run";

/**
 * React Router's prerender gives each page 10 seconds, a figure its config does not let us set, and
 * the first page also waits for local workerd to load the Worker. On a busy two-core machine (the
 * Worker tests beside the build, or another browser test beside `npm start`) that took longer, and
 * the build failed on "/rentals.data: The operation was aborted due to timeout" with nothing wrong
 * in the site. Such a build runs again, up to `buildAttempts` in all, each after a pause that lets the
 * neighbours' load pass, and says why; any other failure, or the last attempt's timeout, fails as
 * before. (Two attempts were not always enough beside the Worker tests on a loaded machine.)
 */
const buildAttempts = 3;
const pauseBeforeAgainMs = 15_000;
const prerenderTimeout = /Prerender: Request failed for \S+: The operation was aborted due to timeout/;

function buildOnce(echo: boolean): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    let output = "";
    const child = spawn("react-router", ["build"], {
      cwd: projectRoot,
      env: projectEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      if (echo) stream.write(chunk);
    };
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
  });
}

/** `react-router build`; `echo` prints as it goes (npm start), otherwise the output is returned. */
export async function buildSite({ echo }: { echo: boolean }): Promise<string> {
  let output = "";
  for (let attempt = 1; ; attempt += 1) {
    const built = await buildOnce(echo);
    output += built.output;
    if (built.status === 0) return output;
    if (!prerenderTimeout.test(built.output) || attempt === buildAttempts) {
      throw new Error(`${output}\nreact-router build failed with exit code ${built.status}`);
    }
    const note = `\nThe prerender timed out waiting for the local runtime, so the build runs again (attempt ${attempt + 1} of ${buildAttempts}).\n`;
    if (echo) process.stdout.write(note);
    output += note;
    await new Promise((resolve) => setTimeout(resolve, pauseBeforeAgainMs));
  }
}
