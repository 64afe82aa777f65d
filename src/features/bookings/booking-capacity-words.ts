import type { BookingKind, BookingStatus } from "~/config/booking-kinds";
import type { PoolDefault } from "~/config/booking-pools";
import { rentalPlans } from "~/config/rental-plans";
import { daysBetween } from "~/lib/calendar-days";

/**
 * What staff are told about places and blocks, word for word the same whether they typed
 * `npm run bookings -- capacity|block|unblock` or used the Blocks staff page: one set of refusals,
 * and one way of naming the bookings whose customers must be called. Only the way to do something
 * else differs (a flag to type, a box to tick), so the caller says it.
 */

/** What one place of a pool is, said to staff. */
export const placeWords: Record<Exclude<BookingKind, "reservation">, [one: string, many: string]> = {
  rental: ["cart", "carts"],
  service: ["drop-off slot a day", "drop-off slots a day"],
  storage: ["space", "spaces"],
  "test-drive": ["driver a day at this time", "drivers a day at this time"],
};

const placeWordsOf = (pool: Pick<PoolDefault, "kind">) =>
  placeWords[pool.kind as keyof typeof placeWords] ?? ["place", "places"];

/** "3 carts", "1 space". */
export function places(pool: Pick<PoolDefault, "kind">, count: number): string {
  const [one, many] = placeWordsOf(pool);
  return `${count} ${count === 1 ? one : many}`;
}

/** One place of the pool, without its count: "cart", "drop-off slot a day". */
export function placeWord(pool: Pick<PoolDefault, "kind">): string {
  return placeWordsOf(pool)[0];
}

/** "4 Seater rental", "service", "indoor storage": the pool as staff call it. */
export function poolTitle(pool: string): string {
  const plan = rentalPlans.find((candidate) => candidate.id === pool);
  if (plan) return `${plan.title} rental`;
  if (pool.startsWith("storage-")) return `${pool.slice("storage-".length)} storage`;
  const testDrive = /^test-drive:([a-z]+):(\d\d:\d\d)$/.exec(pool);
  if (testDrive) return `${testDrive[2]} test drive ${testDrive[1] === "home" ? "at home" : "at the showroom"}`;
  return pool;
}

/** "2026-12-24 to 2026-12-26, 2026-12-29": the days, with runs of consecutive ones joined. */
export function dayRuns(days: readonly string[]): string {
  const runs: [string, string][] = [];
  for (const day of [...days].sort()) {
    const last = runs.at(-1);
    if (last && daysBetween(last[1], day) === 1) last[1] = day;
    else if (!last || last[1] !== day) runs.push([day, day]);
  }
  return runs.map(([first, last]) => (first === last ? first : `${first} to ${last}`)).join(", ");
}

/** A booking on days with more bookings than places, as the engine reports it. */
export interface BookingOverCapacity {
  reference: string;
  status: BookingStatus;
  summary: string;
  firstName: string;
  lastName: string;
  phone: string;
  overDays: readonly string[];
}

/** One booking whose customer must be called, in the cells staff read it by (the command's columns). */
export interface BookingToCall {
  reference: string;
  cells: [reference: string, status: string, summary: string, name: string, phone: string, when: string];
}

export function bookingsToCall(bookings: readonly BookingOverCapacity[]): BookingToCall[] {
  return bookings.map((booking) => ({
    reference: booking.reference,
    cells: [
      booking.reference,
      booking.status,
      booking.summary,
      `${booking.firstName} ${booking.lastName}`,
      booking.phone,
      `over capacity on ${dayRuns(booking.overDays)}`,
    ],
  }));
}

/** A message that names bookings: a line before them, the bookings, and perhaps a line after. */
export interface CapacityWords {
  lead: string;
  bookings: BookingToCall[];
  after?: string;
}

/**
 * A change refused because it would leave bookings without a place; `howToForce` is the way to make
 * it anyway where staff are ("run the same command with --force to change it anyway").
 */
export function strandedRefusal(
  change: string,
  bookings: readonly BookingOverCapacity[],
  options: { dryRun: boolean; howToForce: string },
): CapacityWords {
  const one = bookings.length === 1;
  return {
    lead: `${change} would leave ${one ? "this booking" : "these bookings"} without a place, so nothing was ${options.dryRun ? "written (dry run)" : "changed"}:`,
    bookings: bookingsToCall(bookings),
    after: `Cancel or move those bookings first, or ${options.howToForce} (then call those customers).`,
  };
}

/** After a forced change: the bookings it left on days with more bookings than places. */
export function attentionWords(bookings: readonly BookingOverCapacity[], dryRun: boolean): CapacityWords {
  const one = bookings.length === 1;
  const verb = dryRun ? "would be" : one ? "is" : "are";
  return {
    lead: `${one ? "This booking" : "These bookings"} ${verb} on days with more bookings than places; call ${one ? "the customer" : "the customers"}:`,
    bookings: bookingsToCall(bookings),
  };
}

/** What the Blocks page's box says, and its refusal tells staff to tick: the command's --force. */
export const forceBlockLabel = "Block even if bookings lose their place";

/** A block's note says why (brakes, a tournament); anything near this long is a paste gone wrong. */
export const blockNoteLength = 200;

/** The Blocks page's way to force a block, for `strandedRefusal`. */
export const tickToForce = `tick "${forceBlockLabel}" to block anyway`;

/** "Taking one 6 Seater rental cart out of service from 2026-12-24 to 2026-12-26". */
export function takingOutOfService(pool: Pick<PoolDefault, "pool" | "kind">, firstDay: string, lastDay: string) {
  return `Taking one ${poolTitle(pool.pool)} ${placeWord(pool)} out of service from ${firstDay} to ${lastDay}`;
}

/**
 * A block added; `where` says which database ("locally", or nothing on the page), `putBack` how to
 * undo it where staff are.
 */
export function tookOutOfService(
  pool: Pick<PoolDefault, "pool" | "kind">,
  block: { id: number; firstDay: string; lastDay: string },
  where: string,
  putBack: string,
): string {
  return `Took one ${poolTitle(pool.pool)} ${placeWord(pool)} out of service from ${block.firstDay} to ${block.lastDay}${where ? ` ${where}` : ""}: block ${block.id}. To put it back: ${putBack}`;
}

/** A day staff gave that is not one; `what` names it ("first day"). */
export function notADay(what: string, value: string | undefined): string {
  return `The ${what} "${value ?? ""}" is not a date: write it as YYYY-MM-DD, e.g. 2026-12-24.`;
}

export function lastDayBeforeFirst(firstDay: string, lastDay: string): string {
  return `The last day ${lastDay} is before the first day ${firstDay}.`;
}

/** A block that is over would take nothing out of service and never be listed: a year typed wrong. */
export function blockIsOver(firstDay: string, lastDay: string, today: string): string {
  return `${firstDay} to ${lastDay} is over (today is ${today}); nothing was changed. Check the year.`;
}

/** The engine's own bound on a span of days: a block of years is a typing slip. */
export function blockTooLong(firstDay: string, lastDay: string): string {
  const days = daysBetween(firstDay, lastDay) + 1;
  return `${firstDay} to ${lastDay} is ${days} days, too long for one block; check the dates.`;
}

/** A block as staff recognise it: "block 3 (6 Seater rental, 2026-12-24 to 2026-12-26, brakes)". */
export function blockWords(block: {
  id: number;
  pool: string;
  firstDay: string;
  lastDay: string;
  note: string | null;
}) {
  return `block ${block.id} (${poolTitle(block.pool)}, ${block.firstDay} to ${block.lastDay}${block.note ? `, ${block.note}` : ""})`;
}

/** No such block (removed already, by a second tap or a colleague); `seeAll` says where the blocks are listed. */
export function noSuchBlock(id: number, where: string, seeAll: string | null): string {
  return `No block has the number ${id}${where ? ` ${where}` : ""}; nothing was changed.${seeAll ? ` The blocks are in: ${seeAll}` : ""}`;
}

/** A block removed; `where` says which database ("locally", or nothing on the page). */
export function blockRemoved(
  block: { id: number; pool: string; firstDay: string; lastDay: string; note: string | null },
  where: string,
): string {
  return `Removed ${blockWords(block)}${where ? ` ${where}` : ""}: that place is back in service.`;
}

export const noBlocksAhead = "No blocks today or later.";

/** A pool nobody set a capacity for: the site offers none of it. */
export const notBookable = "not set (not bookable)";

export const heldToday = (held: number) => `${held} held today`;
