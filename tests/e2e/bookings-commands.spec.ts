import type { BookingKind } from "~/config/booking-kinds";
import { site } from "~/config/site";
import { availability, openEnd } from "~/features/bookings/capacity.server";
import { addDays, daysBetween, localMoment } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { anHourAgo, onDealersClock } from "../support/dealer-clock";
import { localEmails } from "../support/local-mail";
import { readmeCommands } from "../support/readme";
import { expect, test, type StaffProject } from "../support/staff-project";

/**
 * The staff's booking commands exactly as README.md writes them, typed into the copy of the project
 * that runs `npm start`: so they act on the default local database the site serves, with no flag
 * added that staff would not type. One command family for rentals, service, storage and cart
 * reservations.
 */

/** What a staff member would call a crash: a JavaScript stack trace instead of a message. */
const stackTrace = /^\s+at .+[(:]\d+/m;

let project: StaffProject;
const type = (command: string) => project.type(command);
const sql = <Row>(statement: string): Promise<Row[]> => project.sql<Row>(statement);

const statusOf = async (reference: string) =>
  (await sql<{ status: string }>(`SELECT status FROM bookings WHERE reference = '${reference}'`))[0]?.status;
const capacityOf = async (pool: string) =>
  (await sql<{ capacity: number }>(`SELECT capacity FROM booking_pools WHERE pool = '${pool}'`))[0]?.capacity;
const blocks = () =>
  sql<{ id: number; pool: string; first_day: string; end_day: string; note: string | null }>(
    "SELECT id, pool, first_day, end_day, note FROM booking_blocks ORDER BY id",
  );

interface TestBooking {
  reference: string;
  kind: BookingKind;
  pool: string;
  start: string;
  end: string;
  status: "requested" | "confirmed";
  name: [string, string];
  summary: string;
  vehicleId?: string;
}

let tokens = 0;
/** When the bookings below were placed: an hour ago, so that no hold has run out. */
const placed = anHourAgo();

async function insertBookings(bookings: TestBooking[]): Promise<void> {
  const rows = bookings.map((booking) => {
    tokens += 1;
    const text = [
      booking.reference,
      `token-${tokens}`,
      booking.kind,
      booking.pool,
      booking.start,
      booking.end,
      booking.status,
      booking.summary,
      `Booking ${booking.reference}`,
      booking.kind === "rental" || booking.kind === "reservation" ? "sales" : "service",
      booking.name[0],
      booking.name[1],
    ].map((value) => `'${value}'`);
    const vehicle = booking.vehicleId ? `'${booking.vehicleId}'` : "NULL";
    return `(${text.join(", ")}, ${vehicle}, '{"delivery":{"type":"pickup"}}', '{"total":735}', 'customer@example.com', '570-555-0100', '${placed.stored}')`;
  });
  await sql(
    "INSERT INTO bookings (reference, token_hash, kind, pool, start_day, end_day, status, summary, announcement, interest," +
      ` first_name, last_name, vehicle_id, request, quote, email, phone, created_at) VALUES ${rows.join(", ")}`,
  );
}

/**
 * The platform's five-minute cron, run once now: locally no cron fires by itself, and the customer's
 * e-mail about a staff decision goes out by the cron job's sweep.
 */
async function runCron(): Promise<void> {
  const response = await fetch(`${project.site}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
  expect(response.ok, await response.text()).toBe(true);
}

/**
 * The e-mails the copy's `npm start` wrote to its local mail folder (where staff mail lands) for the
 * customer about `reference`, read by an independent parser: their subjects and plain-text parts.
 */
async function customerEmails(reference: string): Promise<{ subject: string; text: string }[]> {
  return (await localEmails(project.folder))
    .filter((email) => email.to === "customer@example.com" && email.subject.includes(reference))
    .map(({ subject, text }) => ({ subject, text }));
}

/** The vehicle page's status badge, over a fresh request as a visitor's browser would send it. */
async function shownStatus(vehicleId: string): Promise<string> {
  const html = await (await fetch(`${project.site}/vehicle/${vehicleId}`)).text();
  const status = /data-testid="vehicle-status"[^>]*>([^<]+)</.exec(html)?.[1] ?? "(none)";
  return /data-testid="reserved"/.test(html) ? `${status}, Reserved` : status;
}

/** The README's Bookings commands, each found by what it does; README order is the order they run in. */
function bookingCommands() {
  const commands = readmeCommands("Bookings");
  const find = (pattern: RegExp) => {
    const matching = commands.filter((command) => pattern.test(command));
    expect(matching, `README "Bookings" should have one command matching ${pattern}`).toHaveLength(1);
    return matching[0]!;
  };
  const found = {
    listRequested: find(/^npm run bookings -- list --status requested$/),
    confirmDryRun: find(/^npm run bookings -- confirm R-\w{6} --dry-run$/),
    confirm: find(/^npm run bookings -- confirm R-\w{6}$/),
    decline: find(/^npm run bookings -- decline S-\w{6}$/),
    confirmReservation: find(/^npm run bookings -- confirm C-\w{6}$/),
    sold: find(/^npm run bookings -- sold C-\w{6}$/),
    listKind: find(/^npm run bookings -- list --kind rental$/),
    cancelDryRun: find(/^npm run bookings -- cancel R-\w{6} --dry-run$/),
    cancel: find(/^npm run bookings -- cancel R-\w{6}$/),
    capacity: find(/^npm run bookings -- capacity$/),
    capacityDryRun: find(/^npm run bookings -- capacity six-seater \d+ --dry-run$/),
    capacitySet: find(/^npm run bookings -- capacity six-seater \d+$/),
    block: find(/^npm run bookings -- block six-seater \d{4}-\d{2}-\d{2} \d{4}-\d{2}-\d{2} --note "[^"]+"$/),
    unblock: find(/^npm run bookings -- unblock \d+$/),
    capacityForce: find(/^npm run bookings -- capacity six-seater \d+ --force$/),
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
    reserved: word(found.confirmReservation, 5),
    carts: Number(word(found.capacitySet, 6)),
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

test("Bookings: list, answer, cancel, capacity and blocks, as the README writes them @desktop", async () => {
  test.setTimeout(420_000);
  const readme = bookingCommands();
  expect(readme.cancelled).toBe(readme.confirmed);
  expect(readme.sold).toContain(readme.reserved);
  const seeded = site.rentalFleet["six-seater"];
  // One booking more than the new count fits, but no more than the seeded fleet: a day the smaller
  // fleet cannot cover, held while the fleet could.
  expect(readme.carts + 1).toBeLessThanOrEqual(seeded);

  const none = await type(readme.listRequested);
  expect(none).toExitWith(0);
  expect(none.output).toContain("No requested bookings locally.");

  // A day well ahead, so that `capacity` (which looks from the dealer's today on) counts it.
  const busyDay = addDays(localMoment(new Date(), site.timeZone).day, 45);
  const rental = (
    reference: string,
    start: string,
    days: number,
    status: "requested" | "confirmed",
    name: [string, string],
  ): TestBooking => ({
    reference,
    kind: "rental",
    pool: "six-seater",
    start,
    end: addDays(start, days),
    status,
    name,
    summary: `6 Seater, ${days} days from ${start}`,
  });
  const candidates = [
    rental("R-BUSY2A", busyDay, 2, "confirmed", ["Ann", "Brown"]),
    rental("R-BUSY3B", addDays(busyDay, -1), 3, "requested", ["Bo", "Grant"]),
    rental("R-BUSY4C", busyDay, 1, "requested", ["Cy", "Dunn"]),
    rental("R-BUSY5D", busyDay, 4, "requested", ["Di", "Ellis"]),
  ];
  const busy = candidates.slice(0, readme.carts + 1);
  const usedCart = "club-car-onward-2021";
  await insertBookings([
    rental(readme.confirmed, readme.blockFirst, 3, "requested", ["Pat", "Renter"]),
    {
      reference: readme.declined,
      kind: "service",
      pool: "service",
      start: readme.blockFirst,
      end: addDays(readme.blockFirst, 1),
      status: "requested",
      name: ["Sam", "Lee"],
      summary: "Battery Services, drop-off on the first day",
    },
    {
      reference: readme.reserved,
      kind: "reservation",
      pool: `vehicle:${usedCart}`,
      start: localMoment(new Date(), site.timeZone).day,
      end: openEnd,
      status: "requested",
      name: ["Max", "Buyer"],
      summary: "Club Car Onward, pickup",
      vehicleId: usedCart,
    },
    ...busy,
  ]);

  const requested = await type(readme.listRequested);
  expect(requested).toExitWith(0);
  const confirmedLine = requested.output.split("\n").find((line) => line.includes(readme.confirmed)) ?? "";
  expect(confirmedLine).toMatch(/requested\s+rental\s+6 Seater, 3 days/);
  expect(confirmedLine).toContain("Pat Renter");
  expect(confirmedLine).toContain("570-555-0100");
  expect(confirmedLine).toContain("$735.00");
  // When it was placed, on the staff's own clock rather than the database's UTC.
  expect(confirmedLine).toContain(`placed ${placed.shown}`);
  expect(requested.output).toMatch(new RegExp(`${readme.declined}\\s+requested\\s+service`));
  expect(requested.output).toMatch(new RegExp(`${readme.reserved}\\s+requested\\s+reservation`));
  // Filtered: the confirmed booking is not a request.
  expect(requested.output).not.toContain("R-BUSY2A");

  const confirmPreview = await type(readme.confirmDryRun);
  expect(confirmPreview).toExitWith(0);
  expect(confirmPreview.output).toContain(`Would mark ${readme.confirmed}`);
  expect(confirmPreview.output).toContain("dry run, nothing written");
  expect(await statusOf(readme.confirmed)).toBe("requested");

  const confirmed = await type(readme.confirm);
  expect(confirmed).toExitWith(0);
  expect(confirmed.output).toContain(`Confirmed: ${readme.confirmed}`);
  expect(await statusOf(readme.confirmed)).toBe("confirmed");
  // Typed twice: refused by name, not a crash, and nothing changes.
  const again = await type(readme.confirm);
  expect(again).toExitWith(1);
  expect(again.output).toContain(`${readme.confirmed} is already confirmed`);
  expect(again.output).not.toMatch(stackTrace);
  // The renter hears of it once, by the cron job's next run, in the folder where staff mail lands.
  await runCron();
  await expect
    .poll(async () => (await customerEmails(readme.confirmed)).map((email) => email.subject), {
      timeout: 60_000,
      intervals: [1000],
    })
    .toEqual([`Your rental booking ${readme.confirmed}: confirmed`]);
  const [confirmation] = await customerEmails(readme.confirmed);
  expect(confirmation!.text).toContain("Your rental booking is confirmed.");
  expect(confirmation!.text).toContain(site.phone.display);

  const declined = await type(readme.decline);
  expect(declined).toExitWith(0);
  expect(declined.output).toContain(`Declined: ${readme.declined} (Service booking`);
  expect(await statusOf(readme.declined)).toBe("declined");
  const confirmDeclined = await type(readme.confirm.replace(readme.confirmed, readme.declined));
  expect(confirmDeclined).toExitWith(1);
  expect(confirmDeclined.output).toContain(`${readme.declined} is declined, so it cannot be confirmed`);
  const unknown = await type(readme.confirm.replace(readme.confirmed, "R-NOSUCH"));
  expect(unknown).toExitWith(1);
  expect(unknown.output).toContain("No booking has the reference R-NOSUCH");

  // The buyer's reservation: confirmed, the site says Reserved (within the README's minute); sold,
  // the unit leaves the lot and the site says Out of Stock.
  expect(await type(readme.confirmReservation)).toExitWith(0);
  expect(await statusOf(readme.reserved)).toBe("confirmed");
  await expect.poll(() => shownStatus(usedCart), { timeout: 60_000, intervals: [1000] }).toBe("In Stock, Reserved");
  const soldNotReservation = await type(readme.sold.replace(readme.reserved, readme.confirmed));
  expect(soldNotReservation).toExitWith(1);
  expect(soldNotReservation.output).toContain("only a cart reservation can be marked sold");
  const sold = await type(readme.sold);
  expect(sold).toExitWith(0);
  expect(sold.output).toContain(`Sold: ${readme.reserved}`);
  expect(
    await sql<{ units: number; inStock: number }>(
      `SELECT units_in_stock AS units, in_stock AS inStock FROM vehicles WHERE id = '${usedCart}'`,
    ),
  ).toEqual([{ units: 0, inStock: 0 }]);
  await expect.poll(() => shownStatus(usedCart), { timeout: 60_000, intervals: [1000] }).toBe("Out of Stock");

  const rentals = await type(readme.listKind);
  expect(rentals).toExitWith(0);
  expect(rentals.output).toMatch(new RegExp(`${readme.confirmed}\\s+confirmed\\s+rental`));
  expect(rentals.output).toMatch(/R-BUSY2A\s+confirmed/);
  expect(rentals.output).not.toContain(readme.declined);
  // Who answered it and when, on the staff's clock, so a colleague sees it was done: the README's
  // confirm was typed at a terminal. A booking nobody answered names no one.
  const [decision] = await sql<{ decidedAt: string }>(
    `SELECT decided_at AS decidedAt FROM bookings WHERE reference = '${readme.confirmed}'`,
  );
  const rowOf = (reference: string) => rentals.output.split("\n").find((line) => line.includes(reference)) ?? "";
  expect(rowOf(readme.confirmed)).toContain(`confirmed by terminal ${onDealersClock(new Date(decision!.decidedAt))}`);
  expect(rowOf("R-BUSY2A")).not.toContain(" by ");
  // By first day: the December booking before the busy day's.
  expect(rentals.output.indexOf(readme.confirmed)).toBeLessThan(rentals.output.indexOf("R-BUSY2A"));

  const cancelPreview = await type(readme.cancelDryRun);
  expect(cancelPreview).toExitWith(0);
  expect(cancelPreview.output).toContain("dry run, nothing written");
  expect(await statusOf(readme.cancelled)).toBe("confirmed");
  const cancelled = await type(readme.cancel);
  expect(cancelled).toExitWith(0);
  expect(cancelled.output).toContain(`Cancelled: ${readme.cancelled}`);
  expect(await statusOf(readme.cancelled)).toBe("cancelled");
  const cancelAgain = await type(readme.cancel);
  expect(cancelAgain).toExitWith(1);
  expect(cancelAgain.output).toContain(`${readme.cancelled} is already cancelled`);

  const capacity = await type(readme.capacity);
  expect(capacity).toExitWith(0);
  expect(capacity.output).toMatch(new RegExp(`six-seater\\s+${seeded} carts`));
  expect(capacity.output).toMatch(new RegExp(`service\\s+${site.serviceBooking.dropOffsPerDay} drop-off slots a day`));
  expect(capacity.output).toMatch(new RegExp(`storage-indoor\\s+${site.storageBooking.spaces.indoor} spaces`));
  expect(capacity.output).toContain("No blocks");

  // The busy day holds one renter more than the new count has carts: refused, naming them.
  const capacityPreview = await type(readme.capacityDryRun);
  expect(capacityPreview).toExitWith(1);
  expect(capacityPreview.output).toContain("nothing was written");
  for (const booking of busy) expect(capacityPreview.output).toContain(booking.reference);
  expect(await capacityOf("six-seater")).toBe(seeded);

  const refused = await type(readme.capacitySet);
  expect(refused).toExitWith(1);
  expect(refused.output).toContain("without a place, so nothing was changed");
  for (const booking of busy) {
    const line = refused.output.split("\n").find((text) => text.includes(booking.reference)) ?? "";
    // What it holds as the booking list says it, and who to call at which number.
    expect(line).toContain(booking.summary);
    expect(line).toContain(booking.name.join(" "));
    expect(line).toContain("570-555-0100");
    expect(line).toContain(`over capacity on ${busyDay}`);
  }
  expect(refused.output).toContain("--force");
  expect(refused.output).not.toMatch(stackTrace);
  expect(await capacityOf("six-seater")).toBe(seeded);

  // The December booking is cancelled now, so its days have every cart to spare.
  const blocked = await type(readme.block);
  expect(blocked).toExitWith(0);
  expect(blocked.output).toContain(`block ${readme.blockId}`);
  expect(await blocks()).toEqual([
    {
      id: readme.blockId,
      pool: "six-seater",
      first_day: readme.blockFirst,
      end_day: addDays(readme.blockLast, 1),
      note: readme.note,
    },
  ]);
  const unblocked = await type(readme.unblock);
  expect(unblocked).toExitWith(0);
  expect(unblocked.output).toContain(`Removed block ${readme.blockId}`);
  expect(await blocks()).toEqual([]);
  const unblockAgain = await type(readme.unblock);
  expect(unblockAgain).toExitWith(1);
  expect(unblockAgain.output).toContain(`No block has the number ${readme.blockId}`);

  const forced = await type(readme.capacityForce);
  expect(forced).toExitWith(0);
  expect(forced.output).toContain(`Set 6 Seater rental to ${readme.carts} carts locally (was ${seeded})`);
  expect(forced.output).toContain("call the customers");
  for (const booking of busy) expect(forced.output).toContain(booking.reference);
  expect(await capacityOf("six-seater")).toBe(readme.carts);
});

test("Bookings: a block taking the last cart leaves the site nothing to book those days @desktop", async () => {
  test.setTimeout(300_000);
  const readme = bookingCommands();
  const carts = (await capacityOf("six-seater"))!;
  expect(carts).toBeGreaterThanOrEqual(2);
  const length = daysBetween(readme.blockFirst, addDays(readme.blockLast, 1));
  // Every cart but one held over the block's days: the block takes the last.
  const holders: TestBooking[] = Array.from({ length: carts - 1 }, (_, index) => ({
    reference: `R-LAST${index + 2}A`,
    kind: "rental",
    pool: "six-seater",
    start: readme.blockFirst,
    end: addDays(readme.blockFirst, length),
    status: "confirmed",
    name: ["Lee", `Holder${index + 2}`],
    summary: "6 Seater",
  }));
  await insertBookings(holders);
  const dayBefore = addDays(readme.blockFirst, -1);
  // Carts free per day as the site's own engine answers the booking calendar, on the copy's database.
  const siteAvailability = () => availability(database(project.db), "six-seater", dayBefore, length + 2);
  expect((await siteAvailability()).map((day) => day.remaining)).toEqual([carts, ...Array(length).fill(1), carts]);

  const blocked = await type(readme.block);
  expect(blocked).toExitWith(0);
  expect((await siteAvailability()).map((day) => day.remaining)).toEqual([carts, ...Array(length).fill(0), carts]);

  // Typed again there is no cart left to take out: refused, naming the bookings, and nothing added.
  const again = await type(readme.block);
  expect(again).toExitWith(1);
  for (const holder of holders) expect(again.output).toContain(holder.reference);
  expect(again.output).toContain("nothing was changed");
  expect(await blocks()).toHaveLength(1);

  // The README's block with last year's dates, a slip of the year: refused, not stored where no
  // listing would show it.
  const lastYear = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;
  const past = await type(
    readme.block
      .replace(readme.blockFirst, lastYear(readme.blockFirst))
      .replace(readme.blockLast, lastYear(readme.blockLast)),
  );
  expect(past).toExitWith(2);
  expect(past.output).toContain(`${lastYear(readme.blockFirst)} to ${lastYear(readme.blockLast)} is over`);
  expect(past.output).toContain("nothing was changed");
  expect(await blocks()).toHaveLength(1);
});
