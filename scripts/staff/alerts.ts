/**
 * Staff's view of alert demand, on top of `wrangler d1 execute`: how many people wait for each
 * search, each vehicle's price drop or return, and a rental cart on each day, so the dealer sees
 * demand before ordering stock. No address is shown.
 *
 *   npm run alerts -- list [--remote]
 */
import { demandLines, demandSql, demandView, type DemandRow } from "~/features/alerts/alert-demand";
import { parseCommandLine } from "./cli";
import { databaseName, query } from "./d1";
import { staffFailureText } from "./staff-messages";

const usage = "Usage: npm run alerts -- list [--remote]";

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
  if (command !== "list" || rest.length > 0) {
    console.error(usage);
    return 2;
  }
  try {
    const rows = query<DemandRow>(target, demandSql, `reading the alerts from ${databaseName(target)}`);
    for (const line of demandLines(demandView(rows))) console.log(line);
    return 0;
  } catch (error) {
    const failure = staffFailureText(error);
    if (failure === null) throw error;
    console.error(failure);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
