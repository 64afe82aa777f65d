/**
 * The staff's rental tool, on top of `wrangler d1 execute`.
 *
 *   npm run rentals -- list [--status requested] [--remote]                  holds by start day
 *   npm run rentals -- confirm REF [--remote] [--dry-run]                     after calling the renter
 *   npm run rentals -- decline REF [--remote] [--dry-run]                     a request staff cannot take
 *   npm run rentals -- cancel REF [--remote] [--dry-run]                      a requested or confirmed hold
 *   npm run rentals -- fleet [--remote]                                       carts per class, maintenance blocks
 *   npm run rentals -- fleet set CLASS N [--remote] [--dry-run] [--force]     the number of carts of a class
 *   npm run rentals -- block CLASS FIRST LAST [--note TEXT] [--remote] [--dry-run] [--force]
 *                                                                             one cart out of service, both days included
 *   npm run rentals -- unblock ID [--remote] [--dry-run]                      puts a blocked cart back
 *
 * Local (the database `npm start` uses) unless --remote. The writes are the rental store's own
 * conditional statements, so a `fleet set` or `block` that would leave a held day without a cart
 * changes nothing (and names the holds) unless --force.
 */
import { parseCommandLine } from "./lib/cli";
import type { D1Target } from "./lib/d1";
import {
  block,
  blockIdArgument,
  cartsArgument,
  dayArgument,
  decide,
  listHolds,
  planArgument,
  setFleet,
  showFleet,
  statusArgument,
  unblock,
  UsageError,
} from "./lib/rental-commands";
import { staffFailureText } from "./lib/staff-messages";

const usage = [
  "Usage: npm run rentals -- list [--status requested] [--remote]",
  "       npm run rentals -- confirm|decline|cancel REF [--remote] [--dry-run]",
  "       npm run rentals -- fleet [--remote]",
  "       npm run rentals -- fleet set CLASS N [--remote] [--dry-run] [--force]",
  "       npm run rentals -- block CLASS FIRST-DAY LAST-DAY [--note TEXT] [--remote] [--dry-run] [--force]",
  "       npm run rentals -- unblock ID [--remote] [--dry-run]",
  "CLASS is four-seater, six-seater or utility; days are YYYY-MM-DD.",
].join("\n");

type Flags = { dryRun: boolean; force: boolean; status?: string; note?: string };

/** Which flags each command takes; any other is a usage error rather than silently ignored. */
const allowedFlags: Record<string, (keyof Flags)[]> = {
  list: ["status"],
  confirm: ["dryRun"],
  decline: ["dryRun"],
  cancel: ["dryRun"],
  fleet: [],
  "fleet set": ["dryRun", "force"],
  block: ["dryRun", "force", "note"],
  unblock: ["dryRun"],
};

function run(command: string | undefined, words: string[], flags: Flags, target: D1Target): number | null {
  const name = command === "fleet" && words[0] === "set" ? "fleet set" : command;
  const allowed = name === undefined ? undefined : allowedFlags[name];
  if (!allowed) return null;
  const given = (Object.keys(flags) as (keyof Flags)[]).filter((flag) => flags[flag]);
  if (given.some((flag) => !allowed.includes(flag))) return null;
  const args = name === "fleet set" ? words.slice(1) : words;
  const exactly = (count: number) => args.length === count;
  switch (name) {
    case "list":
      return exactly(0)
        ? listHolds(target, flags.status === undefined ? undefined : statusArgument(flags.status))
        : null;
    case "confirm":
    case "decline":
    case "cancel":
      return exactly(1) ? decide(target, name, args[0]!, flags.dryRun) : null;
    case "fleet":
      return exactly(0) ? showFleet(target) : null;
    case "fleet set":
      return exactly(2) ? setFleet(target, planArgument(args[0]), cartsArgument(args[1]), flags) : null;
    case "block":
      return exactly(3)
        ? block(target, planArgument(args[0]), dayArgument(args[1], "first day"), dayArgument(args[2], "last day"), {
            ...flags,
            note: flags.note,
          })
        : null;
    case "unblock":
      return exactly(1) ? unblock(target, blockIdArgument(args[0]), flags.dryRun) : null;
  }
  return null;
}

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseCommandLine(argv, {
      "dry-run": { type: "boolean" },
      force: { type: "boolean" },
      status: { type: "string" },
      note: { type: "string" },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const [command, ...words] = parsed.positionals;
  const flags: Flags = {
    dryRun: parsed.flags["dry-run"] === true,
    force: parsed.flags.force === true,
    status: parsed.flags.status as string | undefined,
    note: parsed.flags.note as string | undefined,
  };
  try {
    const outcome = run(command, words, flags, parsed.target);
    if (outcome !== null) return outcome;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${usage}`);
      return 2;
    }
    const failure = staffFailureText(error);
    if (failure !== null) {
      console.error(failure);
      return 1;
    }
    throw error;
  }
  console.error(usage);
  return 2;
}

process.exit(main(process.argv.slice(2)));
