import { spawn } from "node:child_process";
import { projectEnv, projectRoot } from "./run";

/**
 * React Router's prerender gives each page 10 seconds, a figure its config does not let us set, and
 * the first page also waits for local workerd to load the Worker. On a busy two-core machine (the
 * Worker tests beside the build, or another browser test beside `npm start`) that took longer, and
 * the build failed on "/rentals.data: The operation was aborted due to timeout" with nothing wrong
 * in the site. Such a build runs once more and says why; any other failure, or a second timeout,
 * fails as before.
 */
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
  const first = await buildOnce(echo);
  if (first.status === 0) return first.output;
  if (!prerenderTimeout.test(first.output)) {
    throw new Error(`${first.output}\nreact-router build failed with exit code ${first.status}`);
  }
  const note = "\nThe prerender timed out waiting for the local runtime, so the build runs once more.\n";
  if (echo) process.stdout.write(note);
  const second = await buildOnce(echo);
  const output = `${first.output}${note}${second.output}`;
  if (second.status !== 0) throw new Error(`${output}\nreact-router build failed with exit code ${second.status}`);
  return output;
}
