import { poolDefaults, type PoolDefault } from "~/config/booking-pools";
import { site } from "~/config/site";
import {
  attentionWords,
  blockIsOver,
  blockNoteLength,
  blockRemoved,
  blockTooLong,
  blockWords,
  heldToday,
  lastDayBeforeFirst,
  noSuchBlock,
  notADay,
  notBookable,
  places,
  poolTitle,
  strandedRefusal,
  takingOutOfService,
  tickToForce,
  tookOutOfService,
  type BookingToCall,
} from "~/features/bookings/booking-capacity-words";
import { addBlock, poolsAndBlocksOn, removeBlock } from "~/features/bookings/capacity-changes.server";
import { addDays, isCalendarDay, localMoment } from "~/lib/calendar-days";
import type { WorkerContext } from "~/server/context.server";

/**
 * The Blocks staff page: each pool's places and what is held today, the blocks to come, and the
 * forms that add and remove one. It reads and writes with the very statements
 * `npm run bookings -- capacity|block|unblock` sends (`poolsHeldStatement`, `addBlockStatement`,
 * `removeBlockStatement`) and says what they say (booking-capacity-words.ts); only the way to
 * force a block (a box, not --force) and to undo one (a button, not a command) differ.
 */

/** The pools a block can take a place of: those staff set, never a vehicle's units (the catalogue's). */
export const blockablePools: readonly PoolDefault[] = poolDefaults.filter((pool) => pool.kind !== "reservation");

export interface PoolLine {
  pool: string;
  title: string;
  places: string;
  held: string;
}

export interface BlockLine {
  id: number;
  title: string;
  days: string;
  note: string | null;
}

export interface StaffBlocksView {
  today: string;
  pools: PoolLine[];
  blocks: BlockLine[];
  /** The newest block when the form was shown: a second tap of its button adds nothing more. */
  newestBlock: number;
  choices: { pool: string; title: string }[];
}

/** What a tap did, in the command's words; `bookings` are those whose customers must be called. */
export interface StaffBlocksOutcome {
  changed: boolean;
  status: 200 | 400 | 404 | 409;
  message: string;
  bookings?: BookingToCall[];
  after?: string;
}

/** The dealer's today: the day the list and the "is over" refusal count from, as the command's do. */
const dealerToday = (now: Date) => localMoment(now, site.timeZone).day;

export async function staffBlocksView(worker: Pick<WorkerContext, "db">, now: Date): Promise<StaffBlocksView> {
  const today = dealerToday(now);
  const { pools, blocks, newestBlock } = await poolsAndBlocksOn(worker.db, today);
  const set = new Map(pools.map((row) => [row.pool, row]));
  return {
    today,
    pools: blockablePools.map((pool) => {
      const row = set.get(pool.pool);
      return {
        pool: pool.pool,
        title: poolTitle(pool.pool),
        places: row ? places(pool, row.capacity) : notBookable,
        held: row ? heldToday(row.held) : "",
      };
    }),
    blocks: blocks.map((block) => ({
      id: block.id,
      title: poolTitle(block.pool),
      days: `${block.firstDay} to ${addDays(block.endDay, -1)}`,
      note: block.note,
    })),
    newestBlock,
    choices: blockablePools.map((pool) => ({ pool: pool.pool, title: poolTitle(pool.pool) })),
  };
}

const nothingChanged = "Nothing was changed.";
const refused = (message: string): StaffBlocksOutcome => ({ changed: false, status: 400, message });
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : undefined;
};

type BlockRequest = {
  pool: PoolDefault;
  firstDay: string;
  lastDay: string;
  note?: string;
  force: boolean;
  after: number;
};

/** The form's fields, or the refusal naming the first that is wrong. */
function blockRequest(form: FormData, today: string): BlockRequest | StaffBlocksOutcome {
  const poolName = text(form, "pool");
  const pool = blockablePools.find((candidate) => candidate.pool === poolName);
  if (!pool) {
    return refused(
      `The pool "${poolName ?? ""}" is not one of ${blockablePools.map((candidate) => poolTitle(candidate.pool)).join(", ")}. ${nothingChanged}`,
    );
  }
  const firstDay = text(form, "first");
  if (!firstDay || !isCalendarDay(firstDay)) return refused(`${notADay("first day", firstDay)} ${nothingChanged}`);
  const lastDay = text(form, "last");
  if (!lastDay || !isCalendarDay(lastDay)) return refused(`${notADay("last day", lastDay)} ${nothingChanged}`);
  if (lastDay < firstDay) return refused(`${lastDayBeforeFirst(firstDay, lastDay)} ${nothingChanged}`);
  if (lastDay < today) return refused(blockIsOver(firstDay, lastDay, today));
  const note = text(form, "note") ?? "";
  if (note.length > blockNoteLength) {
    return refused(`The note is longer than ${blockNoteLength} characters: shorten it. ${nothingChanged}`);
  }
  const after = text(form, "after") ?? "";
  if (!/^\d{1,15}$/.test(after)) {
    return refused(`The form has no "after" field (it comes with the page): reload the page. ${nothingChanged}`);
  }
  return { pool, firstDay, lastDay, note: note || undefined, force: form.get("force") === "yes", after: Number(after) };
}

/** On the page, a block is undone from its own line of the list. */
const tapUnblock = "tap Unblock next to it below.";

async function addFromPage(worker: Pick<WorkerContext, "db">, form: FormData, now: Date): Promise<StaffBlocksOutcome> {
  const asked = blockRequest(form, dealerToday(now));
  if ("status" in asked) return asked;
  const { pool, firstDay, lastDay, note, force, after } = asked;
  let change;
  try {
    change = await addBlock(worker.db, pool.pool, firstDay, lastDay, { force, note, unlessAddedAfter: after });
  } catch (error) {
    // The engine's own bound on a span of days, as the command reports it.
    if (error instanceof RangeError) return refused(blockTooLong(firstDay, lastDay));
    throw error;
  }
  if (change.applied) {
    const took = tookOutOfService(pool, { id: change.id, firstDay, lastDay }, "", tapUnblock);
    if (change.affected.length === 0) return { changed: true, status: 200, message: took };
    const call = attentionWords(change.affected, false);
    return { changed: true, status: 200, message: `${took}\n${call.lead}`, bookings: call.bookings };
  }
  if (change.twin !== undefined) {
    return {
      changed: false,
      status: 409,
      message: `This form's block is in already: ${blockWords({ id: change.twin, pool: pool.pool, firstDay, lastDay, note: note ?? null })}; nothing was changed. To take one more place out on those days, fill in the form again.`,
    };
  }
  if (change.affected.length === 0) {
    return {
      changed: false,
      status: 409,
      message: "The database did not take the block; nothing was changed. Try again.",
    };
  }
  const words = strandedRefusal(takingOutOfService(pool, firstDay, lastDay), change.affected, {
    dryRun: false,
    howToForce: tickToForce,
  });
  return { changed: false, status: 409, message: words.lead, bookings: words.bookings, after: words.after };
}

async function removeFromPage(worker: Pick<WorkerContext, "db">, form: FormData): Promise<StaffBlocksOutcome> {
  const typed = text(form, "block") ?? "";
  if (!/^[1-9]\d{0,9}$/.test(typed)) return refused(`"${typed}" is not a block number. ${nothingChanged}`);
  const id = Number(typed);
  const removed = await removeBlock(worker.db, id);
  // A second tap (or a colleague first) finds it gone: refused by name, nothing else touched.
  if (!removed) return { changed: false, status: 404, message: noSuchBlock(id, "", null) };
  return {
    changed: true,
    status: 200,
    message: blockRemoved({ ...removed, lastDay: addDays(removed.endDay, -1) }, ""),
  };
}

/** A tap on one of the page's buttons: "block" adds one, "unblock" removes the one it names. */
export async function blocksActionFromStaffPage(
  worker: Pick<WorkerContext, "db">,
  form: FormData,
  now: Date,
): Promise<StaffBlocksOutcome> {
  const intent = form.get("intent");
  if (intent === "block") return addFromPage(worker, form, now);
  if (intent === "unblock") return removeFromPage(worker, form);
  return refused(`intent: choose one of block, unblock. ${nothingChanged}`);
}
