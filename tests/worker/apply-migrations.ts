import { applyD1Migrations, env } from "cloudflare:test";

// Each test file starts from an empty database built by the project's own migrations.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
