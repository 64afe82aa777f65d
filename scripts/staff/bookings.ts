/**
 * The staff's one tool for every kind of booking (rentals, service drop-offs, storage spaces, cart
 * reservations), on top of `wrangler d1 execute`.
 *
 *   npm run bookings -- list [--kind KIND] [--status STATUS] [--remote]           bookings by first day
 *   npm run bookings -- confirm|decline|cancel|sold REF [--remote] [--dry-run]    answer one (sold: a cart reservation)
 *   npm run bookings -- capacity [--remote]                                       each pool's places, and the blocks to come
 *   npm run bookings -- capacity POOL N [--remote] [--dry-run] [--force]          the places of a pool
 *   npm run bookings -- block POOL FIRST LAST [--note TEXT] [--remote] [--dry-run] [--force]
 *                                                                                 one place out of service, both days included
 *   npm run bookings -- unblock ID [--remote] [--dry-run]                         puts a blocked place back
 *
 * Local (the database `npm start` uses) unless --remote. The writes are the capacity engine's own
 * conditional statements, so a `capacity` or `block` that would leave a held day without a place
 * changes nothing (and names the bookings) unless --force.
 */
import { poolDefaults } from "~/config/booking-pools";
import { bookingKindNames, type BookingDecisionName } from "~/config/booking-kinds";
import { parseCommandLine } from "./cli";
import type { D1Target } from "./d1";
import {
  block,
  blockIdArgument,
  capacityArgument,
  dayArgument,
  decide,
  kindArgument,
  listBookings,
  poolArgument,
  setCapacity,
  showCapacity,
  statusArgument,
  unblock,
  UsageError,
} from "./booking-commands";
import { staffFailureText } from "./staff-messages";
import { visibleLines } from "./visible-lines";

const usage = [
  "Usage: npm run bookings -- list [--kind KIND] [--status STATUS] [--remote]",
  "       npm run bookings -- confirm|decline|cancel|sold REF [--remote] [--dry-run]",
  "       npm run bookings -- capacity [--remote]",
  "       npm run bookings -- capacity POOL N [--remote] [--dry-run] [--force]",
  "       npm run bookings -- block POOL FIRST-DAY LAST-DAY [--note TEXT] [--remote] [--dry-run] [--force]",
  "       npm run bookings -- unblock ID [--remote] [--dry-run]",
  `KIND is ${bookingKindNames.join(", ")}; POOL is ${poolDefaults.map((pool) => pool.pool).join(", ")}; days are YYYY-MM-DD.`,
].join("\n");

type Flags = { dryRun: boolean; force: boolean; status?: string; note?: string; kind?: string };

const decisions: readonly BookingDecisionName[] = ["confirm", "decline", "cancel", "sold"];

/** Which flags each command takes; any other is a usage error rather than silently ignored. */
const allowedFlags: Record<string, (keyof Flags)[]> = {
  list: ["status", "kind"],
  ...Object.fromEntries(decisions.map((decision) => [decision, ["dryRun"] as (keyof Flags)[]])),
  capacity: [],
  "capacity set": ["dryRun", "force"],
  block: ["dryRun", "force", "note"],
  unblock: ["dryRun"],
};

function run(command: string | undefined, args: string[], flags: Flags, target: D1Target): number | null {
  const name = command === "capacity" && args.length > 0 ? "capacity set" : command;
  const allowed = name === undefined ? undefined : allowedFlags[name];
  if (!allowed) return null;
  const given = (Object.keys(flags) as (keyof Flags)[]).filter((flag) => flags[flag]);
  if (given.some((flag) => !allowed.includes(flag))) return null;
  const exactly = (count: number) => args.length === count;
  switch (name) {
    case "list":
      return exactly(0)
        ? listBookings(target, {
            kind: flags.kind === undefined ? undefined : kindArgument(flags.kind),
            status: flags.status === undefined ? undefined : statusArgument(flags.status),
          })
        : null;
    case "confirm":
    case "decline":
    case "cancel":
    case "sold":
      return exactly(1) ? decide(target, name, args[0]!, flags.dryRun) : null;
    case "capacity":
      return exactly(0) ? showCapacity(target) : null;
    case "capacity set":
      return exactly(2) ? setCapacity(target, poolArgument(args[0]), capacityArgument(args[1]), flags) : null;
    case "block":
      return exactly(3)
        ? block(target, poolArgument(args[0]), dayArgument(args[1], "first day"), dayArgument(args[2], "last day"), {
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
      kind: { type: "string" },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const [command, ...args] = parsed.positionals;
  const flags: Flags = {
    dryRun: parsed.flags["dry-run"] === true,
    force: parsed.flags.force === true,
    status: parsed.flags.status as string | undefined,
    note: parsed.flags.note as string | undefined,
    kind: parsed.flags.kind as string | undefined,
  };
  try {
    const outcome = run(command, args, flags, parsed.target);
    if (outcome !== null) return outcome;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${visibleLines(error.message)}\n${usage}`);
      return 2;
    }
    const failure = staffFailureText(error);
    if (failure !== null) {
      console.error(visibleLines(failure));
      return 1;
    }
    throw error;
  }
  console.error(usage);
  return 2;
}

process.exit(main(process.argv.slice(2)));
