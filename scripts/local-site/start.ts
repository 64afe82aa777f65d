/**
 * `npm start`: prepares the local database, builds the site and serves the production build in
 * local workerd on http://localhost:8787 (PORT overrides). Queue and e-mail run in local emulation.
 * The staff pages let this machine in as a local staff identity (scripts/local-site/local-staff.ts;
 * README, Staff pages).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { localSpreadsheetKey, localStaffIdentity, localWebhookSecret } from "./local-staff";
import { buildSite } from "../shared/build-site";
import { projectRoot, run, start } from "../shared/run";

const port = process.env.PORT ?? "8787";

/**
 * Puts the local staff identity, a spreadsheet signing key and the payment stand-in's webhook secret among the built Worker's local
 * variables (`.dev.vars` beside the build's `wrangler.json`), which `vite preview` reads and
 * `wrangler deploy` never uploads. The build writes that file afresh from the project's own
 * `.dev.vars`, if any, so both are gone after the next build, and neither is ever in the project's
 * `.dev.vars`, whose keys `wrangler types` would add to `Env`; a signing key set there is kept.
 */
function setLocalVariables(identity: string | null): void {
  const devVars = path.resolve(projectRoot, process.env.BUILD_DIR ?? "build", "server", ".dev.vars");
  const kept = existsSync(devVars)
    ? readFileSync(devVars, "utf8")
        .split("\n")
        .filter(
          (line) =>
            line.trim() !== "" && !/^\s*(?:export\s+)?(?:STAFF_LOCAL_IDENTITY|PAYMENT_STAND_IN_SECRET)\s*=/.test(line),
        )
    : [];
  const hasStripeKey = kept.some((line) => /^\s*(?:export\s+)?STRIPE_SECRET_KEY\s*=/.test(line));
  const hasKey = kept.some((line) => /^\s*(?:export\s+)?SPREADSHEET_SIGNING_KEY\s*=/.test(line));
  const lines = [
    ...kept,
    ...(identity === null ? [] : [`STAFF_LOCAL_IDENTITY='${identity}'`]),
    ...(hasKey ? [] : [`SPREADSHEET_SIGNING_KEY='${localSpreadsheetKey()}'`]),
    // Turns on the local stand-in for Stripe (no key here), which signs its webhooks with it.
    ...(hasStripeKey ? [] : [`PAYMENT_STAND_IN_SECRET='${localWebhookSecret()}'`]),
  ];
  writeFileSync(devVars, lines.map((line) => `${line}\n`).join(""));
}

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
