/**
 * Staff tools for contact messages, on top of `wrangler d1 execute`.
 *
 *   npm run contact -- list-failed [--remote]    shows messages that ran out of retries
 *   npm run contact -- retry-failed [--remote]   puts them back in line; the cron sweeper sends them
 */
import { requeueFailedSql } from "~/features/mail/outbox.server";
import { attemptsWords, noFailedMessages, noFailedToRetry, putBackInLine } from "~/features/mail/failed-mail-words";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { visibleText } from "~/lib/visible-text";
import { parseCommandLine } from "./cli";
import { databaseName, executeSql, query, type D1Target } from "./d1";
import { staffFailureText } from "./staff-messages";

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
    `reading the failed messages from ${databaseName(target)}`,
  );
}

const usage = "Usage: npm run contact -- list-failed|retry-failed [--remote]";

function commands(command: string | undefined, target: D1Target): number | null {
  if (command === "list-failed") {
    const rows = listFailed(target);
    if (rows.length === 0) console.log(noFailedMessages);
    for (const row of rows)
      console.log(
        `${row.id}  received ${dealerTimestamp(new Date(row.created_at))}  ${attemptsWords(row.attempts)}  ${visibleText(row.last_error ?? "")}`,
      );
    return 0;
  }
  if (command === "retry-failed") {
    const count = listFailed(target).length;
    if (count === 0) {
      console.log(noFailedToRetry);
      return 0;
    }
    executeSql(target, requeueFailedSql(), {
      doing: `putting the failed messages back in line in ${databaseName(target)}`,
      // Repeatable: the UPDATE takes only messages marked failed and marks them queued, so a second
      // run finds none of them again (only a message that failed since, which this command is for).
      safety: { repeatable: true },
    });
    console.log(`${putBackInLine(count)}; the sweeper sends them within 5 minutes.`);
    return 0;
  }
  return null;
}

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
  try {
    const outcome = commands(command, target);
    if (outcome !== null) return outcome;
  } catch (error) {
    const failure = staffFailureText(error);
    if (failure === null) throw error;
    console.error(failure);
    return 1;
  }
  console.error(usage);
  return 2;
}

process.exit(main(process.argv.slice(2)));
