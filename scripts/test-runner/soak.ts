/**
 * `npm run soak`: the generated suites at ten times the size `npm test` runs them (SOAK=1), to look
 * for the rare case that an everyday run is unlikely to meet: the Worker's property tests, then the
 * hostile-body suite against a fresh production build. It takes several times as long as their
 * share of `npm test`; run it after changing a schema, the request readers or the booking rules.
 */
import { prepareBrowserDatabase, runBrowserTests } from "./e2e";
import { run } from "../shared/run";

const soak = { SOAK: "1" };
try {
  run("vitest", ["run"], { env: soak });
  run("react-router", ["build"]);
  await prepareBrowserDatabase();
  runBrowserTests(["tests/e2e/post-abuse.spec.ts", "--project", "desktop"], soak);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
