// Secrets and local-only settings are not in wrangler.toml, so `wrangler types` cannot see them.
interface Env {
  /** Turnstile secret (`wrangler secret put TURNSTILE_SECRET`); without it the check is skipped, unless TURNSTILE_SITE_KEY is set: then every message is refused. */
  TURNSTILE_SECRET?: string;
  /**
   * Local only, never in `wrangler.toml`: the staff identity `npm start` and `npm run dev` let this
   * machine in as without Cloudflare Access (scripts/local-site/local-staff.ts).
   */
  STAFF_LOCAL_IDENTITY?: string;
  /**
   * The key the staff spreadsheet page seals a preview with, so its Confirm imports that very file
   * (`wrangler secret put SPREADSHEET_SIGNING_KEY`; `npm start` and `npm run dev` make a local one).
   */
  SPREADSHEET_SIGNING_KEY?: string;
}

declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
