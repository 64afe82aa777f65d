import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Database } from "./db.server";

const dialect = new SQLiteAsyncDialect();

/**
 * Runs statements as one D1 batch, which D1 runs as one transaction. drizzle's `db.batch` would be
 * the way, but it cannot take `sql` statements with bound values on D1 (drizzle-orm issue 2277:
 * the raw query has no prepared statement to bind, a TypeError), so each statement is turned into
 * its text and bound values by drizzle's SQLite dialect, as `db.batch` does, and the batch is
 * handed to D1 the way `db.batch` hands it. Replace with `db.batch` once drizzle fixes the issue.
 */
export function batchStatements(db: Database, statements: readonly SQL[]): Promise<D1Result[]> {
  return db.$client.batch(
    statements.map((statement) => {
      const query = dialect.sqlToQuery(statement);
      return db.$client.prepare(query.sql).bind(...query.params);
    }),
  );
}
