// Secrets are not in wrangler.toml, so `wrangler types` cannot see them.
interface Env {
  /** Turnstile secret (`wrangler secret put TURNSTILE_SECRET`); the check is skipped when unset. */
  TURNSTILE_SECRET?: string;
}

declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
