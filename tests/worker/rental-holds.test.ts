import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import {
  addBlock,
  availability,
  cancelHold,
  cancelHoldByToken,
  confirmHold,
  declineHold,
  expireStaleHolds,
  findHoldByReference,
  findHoldByToken,
  fleetCounts,
  fleetSeedSql,
  listBlocks,
  listHolds,
  placeHold,
  removeBlock,
  RentalStoreError,
  setFleet,
  type HoldInput,
} from "~/features/rentals/rental-holds.server";
import { addDays, dayRange } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { propertyRuns } from "./property-runs";

const db = database(env.DB);

type Plan = HoldInput["plan"];

function hold(plan: Plan, start: string, days: number, email = "renter@example.com"): HoldInput {
  return {
    plan,
    start,
    days,
    request: { delivery: { type: "pickup" }, drivers: 0 },
    quote: { total: 245, lines: [] },
    firstName: "Pat",
    lastName: "Renter",
    email,
    phone: "570-555-0100",
  };
}

async function clearTables(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM rental_holds"),
    env.DB.prepare("DELETE FROM rental_blocks"),
    env.DB.prepare("DELETE FROM rental_fleet"),
  ]);
}

async function fleetOf(entries: Partial<Record<Plan, number>>): Promise<void> {
  await env.DB.batch(
    Object.entries(entries).map(([plan, carts]) =>
      env.DB.prepare("INSERT INTO rental_fleet (plan, carts) VALUES (?, ?)").bind(plan, carts),
    ),
  );
}

/** Ages a hold as if it had been placed `hours` ago. */
async function placedHoursAgo(reference: string, hours: number): Promise<void> {
  const at = new Date(Date.now() - hours * 3_600_000).toISOString();
  await env.DB.prepare("UPDATE rental_holds SET created_at = ? WHERE reference = ?").bind(at, reference).run();
}

async function placed(input: HoldInput): Promise<{ reference: string; token: string }> {
  const result = await placeHold(db, input);
  if (!result.placed) throw new Error(`expected a hold, got full days ${result.fullDays.join(", ")}`);
  return result;
}

beforeEach(clearTables);

describe("placing holds", () => {
  it("holds carts up to the fleet count and then names the full days", async () => {
    await fleetOf({ "six-seater": 2 });
    const first = await placeHold(db, hold("six-seater", "2031-07-01", 3));
    const second = await placeHold(db, hold("six-seater", "2031-07-02", 2));
    expect(first.placed && second.placed).toBe(true);

    // 07-02 and 07-03 now have both carts out; 07-01 and 07-04 have one left.
    expect(await placeHold(db, hold("six-seater", "2031-07-02", 1))).toEqual({
      placed: false,
      fullDays: ["2031-07-02"],
    });
    expect(await placeHold(db, hold("six-seater", "2031-06-30", 6))).toEqual({
      placed: false,
      fullDays: ["2031-07-02", "2031-07-03"],
    });
    // Days either side of the full ones, and another class, are still free.
    expect((await placeHold(db, hold("six-seater", "2031-06-29", 3))).placed).toBe(true);
    expect((await placeHold(db, hold("six-seater", "2031-07-04", 2))).placed).toBe(true);
    expect(await placeHold(db, hold("four-seater", "2031-07-02", 1))).toEqual({
      placed: false,
      fullDays: ["2031-07-02"],
    });
    expect(await listHolds(db, { status: "requested" })).toHaveLength(4);
  });

  it("shows the carts left per day, with blocks taking carts out of service", async () => {
    await fleetOf({ utility: 2 });
    await placed(hold("utility", "2031-08-02", 2));
    expect(await availability(db, "utility", "2031-08-01", 4)).toEqual([
      { date: "2031-08-01", remaining: 2 },
      { date: "2031-08-02", remaining: 1 },
      { date: "2031-08-03", remaining: 1 },
      { date: "2031-08-04", remaining: 2 },
    ]);

    const block = await addBlock(db, "utility", "2031-08-03", "2031-08-04", { note: "brakes" });
    expect(block).toMatchObject({ applied: true, affected: [] });
    expect((await availability(db, "utility", "2031-08-01", 4)).map((day) => day.remaining)).toEqual([2, 1, 0, 1]);
    expect(await placeHold(db, hold("utility", "2031-08-03", 2))).toEqual({ placed: false, fullDays: ["2031-08-03"] });
    expect(await listBlocks(db, "utility")).toMatchObject([
      { plan: "utility", firstDay: "2031-08-03", endDay: "2031-08-05", note: "brakes" },
    ]);

    // A second block on an already-empty day never shows a negative count.
    await addBlock(db, "utility", "2031-08-04", "2031-08-04");
    await addBlock(db, "utility", "2031-08-04", "2031-08-04", { force: true });
    expect((await availability(db, "utility", "2031-08-04", 1))[0]?.remaining).toBe(0);

    if (!block.applied) throw new Error("block not applied");
    expect(await removeBlock(db, block.id)).toBe(true);
    expect(await removeBlock(db, block.id)).toBe(false);
    expect((await availability(db, "utility", "2031-08-03", 1))[0]?.remaining).toBe(1);
  });

  it("treats a class with no fleet row as having no carts", async () => {
    expect(await placeHold(db, hold("four-seater", "2031-09-01", 2))).toEqual({
      placed: false,
      fullDays: ["2031-09-01", "2031-09-02"],
    });
    expect(await fleetCounts(db)).toEqual({ "four-seater": 0, "six-seater": 0, utility: 0 });
  });

  it("gives a typeable reference and a token that is stored only as its hash", async () => {
    await fleetOf({ "four-seater": 1 });
    const { reference, token } = await placed(hold("four-seater", "2031-09-10", 1, "pat@example.com"));
    expect(reference).toMatch(/^R-[2-9A-HJKMNP-Z]{6}$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await env.DB.prepare("SELECT * FROM rental_holds WHERE reference = ?").bind(reference).first();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ start_day: "2031-09-10", end_day: "2031-09-11", days: 1, status: "requested" });

    const byToken = await findHoldByToken(db, token);
    expect(byToken).toMatchObject({
      reference,
      email: "pat@example.com",
      request: { drivers: 0 },
      quote: { total: 245 },
    });
    expect(byToken).not.toHaveProperty("tokenHash");
    expect(await findHoldByReference(db, ` ${reference.toLowerCase()} `)).toMatchObject({ reference });
    expect(await findHoldByToken(db, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(await findHoldByReference(db, "R-222222")).toBeNull();
  });

  it("never lets a database error carry the renter's details", async () => {
    await fleetOf({ "four-seater": 1 });
    await env.DB.exec(
      "CREATE TRIGGER rental_holds_test_refuse BEFORE INSERT ON rental_holds BEGIN SELECT RAISE(ABORT, 'refused by test'); END",
    );
    try {
      const error = await placeHold(db, hold("four-seater", "2031-09-20", 1, "secret.renter@example.com")).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(RentalStoreError);
      expect(error).toMatchObject({ step: "place hold", code: "SQLITE_CONSTRAINT" });
      const told = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack} ${String((error as Error).cause)}`;
      expect(told).not.toContain("secret.renter");
      expect(told).not.toContain("570-555");
    } finally {
      await env.DB.exec("DROP TRIGGER rental_holds_test_refuse");
    }
  });
});

describe("status changes", () => {
  it("frees the days on cancel and decline, keeps them on confirm", async () => {
    await fleetOf({ "six-seater": 1 });
    const first = await placed(hold("six-seater", "2031-10-01", 2));
    expect(await confirmHold(db, first.reference)).toMatchObject({ changed: true, hold: { status: "confirmed" } });
    expect((await placeHold(db, hold("six-seater", "2031-10-02", 1))).placed).toBe(false);
    // Only a requested hold can be confirmed or declined.
    expect(await confirmHold(db, first.reference)).toEqual({ changed: false, status: "confirmed" });
    expect(await declineHold(db, first.reference)).toEqual({ changed: false, status: "confirmed" });

    expect(await cancelHold(db, first.reference)).toMatchObject({ changed: true, hold: { status: "cancelled" } });
    expect(await cancelHold(db, first.reference)).toEqual({ changed: false, status: "cancelled" });
    const second = await placed(hold("six-seater", "2031-10-02", 1));

    expect(await declineHold(db, second.reference)).toMatchObject({
      changed: true,
      hold: { status: "declined", decidedAt: expect.any(String) },
    });
    const third = await placed(hold("six-seater", "2031-10-01", 2));

    expect(await cancelHoldByToken(db, "not-the-token")).toEqual({ changed: false, status: null });
    expect(await cancelHoldByToken(db, third.token)).toMatchObject({
      changed: true,
      hold: { reference: third.reference },
    });
    expect((await placeHold(db, hold("six-seater", "2031-10-01", 2))).placed).toBe(true);
    expect(await confirmHold(db, "R-NOSUCH")).toEqual({ changed: false, status: null });
  });

  it("expires only requests older than the limit, and frees their days", async () => {
    await fleetOf({ "four-seater": 3 });
    const stale = await placed(hold("four-seater", "2031-11-01", 1));
    const fresh = await placed(hold("four-seater", "2031-11-01", 1));
    const confirmed = await placed(hold("four-seater", "2031-11-01", 1));
    await confirmHold(db, confirmed.reference);
    await placedHoursAgo(stale.reference, site.rentalBooking.holdHours + 1);
    await placedHoursAgo(fresh.reference, site.rentalBooking.holdHours - 1);
    await placedHoursAgo(confirmed.reference, site.rentalBooking.holdHours + 5);
    expect((await placeHold(db, hold("four-seater", "2031-11-01", 1))).placed).toBe(false);

    const expired = await expireStaleHolds(db, new Date(), site.rentalBooking.holdHours);
    expect(expired.map((row) => row.reference)).toEqual([stale.reference]);
    expect(expired[0]).toMatchObject({ status: "expired", email: "renter@example.com" });
    expect(await expireStaleHolds(db, new Date(), site.rentalBooking.holdHours)).toEqual([]);
    expect((await findHoldByReference(db, fresh.reference))?.status).toBe("requested");
    expect((await findHoldByReference(db, confirmed.reference))?.status).toBe("confirmed");
    expect(await confirmHold(db, stale.reference)).toEqual({ changed: false, status: "expired" });
    expect((await placeHold(db, hold("four-seater", "2031-11-01", 1))).placed).toBe(true);
  });
});

describe("fleet and blocks", () => {
  it("refuses a smaller fleet that would overbook held days, naming the holds, unless forced", async () => {
    await fleetOf({ "six-seater": 3 });
    const a = await placed(hold("six-seater", "2031-12-01", 3));
    const b = await placed(hold("six-seater", "2031-12-02", 3));
    await placed(hold("six-seater", "2031-12-10", 1));
    await placed(hold("six-seater", "2031-12-10", 1));

    const today = "2031-11-20";
    expect(await setFleet(db, "six-seater", 2, { today })).toEqual({ applied: true, affected: [] });
    const refused = await setFleet(db, "six-seater", 1, { today });
    expect(refused.applied).toBe(false);
    expect(refused.affected.map((hold) => hold.reference).sort()).toHaveLength(4);
    expect(refused.affected.find((hold) => hold.reference === a.reference)).toEqual({
      reference: a.reference,
      status: "requested",
      start: "2031-12-01",
      days: 3,
      overDays: ["2031-12-02", "2031-12-03"],
    });
    expect(refused.affected.find((hold) => hold.reference === b.reference)?.overDays).toEqual([
      "2031-12-02",
      "2031-12-03",
    ]);
    expect((await fleetCounts(db))["six-seater"]).toBe(2);

    // Days before `today` are history and never refuse a change.
    expect((await setFleet(db, "six-seater", 1, { today: "2031-12-11" })).applied).toBe(true);
    const forced = await setFleet(db, "six-seater", 0, { today, force: true });
    expect(forced.applied).toBe(true);
    expect(forced.affected).toHaveLength(4);
    expect((await fleetCounts(db))["six-seater"]).toBe(0);

    // A class without a row gets one.
    expect(await setFleet(db, "utility", 5, { today })).toEqual({ applied: true, affected: [] });
    expect((await fleetCounts(db)).utility).toBe(5);
  });

  it("refuses a block that would take a held cart, naming the holds, unless forced", async () => {
    await fleetOf({ "four-seater": 2 });
    const a = await placed(hold("four-seater", "2032-01-05", 2));
    const b = await placed(hold("four-seater", "2032-01-06", 1));
    expect(await addBlock(db, "four-seater", "2032-01-01", "2032-01-05")).toMatchObject({ applied: true });

    const refused = await addBlock(db, "four-seater", "2032-01-06", "2032-01-08");
    expect(refused).toEqual({
      applied: false,
      affected: [
        { reference: a.reference, status: "requested", start: "2032-01-05", days: 2, overDays: ["2032-01-06"] },
        { reference: b.reference, status: "requested", start: "2032-01-06", days: 1, overDays: ["2032-01-06"] },
      ],
    });
    expect(await listBlocks(db)).toHaveLength(1);

    const forced = await addBlock(db, "four-seater", "2032-01-06", "2032-01-08", { force: true, note: "recall" });
    expect(forced).toMatchObject({ applied: true, affected: refused.affected });
    expect(await listBlocks(db)).toHaveLength(2);
    await expect(addBlock(db, "four-seater", "2032-01-08", "2032-01-06")).rejects.toThrow(RangeError);
  });

  it("seeds the fleet from the site config only into an empty table", async () => {
    await env.DB.exec(fleetSeedSql(site.rentalFleet));
    expect(await fleetCounts(db)).toEqual(site.rentalFleet);
    await setFleet(db, "utility", 7, { today: "2031-01-01" });
    await env.DB.exec(fleetSeedSql(site.rentalFleet));
    expect((await fleetCounts(db)).utility).toBe(7);
  });
});

describe("racing renters", () => {
  it("gives the last cart to exactly one of 30 concurrent holds", async () => {
    await fleetOf({ utility: 1 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        placeHold(db, hold("utility", "2032-02-01", 3, `r${index}@example.com`)),
      ),
    );
    expect(results.filter((result) => result.placed)).toHaveLength(1);
    for (const result of results) {
      if (!result.placed) expect(result.fullDays).toEqual(["2032-02-01", "2032-02-02", "2032-02-03"]);
    }
    expect(await listHolds(db, { plan: "utility" })).toHaveLength(1);
  });
});

// The property test: random sequences of everything that changes holds, the fleet or blocks, checked
// after every step against a count made here from the raw rows, independent of the store's SQL.
const plans = ["four-seater", "six-seater"] as const satisfies readonly Plan[];
const windowStart = "2033-03-01";
const windowDays = 10;
// Holds and blocks may run past the window by a few days; these are all the days they can touch.
const checkedDays = dayRange(windowStart, windowDays + 4);

interface Rows {
  fleet: Map<string, number>;
  holds: { plan: string; start_day: string; end_day: string; status: string }[];
  blocks: { plan: string; first_day: string; end_day: string }[];
}

async function readRows(): Promise<Rows> {
  const [fleet, holds, blocks] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT plan, carts FROM rental_fleet"),
    env.DB.prepare("SELECT plan, start_day, end_day, status FROM rental_holds"),
    env.DB.prepare("SELECT plan, first_day, end_day FROM rental_blocks"),
  ]);
  return {
    fleet: new Map((fleet!.results as { plan: string; carts: number }[]).map((row) => [row.plan, row.carts])),
    holds: holds!.results as Rows["holds"],
    blocks: blocks!.results as Rows["blocks"],
  };
}

function heldOn(rows: Rows, plan: string, day: string): number {
  return rows.holds.filter(
    (row) =>
      row.plan === plan &&
      (row.status === "requested" || row.status === "confirmed") &&
      row.start_day <= day &&
      day < row.end_day,
  ).length;
}

function inServiceOn(rows: Rows, plan: string, day: string): number {
  const blocked = rows.blocks.filter((row) => row.plan === plan && row.first_day <= day && day < row.end_day).length;
  return (rows.fleet.get(plan) ?? 0) - blocked;
}

const operation = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("place" as const),
      plan: fc.constantFrom(...plans),
      offset: fc.nat(windowDays - 1),
      days: fc.integer({ min: 1, max: 4 }),
      // Placed longer ago than holds wait for staff, so that expiry has requests to release.
      old: fc.boolean(),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom(
        "cancel" as const,
        "cancelByToken" as const,
        "decline" as const,
        "confirm" as const,
        "age" as const,
      ),
      pick: fc.nat(),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant("expire" as const) }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant("fleet" as const), plan: fc.constantFrom(...plans), carts: fc.nat(3) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("block" as const),
      plan: fc.constantFrom(...plans),
      offset: fc.nat(windowDays - 1),
      days: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("unblock" as const), pick: fc.nat() }), weight: 1 },
);

describe("capacity under any sequence of changes", () => {
  it("never leaves a day of any class over capacity, and refuses only for a full day", async () => {
    let placedCount = 0;
    let refusedCount = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.nat(3), fc.nat(3)),
        fc.array(operation, { minLength: 1, maxLength: 30, size: "max" }),
        async (startFleet, operations) => {
          await clearTables();
          await fleetOf({ [plans[0]]: startFleet[0], [plans[1]]: startFleet[1] });
          // What each hold's status must be, kept here from the rules, not read back from the store.
          const holds: { reference: string; token: string; status: string; aged: boolean }[] = [];
          const blocks: number[] = [];
          for (const op of operations) {
            const pickHold = "pick" in op ? holds[op.pick % Math.max(1, holds.length)] : undefined;
            switch (op.kind) {
              case "place": {
                const start = addDays(windowStart, op.offset);
                const result = await placeHold(db, hold(op.plan, start, op.days));
                if (result.placed) {
                  placedCount += 1;
                  holds.push({ ...result, status: "requested", aged: op.old });
                  if (op.old) await placedHoursAgo(result.reference, site.rentalBooking.holdHours + 1);
                } else {
                  refusedCount += 1;
                  // Nothing ran in between, so the rows now are the rows the refusal saw.
                  const rows = await readRows();
                  const full = dayRange(start, op.days).filter(
                    (day) => heldOn(rows, op.plan, day) + 1 > inServiceOn(rows, op.plan, day),
                  );
                  expect(full.length).toBeGreaterThan(0);
                  expect(result.fullDays).toEqual(full);
                }
                break;
              }
              case "cancel":
              case "cancelByToken":
              case "decline":
              case "confirm": {
                if (!pickHold) break;
                const [change, from, to] =
                  op.kind === "cancel"
                    ? [await cancelHold(db, pickHold.reference), ["requested", "confirmed"], "cancelled"]
                    : op.kind === "cancelByToken"
                      ? [await cancelHoldByToken(db, pickHold.token), ["requested", "confirmed"], "cancelled"]
                      : op.kind === "decline"
                        ? [await declineHold(db, pickHold.reference), ["requested"], "declined"]
                        : [await confirmHold(db, pickHold.reference), ["requested"], "confirmed"];
                const allowed = from.includes(pickHold.status);
                expect(change).toEqual(
                  allowed
                    ? { changed: true, hold: expect.objectContaining({ reference: pickHold.reference, status: to }) }
                    : { changed: false, status: pickHold.status },
                );
                if (allowed) pickHold.status = to;
                break;
              }
              case "age":
                if (pickHold) await placedHoursAgo(pickHold.reference, site.rentalBooking.holdHours + 1);
                if (pickHold) pickHold.aged = true;
                break;
              case "expire": {
                const expired = await expireStaleHolds(db, new Date(), site.rentalBooking.holdHours);
                const due = holds.filter((held) => held.aged && held.status === "requested");
                expect(expired.map((row) => row.reference).sort()).toEqual(due.map((held) => held.reference).sort());
                for (const held of due) held.status = "expired";
                break;
              }
              case "fleet": {
                const before = await readRows();
                const result = await setFleet(db, op.plan, op.carts, { today: windowStart });
                const wouldOverbook = checkedDays.some((day) => {
                  const held = heldOn(before, op.plan, day);
                  return (
                    held > 0 && held > inServiceOn(before, op.plan, day) - (before.fleet.get(op.plan) ?? 0) + op.carts
                  );
                });
                expect(result.applied).toBe(!wouldOverbook);
                expect(result.affected.length > 0).toBe(wouldOverbook);
                break;
              }
              case "block": {
                const before = await readRows();
                const first = addDays(windowStart, op.offset);
                const result = await addBlock(db, op.plan, first, addDays(first, op.days - 1));
                const wouldOverbook = dayRange(first, op.days).some((day) => {
                  const held = heldOn(before, op.plan, day);
                  return held > 0 && held > inServiceOn(before, op.plan, day) - 1;
                });
                expect(result.applied).toBe(!wouldOverbook);
                if (result.applied) blocks.push(result.id);
                else expect(result.affected.length).toBeGreaterThan(0);
                break;
              }
              case "unblock": {
                const id = blocks.splice(op.pick % Math.max(1, blocks.length), 1)[0];
                if (id !== undefined) await removeBlock(db, id);
                break;
              }
            }

            const rows = await readRows();
            const statuses = await env.DB.prepare("SELECT reference, status FROM rental_holds").all<{
              reference: string;
              status: string;
            }>();
            expect(new Map(statuses.results.map((row) => [row.reference, row.status]))).toEqual(
              new Map(holds.map((held) => [held.reference, held.status])),
            );
            for (const plan of plans) {
              for (const day of checkedDays) {
                const held = heldOn(rows, plan, day);
                if (held > Math.max(0, inServiceOn(rows, plan, day))) {
                  throw new Error(`${plan} on ${day}: ${held} held, ${inServiceOn(rows, plan, day)} in service`);
                }
              }
            }
          }
        },
      ),
      { numRuns: propertyRuns(50) },
    );
    // The runs must have exercised both answers, or the property says little.
    expect(placedCount).toBeGreaterThan(20);
    expect(refusedCount).toBeGreaterThan(20);
  });
});
