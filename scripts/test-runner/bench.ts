/**
 * `npm run bench`: throughput and tail latency of the production build in local workerd, on
 * loopback, bounded in time. Prints each target's requests per second as a ratio of a static
 * asset's, measured in the same run, then soaks `/` and `/api/vehicles` and bursts the contact API.
 *
 * Budgets (exit 1 when missed): a cached SSR page reaches 80% of the static asset's throughput;
 * the soak has zero errors; the burst answers only 202 or 429 and every 202 is stored and e-mailed.
 * `npm run bench -- photos` measures photos sent from a phone instead (bench-photos.ts).
 */
// @ts-expect-error autocannon ships no types
import autocannon from "autocannon";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { query } from "../staff/d1";
import { benchPhotos } from "./bench-photos";
import { startMeasuredPreview, waitForServer } from "./preview";
import { projectRoot, run } from "../shared/run";

const port = Number(process.env.BENCH_PORT ?? 4290);
const origin = `http://127.0.0.1:${port}`;
const stateDirectory = ".wrangler/bench-state";
/** Each target is measured in this many rounds, interleaved with the others. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const secondsPerRound = Number(process.env.BENCH_SECONDS ?? 5);
const warmUpSeconds = 2;
const soakSeconds = 30;

interface Result {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
  timeouts: number;
}

function cannon(options: Record<string, unknown>): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, ...options }, (error: Error | null, result: Result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function hashedAsset(): string {
  const buildDirectory = process.env.BUILD_DIR ?? "build";
  const assets = readdirSync(path.join(projectRoot, buildDirectory, "client", "assets")).filter((file) =>
    file.endsWith(".css"),
  );
  if (!assets[0]) throw new Error("No built CSS asset: run the build first");
  return `/assets/${assets[0]}`;
}

async function main(): Promise<number> {
  const failures: string[] = [];
  rmSync(path.join(projectRoot, stateDirectory), { recursive: true, force: true });
  run("tsx", ["scripts/local-site/db-setup.ts", "--persist-to", stateDirectory]);
  const server = startMeasuredPreview({
    port,
    stateDirectory,
    host: "127.0.0.1",
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForServer(`${origin}/`);
    const targets = [
      { name: "static asset", path: hashedAsset() },
      { name: "pre-rendered town page", path: "/montrose-golf-carts" },
      { name: "SSR home (edge cached)", path: "/" },
      { name: "SSR inventory (edge cached)", path: "/inventory" },
      { name: "SSR vehicle page (edge cached)", path: "/vehicle/evolution-d6-max-xt4" },
      { name: "API vehicle list (edge cached)", path: "/api/vehicles" },
    ];
    // Fill the edge cache and let both engines warm up, so no target is measured cold.
    for (const target of targets) await cannon({ url: `${origin}${target.path}`, duration: warmUpSeconds });
    // Rounds over all targets rather than one long run each: on a shared 2-core machine the load
    // generator, the proxy and workerd compete for the same cores, and whatever else slows the
    // machine for a while then falls on every target alike instead of on whichever ran at the time.
    const samples = new Map(targets.map((target) => [target.path, [] as Result[]]));
    for (let round = 0; round < rounds; round += 1) {
      for (const target of targets) {
        samples.get(target.path)!.push(await cannon({ url: `${origin}${target.path}`, duration: secondsPerRound }));
      }
    }
    const rows = targets.map((target) => {
      const results = samples.get(target.path)!;
      const errors = results.reduce((sum, result) => sum + result.errors + result.non2xx + result.timeouts, 0);
      if (errors > 0) failures.push(`${target.name}: ${errors} errors or non-2xx answers`);
      return {
        name: target.name,
        rps: results.reduce((sum, result) => sum + result.requests.average, 0) / results.length,
        p99: Math.max(...results.map((result) => result.latency.p99)),
      };
    });
    const staticRps = rows[0]!.rps;
    console.log(
      `\nThroughput (${rounds} interleaved rounds of ${secondsPerRound} s per target, 50 connections, loopback;` +
        " req/s is the mean of the rounds, p99 the worst round's)",
    );
    console.log(`${"target".padEnd(34)}${"req/s".padStart(10)}${"p99 ms".padStart(10)}${"vs static".padStart(12)}`);
    for (const row of rows) {
      const ratio = row.rps / staticRps;
      console.log(
        `${row.name.padEnd(34)}${row.rps.toFixed(0).padStart(10)}${String(row.p99).padStart(10)}${`${(ratio * 100).toFixed(0)}%`.padStart(12)}`,
      );
      if (row.name.includes("edge cached") && row.name.startsWith("SSR") && ratio < 0.8) {
        failures.push(`${row.name} reaches ${(ratio * 100).toFixed(0)}% of the static asset's throughput (budget 80%)`);
      }
    }

    console.log(`\nSoak: 50 connections for ${soakSeconds} s`);
    for (const soakPath of ["/", "/api/vehicles"]) {
      const result = await cannon({ url: `${origin}${soakPath}`, duration: soakSeconds });
      const errors = result.errors + result.non2xx + result.timeouts;
      console.log(
        `${soakPath.padEnd(20)} ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${errors} errors`,
      );
      if (errors > 0) failures.push(`soak ${soakPath}: ${errors} errors`);
    }

    console.log("\nBurst: 40 contact messages at once");
    const body = JSON.stringify({
      firstName: "Load",
      lastName: "Test",
      email: "load@example.org",
      phone: "570-555-0100",
      interest: "general",
      message: "A burst of messages to check the rate limit.",
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${origin}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: origin },
          body,
        }).then((response) => response.status),
      ),
    );
    const accepted = answers.filter((status) => status === 202).length;
    const limited = answers.filter((status) => status === 429).length;
    console.log(`202: ${accepted}, 429: ${limited}, other: ${answers.length - accepted - limited}`);
    if (accepted + limited !== answers.length) failures.push("the burst got answers other than 202 and 429");
    // Let the local queue consumer deliver what was accepted.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    const [stored] = query<{ total: number; sent: number }>(
      { remote: false, persistTo: stateDirectory },
      "SELECT COUNT(*) AS total, SUM(status = 'sent') AS sent FROM contact_messages",
      "counting the stored messages",
    );
    console.log(`stored: ${stored?.total ?? 0}, e-mailed: ${stored?.sent ?? 0}`);
    if ((stored?.total ?? 0) !== accepted) failures.push(`${accepted} accepted but ${stored?.total ?? 0} stored`);
    if ((stored?.sent ?? 0) !== accepted) failures.push(`${accepted} accepted but ${stored?.sent ?? 0} e-mailed`);
  } finally {
    server.kill();
  }
  for (const failure of failures) console.error(`BUDGET MISSED: ${failure}`);
  return failures.length > 0 ? 1 : 0;
}

/** `npm run bench -- <name>` runs one other benchmark by its name instead. */
const benchmarks: Record<string, () => Promise<number>> = { photos: benchPhotos };
const name = process.argv[2];
if (name !== undefined && !(name in benchmarks)) {
  console.error(`No benchmark is called ${name}: ${Object.keys(benchmarks).join(", ")}.`);
  process.exit(2);
}
process.exit(name ? await benchmarks[name]!() : await main());
