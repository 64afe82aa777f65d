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
          // The tests hand the consumer its batches themselves (createMessageBatch) or deliver a
          // message by id, so the Worker's producer sends to a queue no consumer reads here: with
          // files sharing a runtime (isolate: false), the runtime's own consumer, even at its
          // longest wait (100 messages or 60 s, the most miniflare takes), fired on messages earlier
          // files had stored and now and then delivered a message a test was about to deliver itself
          // ("already-sent" where a clean clone's reminder test wanted "sent").
          queueProducers: { CONTACT_QUEUE: { queueName: "contact-messages-held-for-tests" } },
          queueConsumers: { "contact-messages": { maxBatchSize: 100, maxBatchTimeout: 60 } },
          bindings: {
            TEST_MIGRATIONS: migrations,
            CONTACT_HOURLY_CAP: "1000000",
            // The local stand-in for Stripe, as `npm start` turns it on (src/features/payments/stand-in).
            PAYMENT_STAND_IN_SECRET: "whsec_worker_tests_stand_in",
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
      // One runtime per worker for all its files rather than a new one per file: starting workerd
      // and loading the app's modules again cost about 5 s of CPU a file, three quarters of this
      // stage. Each file still starts from an empty database (apply-migrations.ts).
      isolate: false,
    },
  };
});
