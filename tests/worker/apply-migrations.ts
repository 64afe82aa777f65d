import { applyD1Migrations, env } from "cloudflare:test";

// Each test file starts from an empty database built by the project's own migrations. Files share
// one runtime per vitest worker (isolate: false in vitest.config.ts, for a fifth of the CPU), so the
// tables an earlier file filled are dropped first: newest first, so that no table goes while another
// still refers to it.
const { results } = await env.DB.prepare(
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid DESC",
).all<{ name: string }>();
if (results.length > 0) {
  await env.DB.batch([
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...results.map(({ name }) => env.DB.prepare(`DROP TABLE "${name}"`)),
  ]);
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
