import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { getPlatformProxy } from "wrangler";
import { site } from "~/config/site";
import { availability } from "~/features/rentals/rental-holds.server";
import { addDays, daysBetween, localMoment } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { readmeCommands } from "../support/readme";
import { terminalEnv } from "../support/staff-terminal";

/**
 * The staff's rental commands exactly as README.md writes them, typed into a fresh copy of the
 * project whose local database is set up as `npm start` sets it up: so the commands act on the
 * default local database, with no flag added that staff would not type.
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");
const leftOut = new Set(["node_modules", ".git", ".wrangler", "build", "test-results", ".react-router"]);

/** What a staff member would call a crash: a JavaScript stack trace instead of a message. */
const stackTrace = /^\s+at .+[(:]\d+/m;

let copy: string;

/** Runs one README line in the copy's folder, as a terminal would. */
function type(command: string) {
  const result = spawnSync("bash", ["-c", command], { cwd: copy, encoding: "utf8", env: terminalEnv });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** One statement on the copy's default local database, as an administrator would run it; its rows. */
function sql<Row>(statement: string): Row[] {
  const args = ["wrangler", "d1", "execute", "DB", "--local", "--json", "--command", statement];
  const result = spawnSync("npx", args, { cwd: copy, encoding: "utf8", env: terminalEnv });
  expect(result.status, `${statement}\n${result.stderr}`).toBe(0);
  return (JSON.parse(result.stdout) as { results: Row[] }[])[0]!.results;
}

const statusOf = (reference: string) =>
  sql<{ status: string }>(`SELECT status FROM rental_holds WHERE reference = '${reference}'`)[0]?.status;
const sixSeaters = () => sql<{ carts: number }>("SELECT carts FROM rental_fleet WHERE plan = 'six-seater'")[0]?.carts;
const blocks = () =>
  sql<{ id: number; plan: string; first_day: string; end_day: string; note: string | null }>(
    "SELECT id, plan, first_day, end_day, note FROM rental_blocks ORDER BY id",
  );

interface TestHold {
  reference: string;
  start: string;
  days: number;
  status: "requested" | "confirmed";
  name: [string, string];
}

let tokens = 0;
function insertHolds(holds: TestHold[]): void {
  const rows = holds.map(({ reference, start, days, status, name }) => {
    tokens += 1;
    const values = [reference, `token-${tokens}`, "six-seater", start, addDays(start, days), days, status];
    return `(${values.map((value) => (typeof value === "number" ? value : `'${value}'`)).join(", ")}, '{"delivery":{"type":"pickup"},"drivers":0}', '{"total":735}', '${name[0]}', '${name[1]}', 'renter@example.com', '570-555-0100')`;
  });
  sql(
    "INSERT INTO rental_holds (reference, token_hash, plan, start_day, end_day, days, status, request, quote," +
      ` first_name, last_name, email, phone) VALUES ${rows.join(", ")}`,
  );
}

/** The README's Rentals commands, each found by what it does; README order is the order they run in. */
function rentalCommands() {
  const commands = readmeCommands("Rentals");
  const find = (pattern: RegExp) => {
    const matching = commands.filter((command) => pattern.test(command));
    expect(matching, `README "Rentals" should have one command matching ${pattern}`).toHaveLength(1);
    return matching[0]!;
  };
  const found = {
    listRequested: find(/^npm run rentals -- list --status requested$/),
    confirmDryRun: find(/^npm run rentals -- confirm R-[A-Z0-9]{6} --dry-run$/),
    confirm: find(/^npm run rentals -- confirm R-[A-Z0-9]{6}$/),
    decline: find(/^npm run rentals -- decline R-[A-Z0-9]{6}$/),
    listAll: find(/^npm run rentals -- list$/),
    cancelDryRun: find(/^npm run rentals -- cancel R-[A-Z0-9]{6} --dry-run$/),
    cancel: find(/^npm run rentals -- cancel R-[A-Z0-9]{6}$/),
    fleet: find(/^npm run rentals -- fleet$/),
    fleetSetDryRun: find(/^npm run rentals -- fleet set six-seater \d+ --dry-run$/),
    fleetSet: find(/^npm run rentals -- fleet set six-seater \d+$/),
    block: find(/^npm run rentals -- block six-seater \d{4}-\d{2}-\d{2} \d{4}-\d{2}-\d{2} --note "[^"]+"$/),
    unblock: find(/^npm run rentals -- unblock \d+$/),
    fleetSetForce: find(/^npm run rentals -- fleet set six-seater \d+ --force$/),
  };
  // Every command is covered, in the order a reader meets them.
  expect(commands).toEqual(Object.values(found));
  const word = (command: string, index: number) => command.split(" ")[index]!;
  const blockWords = found.block.split(" ");
  return {
    ...found,
    confirmed: word(found.confirm, 5),
    declined: word(found.decline, 5),
    cancelled: word(found.cancel, 5),
    carts: Number(word(found.fleetSet, 7)),
    blockFirst: blockWords[6]!,
    blockLast: blockWords[7]!,
    note: /--note "([^"]+)"/.exec(found.block)![1]!,
    blockId: Number(word(found.unblock, 5)),
  };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  test.setTimeout(180_000);
  copy = mkdtempSync(path.join(tmpdir(), "rental-commands-"));
  cpSync(projectRoot, copy, { recursive: true, filter: (source) => !leftOut.has(path.basename(source)) });
  symlinkSync(path.join(projectRoot, "node_modules"), path.join(copy, "node_modules"));
  // What `npm start` does first: the default local database, migrated and seeded.
  const setup = type("npx tsx scripts/db-setup.ts");
  expect(setup.status, setup.output).toBe(0);
});

test.afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test("Rentals: list, confirm, decline, cancel, fleet and blocks, as the README writes them @desktop", async () => {
  test.setTimeout(420_000);
  const readme = rentalCommands();
  expect(readme.cancelled).toBe(readme.confirmed);
  const seeded = site.rentalFleet["six-seater"];
  // One hold more than the new count fits, but no more than the seeded fleet: a day the smaller
  // fleet cannot cover, held while the fleet could.
  expect(readme.carts + 1).toBeLessThanOrEqual(seeded);

  const none = type(readme.listRequested);
  expect(none.status, none.output).toBe(0);
  expect(none.output).toContain("No requested holds locally.");

  // A day well ahead, so that `fleet set` (which looks from the dealer's today on) counts it.
  const busyDay = addDays(localMoment(new Date(), site.timeZone).day, 45);
  const candidates: TestHold[] = [
    { reference: "R-BUSY2A", start: busyDay, days: 2, status: "confirmed", name: ["Ann", "Brown"] },
    { reference: "R-BUSY3B", start: addDays(busyDay, -1), days: 3, status: "requested", name: ["Bo", "Grant"] },
    { reference: "R-BUSY4C", start: busyDay, days: 1, status: "requested", name: ["Cy", "Dunn"] },
    { reference: "R-BUSY5D", start: busyDay, days: 4, status: "requested", name: ["Di", "Ellis"] },
  ];
  expect(readme.carts + 1).toBeLessThanOrEqual(candidates.length);
  const busy = candidates.slice(0, readme.carts + 1);
  insertHolds([
    { reference: readme.confirmed, start: readme.blockFirst, days: 3, status: "requested", name: ["Pat", "Renter"] },
    { reference: readme.declined, start: readme.blockFirst, days: 2, status: "requested", name: ["Sam", "Lee"] },
    ...busy,
  ]);

  const requested = type(readme.listRequested);
  expect(requested.status, requested.output).toBe(0);
  const confirmedLine = requested.output.split("\n").find((line) => line.includes(readme.confirmed)) ?? "";
  expect(confirmedLine).toMatch(/requested\s+6 Seater/);
  expect(confirmedLine).toContain(`${readme.blockFirst} – ${addDays(readme.blockFirst, 3)}`);
  expect(confirmedLine).toContain("Pat Renter");
  expect(confirmedLine).toContain("570-555-0100");
  expect(confirmedLine).toContain("$735.00");
  expect(requested.output).toContain(readme.declined);
  // Filtered: the confirmed hold is not a request.
  expect(requested.output).not.toContain("R-BUSY2A");

  const confirmPreview = type(readme.confirmDryRun);
  expect(confirmPreview.status, confirmPreview.output).toBe(0);
  expect(confirmPreview.output).toContain(`Would confirm ${readme.confirmed}`);
  expect(confirmPreview.output).toContain("dry run, nothing written");
  expect(statusOf(readme.confirmed)).toBe("requested");

  const confirmed = type(readme.confirm);
  expect(confirmed.status, confirmed.output).toBe(0);
  expect(confirmed.output).toContain(`Confirmed ${readme.confirmed}`);
  expect(statusOf(readme.confirmed)).toBe("confirmed");
  // Typed twice: refused by name, not a crash, and nothing changes.
  const again = type(readme.confirm);
  expect(again.status, again.output).toBe(1);
  expect(again.output).toContain(`${readme.confirmed} is already confirmed`);
  expect(again.output).not.toMatch(stackTrace);

  const declined = type(readme.decline);
  expect(declined.status, declined.output).toBe(0);
  expect(declined.output).toContain(`Declined ${readme.declined}`);
  expect(statusOf(readme.declined)).toBe("declined");
  const confirmDeclined = type(readme.confirm.replace(readme.confirmed, readme.declined));
  expect(confirmDeclined.status, confirmDeclined.output).toBe(1);
  expect(confirmDeclined.output).toContain(`${readme.declined} is declined, so it cannot be confirmed`);
  expect(statusOf(readme.declined)).toBe("declined");
  const unknown = type(readme.confirm.replace(readme.confirmed, "R-NOSUCH"));
  expect(unknown.status, unknown.output).toBe(1);
  expect(unknown.output).toContain("No hold has the reference R-NOSUCH");

  const all = type(readme.listAll);
  expect(all.status, all.output).toBe(0);
  expect(all.output).toMatch(new RegExp(`${readme.confirmed}\\s+confirmed`));
  expect(all.output).toMatch(new RegExp(`${readme.declined}\\s+declined`));
  expect(all.output).toMatch(/R-BUSY2A\s+confirmed/);
  // By start day: December's holds before the busy day's.
  expect(all.output.indexOf(readme.confirmed)).toBeLessThan(all.output.indexOf("R-BUSY2A"));

  const cancelPreview = type(readme.cancelDryRun);
  expect(cancelPreview.status, cancelPreview.output).toBe(0);
  expect(cancelPreview.output).toContain("dry run, nothing written");
  expect(statusOf(readme.cancelled)).toBe("confirmed");
  const cancelled = type(readme.cancel);
  expect(cancelled.status, cancelled.output).toBe(0);
  expect(cancelled.output).toContain(`Cancelled ${readme.cancelled}`);
  expect(statusOf(readme.cancelled)).toBe("cancelled");
  const cancelAgain = type(readme.cancel);
  expect(cancelAgain.status, cancelAgain.output).toBe(1);
  expect(cancelAgain.output).toContain(`${readme.cancelled} is already cancelled`);

  const fleet = type(readme.fleet);
  expect(fleet.status, fleet.output).toBe(0);
  expect(fleet.output).toMatch(new RegExp(`six-seater\\s+${seeded} carts`));
  expect(fleet.output).toContain("No maintenance blocks");

  // The busy day holds one renter more than the new count has carts: refused, naming them.
  const fleetPreview = type(readme.fleetSetDryRun);
  expect(fleetPreview.status, fleetPreview.output).toBe(1);
  expect(fleetPreview.output).toContain("nothing was written");
  for (const hold of busy) expect(fleetPreview.output).toContain(`${hold.reference}`);
  expect(sixSeaters()).toBe(seeded);

  const refused = type(readme.fleetSet);
  expect(refused.status, refused.output).toBe(1);
  expect(refused.output).toContain("without a cart, so nothing was changed");
  for (const hold of busy) {
    const line = refused.output.split("\n").find((text) => text.includes(hold.reference)) ?? "";
    expect(line).toContain(`${hold.start} – ${addDays(hold.start, hold.days)}`);
    expect(line).toContain(hold.name.join(" "));
    expect(line).toContain(`over capacity on ${busyDay}`);
  }
  expect(refused.output).toContain("--force");
  expect(refused.output).not.toMatch(stackTrace);
  expect(sixSeaters()).toBe(seeded);

  // The December holds are declined and cancelled now, so their days have every cart to spare.
  const blocked = type(readme.block);
  expect(blocked.status, blocked.output).toBe(0);
  expect(blocked.output).toContain(`block ${readme.blockId}`);
  expect(blocks()).toEqual([
    {
      id: readme.blockId,
      plan: "six-seater",
      first_day: readme.blockFirst,
      end_day: addDays(readme.blockLast, 1),
      note: readme.note,
    },
  ]);

  const unblocked = type(readme.unblock);
  expect(unblocked.status, unblocked.output).toBe(0);
  expect(unblocked.output).toContain(`Removed block ${readme.blockId}`);
  expect(blocks()).toEqual([]);
  const unblockAgain = type(readme.unblock);
  expect(unblockAgain.status, unblockAgain.output).toBe(1);
  expect(unblockAgain.output).toContain(`No maintenance block has the number ${readme.blockId}`);

  const forced = type(readme.fleetSetForce);
  expect(forced.status, forced.output).toBe(0);
  expect(forced.output).toContain(`Set the 6 Seater fleet to ${readme.carts} carts locally (was ${seeded})`);
  expect(forced.output).toContain("call the renters");
  for (const hold of busy) expect(forced.output).toContain(hold.reference);
  expect(sixSeaters()).toBe(readme.carts);
});

/** Carts free per day as the site's own store answers the booking calendar, on the copy's database. */
async function siteAvailability(from: string, days: number) {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: path.join(copy, "wrangler.toml"),
    persist: { path: path.join(copy, ".wrangler", "state", "v3") },
  });
  try {
    return await availability(database(proxy.env.DB), "six-seater", from, days);
  } finally {
    await proxy.dispose();
  }
}

test("Rentals: a block taking the last cart leaves the site nothing to book those days @desktop", async () => {
  test.setTimeout(300_000);
  const readme = rentalCommands();
  const carts = sixSeaters()!;
  expect(carts).toBeGreaterThanOrEqual(2);
  const length = daysBetween(readme.blockFirst, addDays(readme.blockLast, 1));
  // Every cart but one held over the block's days: the block takes the last.
  const holds: TestHold[] = Array.from({ length: carts - 1 }, (_, index) => ({
    reference: `R-LAST${index + 2}A`,
    start: readme.blockFirst,
    days: length,
    status: "confirmed",
    name: ["Lee", `Holder${index + 2}`],
  }));
  insertHolds(holds);
  const dayBefore = addDays(readme.blockFirst, -1);
  const before = await siteAvailability(dayBefore, length + 2);
  expect(before.map((day) => day.remaining)).toEqual([carts, ...Array(length).fill(1), carts]);

  const blocked = type(readme.block);
  expect(blocked.status, blocked.output).toBe(0);
  const after = await siteAvailability(dayBefore, length + 2);
  expect(after.map((day) => day.remaining)).toEqual([carts, ...Array(length).fill(0), carts]);

  // Typed again there is no cart left to take out: refused, naming the holds, and nothing added.
  const again = type(readme.block);
  expect(again.status, again.output).toBe(1);
  for (const hold of holds) expect(again.output).toContain(hold.reference);
  expect(again.output).toContain("nothing was changed");
  expect(blocks()).toHaveLength(1);
});
