/**
 * Staff tools for contact messages, on top of `wrangler d1 execute`.
 *
 *   npm run contact -- list-failed [--remote]    shows messages that ran out of retries
 *   npm run contact -- retry-failed [--remote]   puts them back in line; the cron sweeper sends them
 */
import { requeueFailedSql } from "~/features/contact/contact-store.server";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { parseCommandLine } from "./lib/cli";
import { executeSql, query, type D1Target } from "./lib/d1";

interface FailedRow {
  id: string;
  created_at: string;
  attempts: number;
  last_error: string | null;
}

function listFailed(target: D1Target): FailedRow[] {
  return query<FailedRow>(
    target,
    "SELECT id, created_at, attempts, last_error FROM contact_messages WHERE status = 'failed' ORDER BY created_at",
  );
}

const usage = "Usage: npm run contact -- list-failed|retry-failed [--remote]";

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const { target } = parsed;
  const [command, ...rest] = parsed.positionals;
  if (rest.length > 0) {
    console.error(usage);
    return 2;
  }
  if (command === "list-failed") {
    const rows = listFailed(target);
    if (rows.length === 0) console.log("No failed messages.");
    for (const row of rows)
      console.log(
        `${row.id}  received ${dealerTimestamp(new Date(row.created_at))}  ${row.attempts} attempts  ${row.last_error ?? ""}`,
      );
    return 0;
  }
  if (command === "retry-failed") {
    const count = listFailed(target).length;
    if (count === 0) {
      console.log("No failed messages to retry.");
      return 0;
    }
    executeSql(target, requeueFailedSql());
    console.log(`${count} message(s) put back in line; the sweeper sends them within 5 minutes.`);
    return 0;
  }
  console.error(usage);
  return 2;
}

process.exit(main(process.argv.slice(2)));
