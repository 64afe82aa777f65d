import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { bookingKinds, type BookingKind, type BookingStatus } from "~/config/booking-kinds";
import { staffBookingPath } from "~/config/pages";
import { site } from "~/config/site";
import { releaseAt } from "~/features/bookings/held-until";
import { addDays, localMoment, weekdayDate } from "~/lib/calendar-days";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { answerPage } from "./registry-pages";

/**
 * The staff day view (`/staff`) through the Worker's Access gate and the page's own loader, as a
 * staff member's phone asks for it: the requests waiting for an answer, the carts buyers hold, and
 * each coming day's pickups, deliveries, returns, drop-offs and storage arrivals and departures.
 */
const here = "http://localhost:8787";
const staffEnv = { ...env, STAFF_LOCAL_IDENTITY: "ana@dealer.example" } as unknown as Env;
const hour = 3_600_000;

interface Row {
  reference: string;
  kind: BookingKind;
  status: BookingStatus;
  start: string;
  /** Exclusive, as the engine stores it. */
  end: string;
  request: unknown;
  summary: string;
  name: [string, string];
  phone?: string;
  /** Hours before now it was placed. */
  placedHoursAgo: number;
}

const pools: Record<BookingKind, string> = {
  rental: "six-seater",
  service: "service",
  storage: "storage-indoor",
  reservation: "vehicle:ezgo-rxv-2019",
  "test-drive": "test-drive:showroom:10:00",
};

/** Stored as the booking pages store them, with the placing moment the test needs. */
async function insert(rows: Row[], now: Date): Promise<void> {
  await env.DB.batch(
    rows.map((row, index) =>
      env.DB.prepare(
        `INSERT INTO bookings (reference, token_hash, kind, pool, start_day, end_day, status, request, quote, summary,
           announcement, interest, first_name, last_name, email, phone, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, 'Announced', ?, ?, ?, 'customer@example.com', ?, ?)`,
      ).bind(
        row.reference,
        `week-token-${index}`,
        row.kind,
        pools[row.kind],
        row.start,
        row.end,
        row.status,
        JSON.stringify(row.request),
        row.summary,
        row.kind === "service" || row.kind === "storage" ? "service" : "sales",
        row.name[0],
        row.name[1],
        row.phone ?? "570-555-0100",
        new Date(now.getTime() - row.placedHoursAgo * hour).toISOString(),
      ),
    ),
  );
}

const ask = (bindings: Env = staffEnv, path = "/staff") => answerPage(new Request(`${here}${path}`), bindings);

/** The page's text without markup, as a screen reader or a test reads it. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

/** The text of one section of the page, by its heading's id. */
function section(html: string, id: string): string {
  const start = html.indexOf(`aria-labelledby="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  const end = html.indexOf("</section>", start);
  return textOf(html.slice(start, end));
}

const dayId = (day: string) => `staff-day-${day}`;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM bookings").run();
});

describe("the staff day view", () => {
  it("lists the requests waiting for an answer, oldest first, with who to call and the time left", async () => {
    const now = new Date();
    const today = localMoment(now, site.timeZone).day;
    const hold = bookingKinds.rental.holdHours;
    // Thirty seconds younger than a whole number of hours: the minutes left do not tick over
    // while the test runs.
    const rows: Row[] = [
      {
        reference: "S-WAIT02",
        kind: "service",
        status: "requested",
        start: addDays(today, 30),
        end: addDays(today, 31),
        request: { service: "battery" },
        summary: "Battery Services, drop-off later",
        name: ["Sam", "Second"],
        placedHoursAgo: 10 - 1 / 120,
      },
      {
        reference: "R-WAIT01",
        kind: "rental",
        status: "requested",
        start: addDays(today, 40),
        end: addDays(today, 43),
        request: { delivery: { type: "pickup" }, drivers: 0 },
        summary: "6 Seater, 3 days later",
        name: ["Rita", "First"],
        phone: "(570) 555-0142",
        placedHoursAgo: hold - 8 - 1 / 120,
      },
      {
        reference: "G-WAIT03",
        kind: "storage",
        status: "requested",
        start: addDays(today, 60),
        end: addDays(today, 90),
        request: { space: "indoor" },
        summary: "Indoor storage later",
        name: ["Gus", "Third"],
        placedHoursAgo: 1 - 1 / 120,
      },
      {
        reference: "C-WAIT00",
        kind: "reservation",
        status: "requested",
        start: today,
        end: "9999-12-31",
        request: { vehicleId: "ezgo-rxv-2019", delivery: { type: "pickup" } },
        summary: "EZGO RXV (2019), pickup",
        name: ["Cora", "Overdue"],
        // Past its hold: the cron job has not run yet.
        placedHoursAgo: hold + 2,
      },
      {
        reference: "R-ANSWER",
        kind: "rental",
        status: "confirmed",
        start: addDays(today, 40),
        end: addDays(today, 41),
        request: { delivery: { type: "pickup" } },
        summary: "Answered already",
        name: ["Ann", "Swered"],
        placedHoursAgo: 30,
      },
    ];
    await insert(rows, now);
    const response = await ask();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await response.text();
    const waiting = section(html, "staff-waiting");
    expect(waiting).toContain("Waiting for an answer (4)");
    const order = ["C-WAIT00", "R-WAIT01", "S-WAIT02", "G-WAIT03"].map((reference) => waiting.indexOf(reference));
    expect(order.every((at) => at > -1)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(waiting).not.toContain("R-ANSWER");
    const releasedAt = (row: Row) =>
      dealerTimestamp(
        releaseAt({ kind: row.kind, createdAt: new Date(now.getTime() - row.placedHoursAgo * hour).toISOString() }),
      );
    const [service, rental, storage, overdue] = rows as [Row, Row, Row, Row];
    expect(waiting).toContain(
      "R-WAIT01 Rental booking: 6 Seater, 3 days later Rita First · (570) 555-0142 8 h 0 min left " +
        `(released ${releasedAt(rental)})`,
    );
    expect(waiting).toContain(`${bookingKinds.service.holdHours - 10} h 0 min left (released ${releasedAt(service)})`);
    expect(waiting).toContain(`${bookingKinds.storage.holdHours - 1} h 0 min left (released ${releasedAt(storage)})`);
    expect(waiting).toContain(`released at the next check (released ${releasedAt(overdue)})`);
    expect(html).toContain('href="tel:+15705550142"');
    for (const reference of ["C-WAIT00", "R-WAIT01", "S-WAIT02", "G-WAIT03"]) {
      expect(html).toContain(`href="${staffBookingPath(reference)}"`);
    }
    // A plain document: staff pages ship no JavaScript.
    expect(html).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);
  });

  it("shows each day's pickups, deliveries, returns, drop-offs and storage arrivals and departures", async () => {
    const now = new Date();
    const today = localMoment(now, site.timeZone).day;
    const day = (offset: number) => addDays(today, offset);
    const lastShown = day(site.staffWeekDays - 1);
    const person: [string, string] = ["Pat", "Customer"];
    const common = { summary: "", name: person, placedHoursAgo: 5 };
    await insert(
      [
        {
          ...common,
          reference: "R-PICKUP",
          kind: "rental",
          status: "confirmed",
          start: day(1),
          end: day(4),
          request: { delivery: { type: "pickup" }, drivers: 0 },
          summary: "6 Seater, 3 days from tomorrow",
        },
        {
          ...common,
          reference: "R-DELIVR",
          kind: "rental",
          status: "requested",
          start: today,
          end: day(2),
          request: { delivery: { type: "delivery", town: "montrose" }, drivers: 1 },
          summary: "4 Seater, 2 days from today",
        },
        {
          ...common,
          reference: "S-DROPOF",
          kind: "service",
          status: "confirmed",
          start: day(3),
          end: day(4),
          request: { service: "battery", vehicle: "Club Car", message: "Dead" },
          summary: "Battery Services, drop-off",
        },
        {
          ...common,
          reference: "G-ARRIVE",
          kind: "storage",
          status: "confirmed",
          start: day(2),
          end: day(6),
          request: { space: "indoor", package: "monthly" },
          summary: "Indoor storage, four days",
        },
        {
          ...common,
          reference: "G-LEAVES",
          kind: "storage",
          status: "confirmed",
          start: day(-100),
          end: addDays(lastShown, 1),
          request: { space: "outdoor", package: "winter" },
          summary: "Outdoor storage ending on the last day shown",
        },
        // Just past the days shown: a return the day after, a departure the day after.
        {
          ...common,
          reference: "R-BEYOND",
          kind: "rental",
          status: "confirmed",
          start: day(-2),
          end: addDays(lastShown, 1),
          request: { delivery: { type: "pickup" } },
        },
        {
          ...common,
          reference: "G-BEYOND",
          kind: "storage",
          status: "confirmed",
          start: day(-30),
          end: addDays(lastShown, 2),
          request: {},
        },
        // Under way: out before today, back after the days shown.
        {
          ...common,
          reference: "R-MIDWAY",
          kind: "rental",
          status: "confirmed",
          start: day(-1),
          end: day(20),
          request: { delivery: { type: "pickup" } },
        },
        // No longer holding a place.
        {
          ...common,
          reference: "R-CANCEL",
          kind: "rental",
          status: "cancelled",
          start: today,
          end: day(1),
          request: { delivery: { type: "pickup" } },
        },
        {
          ...common,
          reference: "S-DECLIN",
          kind: "service",
          status: "declined",
          start: day(3),
          end: day(4),
          request: {},
        },
        {
          ...common,
          reference: "G-EXPIRE",
          kind: "storage",
          status: "expired",
          start: day(2),
          end: day(5),
          request: {},
        },
      ],
      now,
    );
    const html = await (await ask()).text();
    const on = (offset: number) => section(html, dayId(day(offset)));

    expect(on(0)).toContain(`Today, ${weekdayDate(today)}`);
    expect(on(0)).toContain(
      "R-DELIVR Rental delivery to Montrose · requested 4 Seater, 2 days from today · Pat Customer",
    );
    expect(on(0)).not.toContain("R-CANCEL");
    expect(on(1)).toContain(`Tomorrow, ${weekdayDate(day(1))}`);
    expect(on(1)).toContain("R-PICKUP Rental pickup at the showroom · confirmed 6 Seater, 3 days from tomorrow");
    expect(on(2)).not.toMatch(/Today|Tomorrow/);
    expect(on(2)).toContain("R-DELIVR Rental return: collect from Montrose · requested");
    expect(on(2)).toContain("G-ARRIVE Storage arrival · confirmed Indoor storage, four days");
    expect(on(3)).toContain("S-DROPOF Service drop-off · confirmed Battery Services, drop-off");
    expect(on(3)).not.toContain("S-DECLIN");
    expect(on(4)).toContain("R-PICKUP Rental return to the showroom · confirmed");
    expect(on(5)).toContain("G-ARRIVE Storage departure (last day) · confirmed");
    expect(on(site.staffWeekDays - 1)).toContain("G-LEAVES Storage departure (last day)");
    // Every day shown, and no more.
    expect(html).not.toContain(dayId(day(site.staffWeekDays)));
    expect(html).not.toContain(dayId(day(-1)));
    for (const away of ["R-BEYOND", "G-BEYOND", "R-MIDWAY", "R-CANCEL", "S-DECLIN", "G-EXPIRE"]) {
      expect(html, away).not.toContain(away);
    }
    expect(on(6)).toContain("Nothing booked.");
    expect(on(1)).not.toContain("Nothing booked.");
    // Lines within a day: carts going out before carts coming back.
    expect(on(2).indexOf("R-DELIVR")).toBeLessThan(on(2).indexOf("G-ARRIVE"));
    for (const reference of ["R-PICKUP", "R-DELIVR", "S-DROPOF", "G-ARRIVE", "G-LEAVES"]) {
      expect(html).toContain(`href="${staffBookingPath(reference)}"`);
    }
  });

  it("lists the carts buyers hold apart, requested and confirmed, and none that are sold or declined", async () => {
    const now = new Date();
    const today = localMoment(now, site.timeZone).day;
    const reservation = (reference: string, status: BookingStatus, placedHoursAgo: number): Row => ({
      reference,
      kind: "reservation",
      status,
      start: addDays(today, -Math.floor(placedHoursAgo / 24)),
      end: "9999-12-31",
      request: { vehicleId: "ezgo-rxv-2019", delivery: { type: "pickup" } },
      summary: `EZGO RXV (2019), pickup (${reference})`,
      name: ["Max", "Buyer"],
      placedHoursAgo,
    });
    await insert(
      [
        reservation("C-HELD01", "confirmed", 200),
        reservation("C-HELD02", "requested", 3),
        reservation("C-SOLD00", "sold", 100),
        reservation("C-DECLIN", "declined", 50),
      ],
      now,
    );
    const html = await (await ask()).text();
    const held = section(html, "staff-held");
    expect(held).toContain("Cart reservations held (2)");
    expect(held).toContain("C-HELD01 EZGO RXV (2019), pickup (C-HELD01) · confirmed Max Buyer · 570-555-0100 · placed");
    expect(held).toContain("C-HELD02 EZGO RXV (2019), pickup (C-HELD02) · requested");
    expect(held.indexOf("C-HELD01")).toBeLessThan(held.indexOf("C-HELD02"));
    expect(html).not.toContain("C-SOLD00");
    expect(html).not.toContain("C-DECLIN");
    // A hold has no day of its own: it is not listed under one.
    expect(section(html, "staff-days")).not.toContain("C-HELD");
  });

  it("says so in one line when nothing waits, nothing is held and a day has nothing", async () => {
    const text = textOf(await (await ask()).text());
    expect(text).toContain("Nothing is waiting for an answer.");
    expect(text).toContain("No cart is held for a buyer.");
    expect(text.match(/Nothing booked\./g)).toHaveLength(site.staffWeekDays);
  });

  it("is refused with 403 and no booking data without a staff identity", async () => {
    const now = new Date();
    await insert(
      [
        {
          reference: "R-SECRET",
          kind: "rental",
          status: "requested",
          start: localMoment(now, site.timeZone).day,
          end: addDays(localMoment(now, site.timeZone).day, 1),
          request: { delivery: { type: "pickup" } },
          summary: "Secret rental",
          name: ["Private", "Person"],
          placedHoursAgo: 1,
        },
      ],
      now,
    );
    const response = await ask(env as unknown as Env);
    expect(response.status).toBe(403);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.text();
    expect(body).toContain("Staff only.");
    expect(body).not.toContain("R-SECRET");
    expect(body).not.toContain("Private");
  });
});
