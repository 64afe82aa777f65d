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
  /** Stripe's secret API key (`wrangler secret put STRIPE_SECRET_KEY`); without it no deposit is taken online. */
  STRIPE_SECRET_KEY?: string;
  /** The signing secret of the Stripe webhook endpoint for /api/payments/webhook (`wrangler secret put`). */
  STRIPE_WEBHOOK_SECRET?: string;
  /**
   * Local only, never in `wrangler.toml`: the secret the local stand-in for Stripe signs its webhooks
   * with, which turns the stand-in on for requests to this machine while no STRIPE_SECRET_KEY is set
   * (`npm start` writes a fresh one; src/features/payments/stand-in/).
   */
  PAYMENT_STAND_IN_SECRET?: string;
}

declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
