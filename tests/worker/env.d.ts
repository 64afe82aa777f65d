import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      /** The project's migrations, read by vitest.config.ts for the test database. */
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
