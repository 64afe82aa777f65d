import { site } from "~/config/site";
import { availability } from "~/features/rentals/rental-holds.server";
import { addDays, daysBetween, localMoment } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { readmeCommands } from "../support/readme";
import { expect, test, type StaffProject } from "../support/staff-project";

/**
 * The staff's rental commands exactly as README.md writes them, typed into a fresh copy of the
 * project that runs `npm start`: so the commands act on the default local database the site
 * serves, with no flag added that staff would not type.
 */

/** What a staff member would call a crash: a JavaScript stack trace instead of a message. */
const stackTrace = /^\s+at .+[(:]\d+/m;

let project: StaffProject;

/** Runs one README line in the copy's folder, as a terminal would. */
const type = (command: string) => project.type(command);
/** One statement on the copy's default local database, as an administrator would run it; its rows. */
const sql = <Row>(statement: string): Promise<Row[]> => project.sql<Row>(statement);

const statusOf = async (reference: string) =>
  (await sql<{ status: string }>(`SELECT status FROM rental_holds WHERE reference = '${reference}'`))[0]?.status;
const sixSeaters = async () =>
  (await sql<{ carts: number }>("SELECT carts FROM rental_fleet WHERE plan = 'six-seater'"))[0]?.carts;
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
async function insertHolds(holds: TestHold[]): Promise<void> {
  const rows = holds.map(({ reference, start, days, status, name }) => {
    tokens += 1;
    const values = [reference, `token-${tokens}`, "six-seater", start, addDays(start, days), days, status];
    return `(${values.map((value) => (typeof value === "number" ? value : `'${value}'`)).join(", ")}, '{"delivery":{"type":"pickup"},"drivers":0}', '{"total":735}', '${name[0]}', '${name[1]}', 'renter@example.com', '570-555-0100')`;
  });
  await sql(
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

test.beforeAll(({ staffProject }) => {
  project = staffProject;
});

test("Rentals: list, confirm, decline, cancel, fleet and blocks, as the README writes them @desktop", async () => {
  test.setTimeout(420_000);
  const readme = rentalCommands();
  expect(readme.cancelled).toBe(readme.confirmed);
  const seeded = site.rentalFleet["six-seater"];
  // One hold more than the new count fits, but no more than the seeded fleet: a day the smaller
  // fleet cannot cover, held while the fleet could.
  expect(readme.carts + 1).toBeLessThanOrEqual(seeded);

  const none = await type(readme.listRequested);
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
  await insertHolds([
    { reference: readme.confirmed, start: readme.blockFirst, days: 3, status: "requested", name: ["Pat", "Renter"] },
    { reference: readme.declined, start: readme.blockFirst, days: 2, status: "requested", name: ["Sam", "Lee"] },
    ...busy,
  ]);

  const requested = await type(readme.listRequested);
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

  const confirmPreview = await type(readme.confirmDryRun);
  expect(confirmPreview.status, confirmPreview.output).toBe(0);
  expect(confirmPreview.output).toContain(`Would confirm ${readme.confirmed}`);
  expect(confirmPreview.output).toContain("dry run, nothing written");
  expect(await statusOf(readme.confirmed)).toBe("requested");

  const confirmed = await type(readme.confirm);
  expect(confirmed.status, confirmed.output).toBe(0);
  expect(confirmed.output).toContain(`Confirmed ${readme.confirmed}`);
  expect(await statusOf(readme.confirmed)).toBe("confirmed");
  // Typed twice: refused by name, not a crash, and nothing changes.
  const again = await type(readme.confirm);
  expect(again.status, again.output).toBe(1);
  expect(again.output).toContain(`${readme.confirmed} is already confirmed`);
  expect(again.output).not.toMatch(stackTrace);

  const declined = await type(readme.decline);
  expect(declined.status, declined.output).toBe(0);
  expect(declined.output).toContain(`Declined ${readme.declined}`);
  expect(await statusOf(readme.declined)).toBe("declined");
  const confirmDeclined = await type(readme.confirm.replace(readme.confirmed, readme.declined));
  expect(confirmDeclined.status, confirmDeclined.output).toBe(1);
  expect(confirmDeclined.output).toContain(`${readme.declined} is declined, so it cannot be confirmed`);
  expect(await statusOf(readme.declined)).toBe("declined");
  const unknown = await type(readme.confirm.replace(readme.confirmed, "R-NOSUCH"));
  expect(unknown.status, unknown.output).toBe(1);
  expect(unknown.output).toContain("No hold has the reference R-NOSUCH");

  const all = await type(readme.listAll);
  expect(all.status, all.output).toBe(0);
  expect(all.output).toMatch(new RegExp(`${readme.confirmed}\\s+confirmed`));
  expect(all.output).toMatch(new RegExp(`${readme.declined}\\s+declined`));
  expect(all.output).toMatch(/R-BUSY2A\s+confirmed/);
  // By start day: December's holds before the busy day's.
  expect(all.output.indexOf(readme.confirmed)).toBeLessThan(all.output.indexOf("R-BUSY2A"));

  const cancelPreview = await type(readme.cancelDryRun);
  expect(cancelPreview.status, cancelPreview.output).toBe(0);
  expect(cancelPreview.output).toContain("dry run, nothing written");
  expect(await statusOf(readme.cancelled)).toBe("confirmed");
  const cancelled = await type(readme.cancel);
  expect(cancelled.status, cancelled.output).toBe(0);
  expect(cancelled.output).toContain(`Cancelled ${readme.cancelled}`);
  expect(await statusOf(readme.cancelled)).toBe("cancelled");
  const cancelAgain = await type(readme.cancel);
  expect(cancelAgain.status, cancelAgain.output).toBe(1);
  expect(cancelAgain.output).toContain(`${readme.cancelled} is already cancelled`);

  const fleet = await type(readme.fleet);
  expect(fleet.status, fleet.output).toBe(0);
  expect(fleet.output).toMatch(new RegExp(`six-seater\\s+${seeded} carts`));
  expect(fleet.output).toContain("No maintenance blocks");

  // The busy day holds one renter more than the new count has carts: refused, naming them.
  const fleetPreview = await type(readme.fleetSetDryRun);
  expect(fleetPreview.status, fleetPreview.output).toBe(1);
  expect(fleetPreview.output).toContain("nothing was written");
  for (const hold of busy) expect(fleetPreview.output).toContain(`${hold.reference}`);
  expect(await sixSeaters()).toBe(seeded);

  const refused = await type(readme.fleetSet);
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
  expect(await sixSeaters()).toBe(seeded);

  // The December holds are declined and cancelled now, so their days have every cart to spare.
  const blocked = await type(readme.block);
  expect(blocked.status, blocked.output).toBe(0);
  expect(blocked.output).toContain(`block ${readme.blockId}`);
  expect(await blocks()).toEqual([
    {
      id: readme.blockId,
      plan: "six-seater",
      first_day: readme.blockFirst,
      end_day: addDays(readme.blockLast, 1),
      note: readme.note,
    },
  ]);

  const unblocked = await type(readme.unblock);
  expect(unblocked.status, unblocked.output).toBe(0);
  expect(unblocked.output).toContain(`Removed block ${readme.blockId}`);
  expect(await blocks()).toEqual([]);
  const unblockAgain = await type(readme.unblock);
  expect(unblockAgain.status, unblockAgain.output).toBe(1);
  expect(unblockAgain.output).toContain(`No maintenance block has the number ${readme.blockId}`);

  const forced = await type(readme.fleetSetForce);
  expect(forced.status, forced.output).toBe(0);
  expect(forced.output).toContain(`Set the 6 Seater fleet to ${readme.carts} carts locally (was ${seeded})`);
  expect(forced.output).toContain("call the renters");
  for (const hold of busy) expect(forced.output).toContain(hold.reference);
  expect(await sixSeaters()).toBe(readme.carts);
});

/** Carts free per day as the site's own store answers the booking calendar, on the copy's database. */
function siteAvailability(from: string, days: number) {
  return availability(database(project.db), "six-seater", from, days);
}

test("Rentals: a block taking the last cart leaves the site nothing to book those days @desktop", async () => {
  test.setTimeout(300_000);
  const readme = rentalCommands();
  const carts = (await sixSeaters())!;
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
  await insertHolds(holds);
  const dayBefore = addDays(readme.blockFirst, -1);
  const before = await siteAvailability(dayBefore, length + 2);
  expect(before.map((day) => day.remaining)).toEqual([carts, ...Array(length).fill(1), carts]);

  const blocked = await type(readme.block);
  expect(blocked.status, blocked.output).toBe(0);
  const after = await siteAvailability(dayBefore, length + 2);
  expect(after.map((day) => day.remaining)).toEqual([carts, ...Array(length).fill(0), carts]);

  // Typed again there is no cart left to take out: refused, naming the holds, and nothing added.
  const again = await type(readme.block);
  expect(again.status, again.output).toBe(1);
  for (const hold of holds) expect(again.output).toContain(hold.reference);
  expect(again.output).toContain("nothing was changed");
  expect(await blocks()).toHaveLength(1);
});
