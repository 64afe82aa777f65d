import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { poolDefaults } from "~/config/booking-pools";
import { site } from "~/config/site";
import { testDrivePool, testDriveTerms } from "~/config/test-drives";
import { takeBooking } from "~/features/bookings/booking-flow.server";
import { deliverContactMessage } from "~/features/mail/mail-delivery.server";
import { testDriveFlow } from "~/features/test-drives/test-drive-flow.server";
import { addDays, localMoment } from "~/lib/calendar-days";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { api } from "../../worker/api";
import { apiOrigin, postToApi, reservableCart, resetBookingStore } from "./booking-requests";
import { freshClientIp, readEmail, recordingMailer } from "./contact-support";
import { anotherCustomer } from "./people";
import { runSql } from "./run-sql";

/**
 * /api/test-drives as a script uses it, through the real API router on the local D1: a cart's free
 * times per place, and bookings on the slot pools (one per place and start time), each refusal
 * naming its field, the last place of a slot going to exactly one of many racers, and the staff,
 * the CRM and the driver told of it with the cart named.
 */
const today = localMoment(new Date(), site.timeZone).day;
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

function dayFrom(from: string, fits: (weekday: number) => boolean): string {
  let day = from;
  while (!fits(weekday(day))) day = addDays(day, 1);
  return day;
}

// A weekday well past the notice and inside the reach.
const driveDay = dayFrom(addDays(today, 5), (day) => day >= 1 && day <= 5);
const sunday = dayFrom(addDays(today, 3), (day) => day === 0);

const drive = (more: Record<string, unknown> = {}) => ({
  vehicleId: reservableCart,
  date: driveDay,
  time: "10:00",
  where: "showroom",
  ...anotherCustomer(),
  ...more,
});

async function slotCapacity(pool: string, capacity: number) {
  await env.DB.prepare(
    "INSERT INTO booking_pools (pool, kind, capacity, closed_weekdays) VALUES (?, 'test-drive', ?, '0') ON CONFLICT (pool) DO UPDATE SET capacity = excluded.capacity",
  )
    .bind(pool, capacity)
    .run();
}

/** A second seeded cart put on the lot, for what two carts may do at one hour. */
async function anotherCartOnTheLot(): Promise<string> {
  const other = seedCatalogue.find((vehicle) => vehicle.id !== reservableCart)!;
  await runSql(upsertVehiclesSql([other]));
  await env.DB.prepare("UPDATE vehicles SET units_in_stock = 1, in_stock = 1 WHERE id = ?").bind(other.id).run();
  return other.id;
}

async function get(path: string) {
  const response = await api.fetch(new Request(`${apiOrigin}${path}`), env);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return response;
}

type Days = { date: string; slots: { time: string; remaining: number }[] }[];

async function fieldsOf(response: Response): Promise<Record<string, string>> {
  return ((await response.json()) as { fields?: Record<string, string> }).fields ?? {};
}

beforeEach(async () => {
  await resetBookingStore();
  for (const pool of poolDefaults.filter((candidate) => candidate.kind === "test-drive")) {
    await env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity, closed_weekdays) VALUES (?, ?, ?, ?) ON CONFLICT (pool) DO UPDATE SET capacity = excluded.capacity",
    )
      .bind(pool.pool, pool.kind, pool.capacity, pool.closedWeekdays.join(""))
      .run();
  }
});

describe("GET /api/test-drives/availability", () => {
  it("lists each day's start times with the drivers left, none on Sunday, one fewer after a booking", async () => {
    const from = addDays(today, 3);
    const response = await get(`/test-drives/availability?vehicle=${reservableCart}&from=${from}&days=7`);
    expect(response.status).toBe(200);
    const { days } = (await response.json()) as { days: Days };
    expect(days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, index) => addDays(from, index)));
    for (const day of days) {
      if (weekday(day.date) === 0) expect(day.slots).toEqual([]);
      else {
        expect(day.slots.map((slot) => slot.time)).toEqual([
          "09:00",
          "10:00",
          "11:00",
          "12:00",
          "13:00",
          "14:00",
          "15:00",
          "16:00",
        ]);
        // The showroom has room for two drivers an hour, but one cart takes one of them.
        for (const slot of day.slots) expect(slot.remaining).toBe(1);
      }
    }

    expect((await postToApi("/test-drives", drive())).status).toBe(201);
    const slotsOf = async (vehicle: string, where: string) => {
      const answer = await get(`/test-drives/availability?vehicle=${vehicle}&from=${driveDay}&days=1&where=${where}`);
      const [day] = ((await answer.json()) as { days: Days }).days;
      return new Map(day!.slots.map((slot) => [slot.time, slot.remaining]));
    };
    // Another cart can still be driven at the showroom at 10:00, with one driver fewer.
    const other = await anotherCartOnTheLot();
    expect((await slotsOf(other, "showroom")).get("10:00")).toBe(testDriveTerms.perSlot.showroom - 1);
    // The booked cart is taken at 10:00, at the showroom and at anyone's home; free the hour after.
    expect((await slotsOf(reservableCart, "showroom")).get("10:00")).toBe(0);
    const home = await slotsOf(reservableCart, "home");
    expect(home.get("10:00")).toBe(0);
    expect(home.get("11:00")).toBe(testDriveTerms.perSlot.home);
  });

  it("drives one cart in one place at a time: the same hour elsewhere is refused, racers or not", async () => {
    expect((await postToApi("/test-drives", drive())).status).toBe(201);
    const elsewhere = await postToApi("/test-drives", drive({ where: "home", town: "montrose" }));
    expect(elsewhere.status).toBe(409);
    expect(Object.keys(await fieldsOf(elsewhere))).toEqual(["time"]);
    // Another cart at the same hour and place is a booking of its own.
    const other = await anotherCartOnTheLot();
    expect((await postToApi("/test-drives", drive({ vehicleId: other }))).status).toBe(201);

    // Ten drivers race for one cart at 15:00, half at the showroom and half at home: one gets it.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        postToApi(
          "/test-drives",
          drive({ time: "15:00", ...(index % 2 === 0 ? {} : { where: "home", town: "montrose" }) }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).filter((status) => status === 201)).toHaveLength(1);
    const held = await env.DB.prepare(
      "SELECT count(*) AS count FROM bookings WHERE vehicle_id = ? AND pool LIKE 'test-drive:%:15:00' AND status = 'requested'",
    )
      .bind(reservableCart)
      .first();
    expect(held).toEqual({ count: 1 });
  });

  it("a cart's free places are what drivers racing for the slot get: exactly `remaining` of 14 succeed", async () => {
    for (const [where, more] of [
      ["showroom", {}],
      ["home", { where: "home", town: "montrose" }],
    ] as const) {
      const time = where === "showroom" ? "11:00" : "13:00";
      const answer = await get(
        `/test-drives/availability?vehicle=${reservableCart}&from=${driveDay}&days=1&where=${where}`,
      );
      const [day] = ((await answer.json()) as { days: Days }).days;
      const remaining = day!.slots.find((slot) => slot.time === time)!.remaining;
      expect(remaining).toBeGreaterThan(0);

      const answers = await Promise.all(
        Array.from({ length: 14 }, () => postToApi("/test-drives", drive({ time, ...more }))),
      );
      const statuses = answers.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(remaining);
      expect(statuses.filter((status) => status === 409)).toHaveLength(14 - remaining);
    }
  });

  it("names a missing cart and answers 404 for one not on the lot", async () => {
    const missing = await get("/test-drives/availability");
    expect(missing.status).toBe(400);
    expect(Object.keys(await fieldsOf(missing))).toContain("vehicle");
    expect((await get("/test-drives/availability?vehicle=no-such-cart")).status).toBe(404);
  });
});

describe("POST /api/test-drives", () => {
  it("books a time: 201 with the reference and the private status address, the cart on the booking", async () => {
    const response = await postToApi("/test-drives", drive({ where: "home", town: "new-milford" }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { reference: string; status: string; statusUrl: string };
    expect(body.reference).toMatch(/^T-/);
    expect(body.status).toBe("requested");
    expect(new URL(body.statusUrl).pathname).toMatch(/^\/test-drives\/[^/]+$/);
    const row = await env.DB.prepare("SELECT kind, pool, vehicle_id, start_day FROM bookings WHERE reference = ?")
      .bind(body.reference)
      .first();
    expect(row).toEqual({
      kind: "test-drive",
      pool: testDrivePool("home", "10:00"),
      vehicle_id: reservableCart,
      start_day: driveDay,
    });
  });

  it.each([
    ["a Sunday", { date: sunday }, "date"],
    ["a past day", { date: addDays(today, -1) }, "date"],
    ["a day past the reach", { date: addDays(today, testDriveTerms.horizonDays + 7) }, "date"],
    ["a time before opening", { time: "08:00" }, "time"],
    ["a time that ends after closing", { time: "17:00" }, "time"],
    ["a time off the hour", { time: "10:30" }, "time"],
    ["home without a town", { where: "home" }, "town"],
    ["a town outside the delivery area", { where: "home", town: "scranton" }, "town"],
    ["no such place", { where: "garage" }, "where"],
  ])("refuses %s with 400 naming the field, holding nothing", async (_, change, field) => {
    const response = await postToApi("/test-drives", drive(change));
    expect(response.status).toBe(400);
    expect(Object.keys(await fieldsOf(response))).toEqual([field]);
    const held = await env.DB.prepare("SELECT count(*) AS count FROM bookings WHERE kind = 'test-drive'").first();
    expect(held).toEqual({ count: 0 });
  });

  it("refuses a time inside the notice by its field, naming the earliest time", async () => {
    // A Monday morning: the same day's slots are inside the notice, the next day's past it.
    const now = new Date("2030-03-04T13:00:00Z");
    const request = new Request(`${apiOrigin}/test-drives`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: apiOrigin, "CF-Connecting-IP": freshClientIp() },
      body: JSON.stringify(drive({ date: "2030-03-04", time: "15:00" })),
    });
    const taken = await takeBooking(testDriveFlow, env, request, "json", { now });
    expect(taken.ok).toBe(false);
    if (taken.ok) return;
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.fields)).toEqual(["time"]);
    expect(taken.fields.time).toContain(`${testDriveTerms.leadHours} hours`);
    expect(taken.fields.time).toContain("Tuesday, March 5, 2030 at 9:00 AM");
  });

  it("answers 409 naming the time when the slot is full", async () => {
    await slotCapacity(testDrivePool("showroom", "11:00"), 1);
    expect((await postToApi("/test-drives", drive({ time: "11:00" }))).status).toBe(201);
    const full = await postToApi("/test-drives", drive({ time: "11:00" }));
    expect(full.status).toBe(409);
    expect(Object.keys(await fieldsOf(full))).toEqual(["time"]);
  });

  it("gives the last place of a slot to exactly one of 20 racers", async () => {
    await slotCapacity(testDrivePool("home", "14:00"), 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postToApi("/test-drives", drive({ time: "14:00", where: "home", town: "montrose" })),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const held = await env.DB.prepare("SELECT count(*) AS count FROM bookings WHERE pool = ?")
      .bind(testDrivePool("home", "14:00"))
      .first();
    expect(held).toEqual({ count: 1 });
  });

  it("tells staff and the CRM which cart, and sends the driver a calendar file of the hour", async () => {
    const placed = await postToApi("/test-drives", drive());
    const { reference } = (await placed.json()) as { reference: string };
    const row = await env.DB.prepare(
      "SELECT id FROM contact_messages WHERE booking_reference = ? AND booking_event = 'placed'",
    )
      .bind(reference)
      .first<{ id: string }>();
    const { mailer, sent } = recordingMailer();
    const withCrm = { ...env, CRM_LEAD_EMAIL_TO: "leads@crm.example.com" } as Env;
    expect(await deliverContactMessage(withCrm, mailer, row!.id)).toBe("sent");
    const [toDriver, toStaff, toCrm] = await Promise.all(sent.map(readEmail));
    const vehicle = await env.DB.prepare("SELECT name FROM vehicles WHERE id = ?")
      .bind(reservableCart)
      .first<{ name: string }>();

    expect(toStaff!.text).toContain(`Test drive request ${reference}: ${vehicle!.name}`);
    expect(toStaff!.text).toContain(`${site.website}/vehicle/${reservableCart}`);
    expect(toCrm!.text).toContain(`<stock>${reservableCart}</stock>`);
    expect(toCrm!.text).toContain(`<model>${vehicle!.name}</model>`);

    expect(toDriver!.subject).toContain(reference);
    const [calendar] = toDriver!.attachments;
    expect(calendar?.filename).toBe(`test-drive-${reference}.ics`);
    const ics = new TextDecoder().decode(calendar!.content as ArrayBuffer);
    expect(ics).toContain(`UID:${reference}@`);
    // The hour itself, in UTC: 10:00 on the dealer's clock is 14:00 or 15:00 UTC.
    expect(ics).toMatch(new RegExp(`DTSTART:${driveDay.replace(/-/g, "")}T1[45]0000Z`));
  });
});
