import { env } from "cloudflare:test";

/** Runs a file of statements (as the staff's import writes them) against the test D1, as one batch. */
export async function runSql(sql: string): Promise<void> {
  await env.DB.batch(
    sql
      .split(/;\s*$/m)
      .filter((statement) => statement.trim())
      .map((statement) => env.DB.prepare(statement)),
  );
}
