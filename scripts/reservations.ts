/**
 * The staff's cart reservation tool, on top of `wrangler d1 execute`.
 *
 *   npm run reservations -- list [--status requested] [--remote]      reservations, oldest first
 *   npm run reservations -- confirm REF [--remote] [--dry-run]         after calling the buyer
 *   npm run reservations -- decline REF [--remote] [--dry-run]         the cart is not for them after all
 *   npm run reservations -- sold REF [--remote] [--dry-run]            the sale is done: the unit leaves the lot
 *
 * Local (the database `npm start` uses) unless --remote. Each change is the Worker's own guarded
 * statement, so a reservation the cron job released a moment ago is refused by name.
 */
import { parseCommandLine } from "./lib/cli";
import {
  decideReservation,
  listReservations,
  reservationStatusArgument,
  ReservationUsageError,
} from "./lib/reservation-commands";
import { staffFailureText } from "./lib/staff-messages";

const usage = [
  "Usage: npm run reservations -- list [--status requested] [--remote]",
  "       npm run reservations -- confirm|decline|sold REF [--remote] [--dry-run]",
].join("\n");

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseCommandLine(argv, { "dry-run": { type: "boolean" }, status: { type: "string" } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const [command, ...words] = parsed.positionals;
  const dryRun = parsed.flags["dry-run"] === true;
  const status = parsed.flags.status as string | undefined;
  try {
    if (command === "list" && words.length === 0 && !dryRun) {
      return listReservations(parsed.target, status === undefined ? undefined : reservationStatusArgument(status));
    }
    if ((command === "confirm" || command === "decline" || command === "sold") && words.length === 1 && !status) {
      return decideReservation(parsed.target, command, words[0]!, dryRun);
    }
  } catch (error) {
    if (error instanceof ReservationUsageError) {
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
