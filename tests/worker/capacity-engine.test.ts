import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { bookingKinds, type BookingKind } from "~/config/booking-kinds";
import { poolDefaults } from "~/config/booking-pools";
import {
  addBlock,
  listBlocks,
  poolSeedSql,
  removeBlock,
  setCapacity,
} from "~/features/bookings/capacity-changes.server";
import { BookingStoreError } from "~/features/bookings/capacity-load.server";
import {
  availability,
  bookingWithReference,
  bookingWithToken,
  changeBookingStatus,
  expireStaleBookings,
  findBooking,
  findBookingByToken,
  listBookings,
  openEnd,
  placeBooking,
  poolCapacities,
  type BookingDecision,
  type BookingInput,
} from "~/features/bookings/capacity.server";
import { addDays, dayRange } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { propertyRuns } from "./property-runs";

/**
 * The one capacity engine, for every kind of booking: rental carts (spans of days), service
 * drop-off slots (one day, none on Sunday), storage spaces (long spans) and a vehicle's units (holds
 * with no last day).
 */

const db = database(env.DB);

/** One pool of each kind, as the site sets them up. */
const pools = {
  rental: { pool: "six-seater", kind: "rental", closed: "" },
  service: { pool: "service", kind: "service", closed: "0" },
  storage: { pool: "storage-indoor", kind: "storage", closed: "" },
  reservation: { pool: "vehicle:test-cart", kind: "reservation", closed: "" },
  "test-drive": { pool: "test-drive:showroom:10:00", kind: "test-drive", closed: "0" },
} as const satisfies Record<BookingKind, { pool: string; kind: BookingKind; closed: string }>;

// Each booking is a different customer unless a test says otherwise: these tests are about
// capacity, and one customer's requests are held to the per-person limit (tested on its own).
let customers = 0;

function booking(kind: BookingKind, start: string, end: string, email?: string): BookingInput {
  customers += 1;
  return {
    kind,
    pool: pools[kind].pool,
    start,
    end,
    request: { asked: "test" },
    quote: { total: 245, lines: [] },
    describe: (reference) => ({ summary: `test ${kind}`, announcement: `Booking ${reference}` }),
    interest: kind === "service" || kind === "storage" ? "service" : "sales",
    vehicleId: kind === "reservation" ? "test-cart" : null,
    firstName: "Pat",
    lastName: "Customer",
    email: email ?? `customer-${customers}@example.com`,
    phone: `570-555-${String(customers % 10_000).padStart(4, "0")}`,
  };
}

async function clearTables(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bookings"),
    env.DB.prepare("DELETE FROM booking_blocks"),
    env.DB.prepare("DELETE FROM booking_pools"),
  ]);
}

async function capacities(entries: Partial<Record<BookingKind, number>>): Promise<void> {
  await env.DB.batch(
    Object.entries(entries).map(([kind, capacity]) => {
      const { pool, closed } = pools[kind as BookingKind];
      return env.DB.prepare(
        "INSERT INTO booking_pools (pool, kind, capacity, closed_weekdays) VALUES (?, ?, ?, ?)",
      ).bind(pool, kind, capacity, closed);
    }),
  );
}

/** Ages a booking as if it had been placed `hours` ago. */
async function placedHoursAgo(reference: string, hours: number): Promise<void> {
  const at = new Date(Date.now() - hours * 3_600_000).toISOString();
  await env.DB.prepare("UPDATE bookings SET created_at = ? WHERE reference = ?").bind(at, reference).run();
}

async function placed(input: BookingInput): Promise<{ reference: string; token: string }> {
  const result = await placeBooking(db, input);
  if (!result.placed) throw new Error(`expected a booking, got ${JSON.stringify(result)}`);
  return result;
}

const decide = async (reference: string, decision: BookingDecision) =>
  changeBookingStatus(db, bookingWithReference(reference), decision);

beforeEach(clearTables);

describe("placing bookings", () => {
  it("holds places up to the capacity and then names the full days", async () => {
    await capacities({ rental: 2 });
    const first = await placeBooking(db, booking("rental", "2031-07-01", "2031-07-04"));
    const second = await placeBooking(db, booking("rental", "2031-07-02", "2031-07-04"));
    expect(first.placed && second.placed).toBe(true);

    // 07-02 and 07-03 now have both carts out; 07-01 and 07-04 have one left.
    expect(await placeBooking(db, booking("rental", "2031-07-02", "2031-07-03"))).toEqual({
      placed: false,
      reason: "full",
      fullDays: ["2031-07-02"],
    });
    expect(await placeBooking(db, booking("rental", "2031-06-30", "2031-07-06"))).toEqual({
      placed: false,
      reason: "full",
      fullDays: ["2031-07-02", "2031-07-03"],
    });
    expect((await placeBooking(db, booking("rental", "2031-06-29", "2031-07-02"))).placed).toBe(true);
    expect((await placeBooking(db, booking("rental", "2031-07-04", "2031-07-06"))).placed).toBe(true);
    // A pool nobody set up has nothing to give.
    expect(await placeBooking(db, booking("storage", "2031-07-02", "2031-07-03"))).toEqual({
      placed: false,
      reason: "full",
      fullDays: ["2031-07-02"],
    });
    expect(await listBookings(db, { kind: "rental", status: "requested" })).toHaveLength(4);
  });

  it("gives no service drop-off on a closed weekday, and says so in the calendar's count", async () => {
    await capacities({ service: 3 });
    // 2031-07-06 is a Sunday.
    expect(await placeBooking(db, booking("service", "2031-07-06", "2031-07-07"))).toEqual({
      placed: false,
      reason: "full",
      fullDays: ["2031-07-06"],
    });
    await placed(booking("service", "2031-07-07", "2031-07-08"));
    expect(await availability(db, "service", "2031-07-05", 3)).toEqual([
      { date: "2031-07-05", remaining: 3 },
      { date: "2031-07-06", remaining: 0 },
      { date: "2031-07-07", remaining: 2 },
    ]);
  });

  it("refuses a span of days that covers a closed weekday, naming it, whatever day it starts", async () => {
    // A pool closed on Wednesdays (3): 2031-07-02 is one.
    await env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity, closed_weekdays) VALUES ('six-seater', 'rental', 2, '3')",
    ).run();
    expect(await placeBooking(db, booking("rental", "2031-06-28", "2031-07-03"))).toEqual({
      placed: false,
      reason: "full",
      fullDays: ["2031-07-02"],
    });
    expect((await placeBooking(db, booking("rental", "2031-06-28", "2031-07-02"))).placed).toBe(true);
  });

  it("holds a storage space for every day of a long stay, and a vehicle's unit with no last day", async () => {
    await capacities({ storage: 1, reservation: 1 });
    await placed(booking("storage", "2031-10-15", "2032-04-16"));
    // A booking starting months into the stay, and one ending on its first day, meet it.
    expect(await placeBooking(db, booking("storage", "2032-01-10", "2032-01-20"))).toMatchObject({ placed: false });
    expect((await placeBooking(db, booking("storage", "2031-10-01", "2031-10-15"))).placed).toBe(true);
    expect((await placeBooking(db, booking("storage", "2032-04-16", "2032-05-01"))).placed).toBe(true);

    const buyer = await placed(booking("reservation", "2031-07-01", openEnd));
    expect(await placeBooking(db, booking("reservation", "2031-09-01", openEnd))).toEqual({
      placed: false,
      reason: "full",
      fullDays: ["2031-09-01"],
    });
    await decide(buyer.reference, "decline");
    expect((await placeBooking(db, booking("reservation", "2031-09-01", openEnd))).placed).toBe(true);
  });

  it("refuses an open-ended hold for a block that starts later, naming that day", async () => {
    await capacities({ reservation: 1 });
    await addBlock(db, pools.reservation.pool, "2031-08-10", "2031-08-12");
    expect(await placeBooking(db, booking("reservation", "2031-08-01", openEnd))).toEqual({
      placed: false,
      reason: "full",
      fullDays: ["2031-08-10"],
    });
  });

  it("shows the places left per day, with blocks taking them out of service", async () => {
    await capacities({ rental: 2 });
    await placed(booking("rental", "2031-08-02", "2031-08-04"));
    expect(await availability(db, "six-seater", "2031-08-01", 4)).toEqual([
      { date: "2031-08-01", remaining: 2 },
      { date: "2031-08-02", remaining: 1 },
      { date: "2031-08-03", remaining: 1 },
      { date: "2031-08-04", remaining: 2 },
    ]);
    const block = await addBlock(db, "six-seater", "2031-08-03", "2031-08-04", { note: "brakes" });
    expect(block).toMatchObject({ applied: true, affected: [] });
    expect((await availability(db, "six-seater", "2031-08-01", 4)).map((day) => day.remaining)).toEqual([2, 1, 0, 1]);
    expect(await listBlocks(db, "six-seater")).toMatchObject([
      { pool: "six-seater", firstDay: "2031-08-03", endDay: "2031-08-05", note: "brakes" },
    ]);
    // A second block on an already-empty day never shows a negative count.
    await addBlock(db, "six-seater", "2031-08-04", "2031-08-04");
    await addBlock(db, "six-seater", "2031-08-04", "2031-08-04", { force: true });
    expect((await availability(db, "six-seater", "2031-08-04", 1))[0]?.remaining).toBe(0);
    if (!block.applied) throw new Error("block not applied");
    expect(await removeBlock(db, block.id)).toMatchObject({ id: block.id, pool: "six-seater", note: "brakes" });
    expect(await removeBlock(db, block.id)).toBeNull();
  });

  it("gives a typeable reference of its kind and a token stored only as its hash", async () => {
    await capacities({ rental: 1, service: 1, storage: 1, reservation: 1 });
    for (const kind of ["rental", "service", "storage", "reservation"] as const) {
      const end = kind === "reservation" ? openEnd : "2031-09-11";
      const { reference, token } = await placed(booking(kind, "2031-09-10", end, "pat@example.com"));
      expect(reference).toMatch(new RegExp(`^${bookingKinds[kind].prefix}-[2-9A-HJKMNP-Z]{6}$`));
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const row = await env.DB.prepare("SELECT * FROM bookings WHERE reference = ?").bind(reference).first();
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row).toMatchObject({ kind, summary: `test ${kind}`, announcement: `Booking ${reference}` });
      expect(await findBookingByToken(db, token, kind)).toMatchObject({ reference, email: "pat@example.com" });
      // A link of one kind never opens another kind's page.
      const other = kind === "rental" ? "service" : "rental";
      expect(await findBookingByToken(db, token, other)).toBeNull();
      expect(await findBooking(db, ` ${reference.toLowerCase()} `)).toMatchObject({ reference });
    }
  });

  it("never lets a database error carry the customer's details", async () => {
    await capacities({ rental: 1 });
    await env.DB.exec(
      "CREATE TRIGGER bookings_test_refuse BEFORE INSERT ON bookings BEGIN SELECT RAISE(ABORT, 'refused by test'); END",
    );
    try {
      const error = await placeBooking(
        db,
        booking("rental", "2031-09-20", "2031-09-21", "secret.renter@example.com"),
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BookingStoreError);
      expect(error).toMatchObject({ step: "place booking", code: "SQLITE_CONSTRAINT" });
      const told = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack} ${String((error as Error).cause)}`;
      expect(told).not.toContain("secret.renter");
      expect(told).not.toContain("570-555");
    } finally {
      await env.DB.exec("DROP TRIGGER bookings_test_refuse");
    }
  });
});

describe("status changes", () => {
  it("frees the days on cancel and decline, keeps them on confirm; sold only for a reservation", async () => {
    await capacities({ rental: 1, reservation: 1 });
    const first = await placed(booking("rental", "2031-10-01", "2031-10-03"));
    expect(await decide(first.reference, "confirm")).toMatchObject({ changed: true, booking: { status: "confirmed" } });
    expect((await placeBooking(db, booking("rental", "2031-10-02", "2031-10-03"))).placed).toBe(false);
    expect(await decide(first.reference, "confirm")).toEqual({ changed: false, status: "confirmed" });
    expect(await decide(first.reference, "decline")).toEqual({ changed: false, status: "confirmed" });
    expect(await decide(first.reference, "sold")).toEqual({ changed: false, status: "confirmed" });
    expect(await decide(first.reference, "cancel")).toMatchObject({ changed: true, booking: { status: "cancelled" } });

    const second = await placed(booking("rental", "2031-10-01", "2031-10-03"));
    const byToken = await bookingWithToken(second.token, "rental");
    expect(await changeBookingStatus(db, await bookingWithToken(second.token, "service"), "cancel")).toEqual({
      changed: false,
      status: null,
    });
    expect(await changeBookingStatus(db, byToken, "cancel")).toMatchObject({ changed: true });
    expect(await decide("R-NOSUCH", "confirm")).toEqual({ changed: false, status: null });

    const buyer = await placed(booking("reservation", "2031-10-01", openEnd));
    expect(await decide(buyer.reference, "sold")).toMatchObject({ changed: true, booking: { status: "sold" } });
  });

  it("expires only requests older than their kind's limit, and frees their days", async () => {
    await capacities({ service: 3 });
    const hours = bookingKinds.service.holdHours;
    const stale = await placed(booking("service", "2031-11-03", "2031-11-04"));
    const fresh = await placed(booking("service", "2031-11-03", "2031-11-04"));
    const confirmed = await placed(booking("service", "2031-11-03", "2031-11-04"));
    await decide(confirmed.reference, "confirm");
    await placedHoursAgo(stale.reference, hours + 1);
    await placedHoursAgo(fresh.reference, hours - 1);
    await placedHoursAgo(confirmed.reference, hours + 5);
    expect((await placeBooking(db, booking("service", "2031-11-03", "2031-11-04"))).placed).toBe(false);

    const expired = await expireStaleBookings(db, new Date());
    expect(expired.map((row) => row.reference)).toEqual([stale.reference]);
    expect(expired[0]).toMatchObject({ status: "expired", kind: "service" });
    expect(await expireStaleBookings(db, new Date())).toEqual([]);
    expect((await findBooking(db, fresh.reference))?.status).toBe("requested");
    expect((await placeBooking(db, booking("service", "2031-11-03", "2031-11-04"))).placed).toBe(true);
  });
});

describe("capacity and blocks", () => {
  it("refuses a smaller capacity that would overbook held days, naming the bookings, unless forced", async () => {
    await capacities({ rental: 3 });
    const first = booking("rental", "2031-12-01", "2031-12-04");
    const a = await placed(first);
    await placed(booking("rental", "2031-12-02", "2031-12-05"));
    await placed(booking("rental", "2031-12-10", "2031-12-11"));
    await placed(booking("rental", "2031-12-10", "2031-12-11"));
    const pool = { pool: "six-seater", kind: "rental" } as const;
    const today = "2031-11-20";
    expect(await setCapacity(db, pool, 2, { today })).toEqual({ applied: true, affected: [] });
    const refused = await setCapacity(db, pool, 1, { today });
    expect(refused.applied).toBe(false);
    expect(refused.affected).toHaveLength(4);
    expect(refused.affected.find((held) => held.reference === a.reference)).toEqual({
      reference: a.reference,
      status: "requested",
      start: "2031-12-01",
      end: "2031-12-04",
      summary: "test rental",
      firstName: "Pat",
      lastName: "Customer",
      phone: first.phone,
      overDays: ["2031-12-02", "2031-12-03"],
    });
    // Days before `today` are history and never refuse a change.
    expect((await setCapacity(db, pool, 1, { today: "2031-12-11" })).applied).toBe(true);
    const forced = await setCapacity(db, pool, 0, { today, force: true });
    expect(forced).toMatchObject({ applied: true });
    expect(forced.affected).toHaveLength(4);
    expect((await poolCapacities(db, "rental")).get("six-seater")).toBe(0);
  });

  it("refuses a block that would take a held place, naming the bookings, unless forced", async () => {
    await capacities({ storage: 2 });
    const a = await placed(booking("storage", "2032-01-05", "2032-01-07"));
    const b = await placed(booking("storage", "2032-01-06", "2032-01-07"));
    expect(await addBlock(db, "storage-indoor", "2032-01-01", "2032-01-05")).toMatchObject({ applied: true });
    const refused = await addBlock(db, "storage-indoor", "2032-01-06", "2032-01-08");
    expect(refused.applied).toBe(false);
    expect(refused.affected.map((held) => [held.reference, held.overDays])).toEqual([
      [a.reference, ["2032-01-06"]],
      [b.reference, ["2032-01-06"]],
    ]);
    const forced = await addBlock(db, "storage-indoor", "2032-01-06", "2032-01-08", { force: true, note: "roof" });
    expect(forced).toMatchObject({ applied: true, affected: refused.affected });
    await expect(addBlock(db, "storage-indoor", "2032-01-08", "2032-01-06")).rejects.toThrow(RangeError);
  });

  it("seeds the site config's pools only where none exists", async () => {
    await env.DB.exec(poolSeedSql(poolDefaults));
    const seeded = await poolCapacities(db);
    for (const pool of poolDefaults) expect(seeded.get(pool.pool)).toBe(pool.capacity);
    const service = await env.DB.prepare("SELECT closed_weekdays FROM booking_pools WHERE pool = 'service'").first();
    expect(service).toEqual({ closed_weekdays: "0" });
    await setCapacity(db, { pool: "utility", kind: "rental" }, 7, { today: "2031-01-01" });
    await env.DB.exec(poolSeedSql(poolDefaults));
    expect((await poolCapacities(db)).get("utility")).toBe(7);
  });
});

describe("racing customers", () => {
  for (const kind of ["rental", "service", "storage", "reservation"] as const) {
    it(`gives the last ${kind} place to exactly one of 30 concurrent requests`, async () => {
      await capacities({ [kind]: 1 });
      const end = kind === "reservation" ? openEnd : "2032-02-05";
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          placeBooking(db, booking(kind, "2032-02-03", end, `r${index}@example.com`)),
        ),
      );
      expect(results.filter((result) => result.placed)).toHaveLength(1);
      expect(await listBookings(db, { pool: pools[kind].pool })).toHaveLength(1);
    });
  }
});

// The property test: random sequences of everything that changes bookings, capacities or blocks, in
// a pool of every kind, checked after every step against a count made here from the raw rows,
// independent of the engine's SQL.
const kinds = ["rental", "service", "storage", "reservation"] as const;
const windowStart = "2033-03-01";
const windowDays = 12;
// Bookings and blocks may run past the window; these are the days checked (open holds cover them all).
const checkedDays = dayRange(windowStart, windowDays + 8);
/** The longest span each kind draws: a service visit is one day, a reservation has no last day. */
const spanDays: Record<BookingKind, number> = { rental: 4, service: 1, storage: 8, reservation: 0, "test-drive": 1 };

interface Rows {
  capacity: Map<string, number>;
  bookings: { pool: string; start_day: string; end_day: string; status: string }[];
  blocks: { pool: string; first_day: string; end_day: string }[];
}

async function readRows(): Promise<Rows> {
  const [capacity, bookings, blocks] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT pool, capacity FROM booking_pools"),
    env.DB.prepare("SELECT pool, start_day, end_day, status FROM bookings"),
    env.DB.prepare("SELECT pool, first_day, end_day FROM booking_blocks"),
  ]);
  return {
    capacity: new Map(
      (capacity!.results as { pool: string; capacity: number }[]).map((row) => [row.pool, row.capacity]),
    ),
    bookings: bookings!.results as Rows["bookings"],
    blocks: blocks!.results as Rows["blocks"],
  };
}

function heldOn(rows: Rows, pool: string, day: string): number {
  return rows.bookings.filter(
    (row) =>
      row.pool === pool &&
      (row.status === "requested" || row.status === "confirmed") &&
      row.start_day <= day &&
      day < row.end_day,
  ).length;
}

function roomOn(
  rows: Rows,
  kind: BookingKind,
  day: string,
  capacity = rows.capacity.get(pools[kind].pool) ?? 0,
): number {
  const { pool, closed } = pools[kind];
  if (closed.includes(String(new Date(`${day}T00:00:00Z`).getUTCDay()))) return 0;
  return capacity - rows.blocks.filter((row) => row.pool === pool && row.first_day <= day && day < row.end_day).length;
}

/** The days the model looks at for a span: each of them, or every checked day from its start when it has no end. */
function spanDaysOf(start: string, end: string): string[] {
  return end === openEnd
    ? checkedDays.filter((day) => day >= start)
    : checkedDays.filter((day) => day >= start && day < end);
}

const operation = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant("place" as const),
      kind: fc.constantFrom(...kinds),
      offset: fc.nat(windowDays - 1),
      length: fc.integer({ min: 1, max: 8 }),
      // Placed longer ago than requests wait for staff, so that expiry has requests to release.
      old: fc.boolean(),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      op: fc.constantFrom(
        "cancel" as const,
        "cancelByToken" as const,
        "decline" as const,
        "confirm" as const,
        "sold" as const,
        "age" as const,
      ),
      pick: fc.nat(),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ op: fc.constant("expire" as const) }), weight: 2 },
  {
    arbitrary: fc.record({
      op: fc.constant("capacity" as const),
      kind: fc.constantFrom(...kinds),
      capacity: fc.nat(3),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant("block" as const),
      kind: fc.constantFrom(...kinds),
      offset: fc.nat(windowDays - 1),
      length: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant("unblock" as const), pick: fc.nat() }), weight: 1 },
);

const decisionRules: Record<BookingDecision, { from: string[]; to: string; kinds: readonly BookingKind[] }> = {
  confirm: { from: ["requested"], to: "confirmed", kinds },
  decline: { from: ["requested"], to: "declined", kinds },
  cancel: { from: ["requested", "confirmed"], to: "cancelled", kinds },
  sold: { from: ["requested", "confirmed"], to: "sold", kinds: ["reservation"] },
};

describe("capacity under any sequence of changes, in a pool of every kind", () => {
  it("never leaves a day of any pool over capacity, and refuses only for a full day", async () => {
    let placedCount = 0;
    let refusedCount = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3), fc.nat(3)),
        fc.array(operation, { minLength: 1, maxLength: 30, size: "max" }),
        async (start, operations) => {
          await clearTables();
          await capacities({ rental: start[0], service: start[1], storage: start[2], reservation: start[3] });
          // What each booking's status must be, kept here from the rules, not read back from the engine.
          const held: { reference: string; token: string; kind: BookingKind; status: string; aged: boolean }[] = [];
          const blocks: number[] = [];
          for (const step of operations) {
            const picked = "pick" in step ? held[step.pick % Math.max(1, held.length)] : undefined;
            switch (step.op) {
              case "place": {
                const first = addDays(windowStart, step.offset);
                const days = Math.min(step.length, spanDays[step.kind]);
                const end = step.kind === "reservation" ? openEnd : addDays(first, days);
                const result = await placeBooking(db, booking(step.kind, first, end));
                if (result.placed) {
                  placedCount += 1;
                  held.push({
                    reference: result.reference,
                    token: result.token,
                    kind: step.kind,
                    status: "requested",
                    aged: step.old,
                  });
                  if (step.old) await placedHoursAgo(result.reference, bookingKinds[step.kind].holdHours + 1);
                } else {
                  refusedCount += 1;
                  // Nothing ran in between, so the rows now are the rows the refusal saw.
                  const rows = await readRows();
                  const pool = pools[step.kind].pool;
                  const full = spanDaysOf(first, end).filter(
                    (day) => heldOn(rows, pool, day) + 1 > roomOn(rows, step.kind, day),
                  );
                  expect(full.length).toBeGreaterThan(0);
                  expect(result.reason).toBe("full");
                  const fullDays = result.reason === "full" ? result.fullDays : [];
                  if (end === openEnd) for (const day of fullDays) expect(full).toContain(day);
                  else expect(fullDays).toEqual(full);
                }
                break;
              }
              case "cancel":
              case "cancelByToken":
              case "decline":
              case "confirm":
              case "sold": {
                if (!picked) break;
                const decision: BookingDecision = step.op === "cancelByToken" ? "cancel" : step.op;
                const which =
                  step.op === "cancelByToken"
                    ? await bookingWithToken(picked.token, picked.kind)
                    : bookingWithReference(picked.reference);
                const change = await changeBookingStatus(db, which, decision);
                const rule = decisionRules[decision];
                const allowed = rule.from.includes(picked.status) && rule.kinds.includes(picked.kind);
                expect(change).toEqual(
                  allowed
                    ? {
                        changed: true,
                        booking: expect.objectContaining({ reference: picked.reference, status: rule.to }),
                      }
                    : { changed: false, status: picked.status },
                );
                if (allowed) picked.status = rule.to;
                break;
              }
              case "age":
                if (picked) await placedHoursAgo(picked.reference, bookingKinds[picked.kind].holdHours + 1);
                if (picked) picked.aged = true;
                break;
              case "expire": {
                const expired = await expireStaleBookings(db, new Date());
                const due = held.filter((entry) => entry.aged && entry.status === "requested");
                expect(expired.map((row) => row.reference).sort()).toEqual(due.map((entry) => entry.reference).sort());
                for (const entry of due) entry.status = "expired";
                break;
              }
              case "capacity": {
                const before = await readRows();
                const { pool, kind } = pools[step.kind];
                const result = await setCapacity(db, { pool, kind }, step.capacity, { today: windowStart });
                const wouldOverbook = checkedDays.some((day) => {
                  const count = heldOn(before, pool, day);
                  return count > 0 && count > roomOn(before, step.kind, day, step.capacity);
                });
                expect(result.applied).toBe(!wouldOverbook);
                expect(result.affected.length > 0).toBe(wouldOverbook);
                break;
              }
              case "block": {
                const before = await readRows();
                const first = addDays(windowStart, step.offset);
                const pool = pools[step.kind].pool;
                const result = await addBlock(db, pool, first, addDays(first, step.length - 1));
                const wouldOverbook = dayRange(first, step.length).some((day) => {
                  const count = heldOn(before, pool, day);
                  return count > 0 && count > roomOn(before, step.kind, day) - 1;
                });
                expect(result.applied).toBe(!wouldOverbook);
                if (result.applied) blocks.push(result.id);
                else expect(result.affected.length).toBeGreaterThan(0);
                break;
              }
              case "unblock": {
                const id = blocks.splice(step.pick % Math.max(1, blocks.length), 1)[0];
                if (id !== undefined) await removeBlock(db, id);
                break;
              }
            }

            const rows = await readRows();
            const statuses = await env.DB.prepare("SELECT reference, status FROM bookings").all<{
              reference: string;
              status: string;
            }>();
            expect(new Map(statuses.results.map((row) => [row.reference, row.status]))).toEqual(
              new Map(held.map((entry) => [entry.reference, entry.status])),
            );
            for (const kind of kinds) {
              for (const day of checkedDays) {
                const count = heldOn(rows, pools[kind].pool, day);
                if (count > Math.max(0, roomOn(rows, kind, day))) {
                  throw new Error(`${kind} on ${day}: ${count} held, room for ${roomOn(rows, kind, day)}`);
                }
              }
            }
          }
        },
      ),
      { numRuns: propertyRuns(40) },
    );
    // The runs must have exercised both answers, or the property says little.
    expect(placedCount).toBeGreaterThan(20);
    expect(refusedCount).toBeGreaterThan(20);
  });
});
