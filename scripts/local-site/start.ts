/**
 * `npm start`: prepares the local database, builds the site and serves the production build in
 * local workerd on http://localhost:8787 (PORT overrides). Queue and e-mail run in local emulation.
 * The staff pages let this machine in as a local staff identity (scripts/local-site/local-staff.ts;
 * README, Staff pages).
 */
import { localStaffIdentity } from "./local-staff";
import { setLocalVariables } from "./local-variables";
import { buildSite } from "../shared/build-site";
import { run, start } from "../shared/run";

const port = process.env.PORT ?? "8787";

const identity = localStaffIdentity();
run("tsx", ["scripts/local-site/db-setup.ts"]);
try {
  await buildSite({ echo: true });
} catch {
  process.exit(1);
}
setLocalVariables(identity);
console.log(`\nServing the production build on http://localhost:${port}`);
console.log(
  identity === null
    ? "Staff pages: the Cloudflare Access check is on (STAFF_ACCESS_CHECK); /staff answers 403 without a verified token.\n"
    : `Staff pages: http://localhost:${port}/staff lets you in as ${identity} (STAFF_ACCESS_CHECK=1 turns the Access check on).\n`,
);
const server = start("vite", ["preview", "--port", port, "--strictPort"]);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
