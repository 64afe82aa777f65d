import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Worker-side tests run inside workerd with the bindings of wrangler.toml: a real local D1 with
// every migration applied, the real queue producer, the local send_email and rate-limit bindings.
export default defineConfig(async () => {
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
  const migrations = await readD1Migrations("./migrations");
  return {
    resolve: { tsconfigPaths: true },
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        // Property tests store hundreds of messages within one hour; the hourly cap's own tests set theirs.
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            CONTACT_HOURLY_CAP: "1000000",
            // `npm run soak` (SOAK=1) runs every property test at ten times its everyday count.
            PROPERTY_RUNS_FACTOR: process.env.SOAK === "1" ? "10" : "1",
          },
        },
      }),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      // Property tests send hundreds of real requests through workerd; on a loaded CI machine that
      // takes longer than vitest's 5 s default without anything being wrong.
      testTimeout: 60_000,
      // vitest's default leaves one of the machine's two cores to the rest; workerd runs the tests
      // in its own process, so two files at a time keep both busy (about a fifth off this stage).
      maxWorkers: 2,
    },
  };
});
