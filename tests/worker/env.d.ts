import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      /** The project's migrations, read by vitest.config.ts for the test database. */
      TEST_MIGRATIONS: D1Migration[];
      /** How many times its everyday count a property test runs: "10" under `npm run soak`. */
      PROPERTY_RUNS_FACTOR?: string;
      /** The local stand-in for Stripe's webhook secret (vitest.config.ts), as `npm start` sets one. */
      PAYMENT_STAND_IN_SECRET?: string;
    }
  }
}
