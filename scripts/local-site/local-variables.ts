import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { localSpreadsheetKey, localWebhookSecret } from "./local-staff";
import { projectRoot } from "../shared/run";

/**
 * Puts the local staff identity, a spreadsheet signing key and the payment stand-in's webhook secret
 * among the built Worker's local
 * variables (`.dev.vars` beside the build's `wrangler.json`), which `vite preview` reads and
 * `wrangler deploy` never uploads. The build writes that file afresh from the project's own
 * `.dev.vars`, if any, so both are gone after the next build, and neither is ever in the project's
 * `.dev.vars`, whose keys `wrangler types` would add to `Env`; a signing key set there is kept.
 */
export function setLocalVariables(identity: string | null): void {
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
