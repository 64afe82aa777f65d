import { env } from "cloudflare:test";
import { anotherCustomer } from "./people";
import { beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { serviceBookingView } from "~/features/services/service-booking-status.server";
import { findServiceBookingByToken } from "~/features/services/service-bookings.server";
import { addDays, localMoment, longDate } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { api } from "../../worker/api";
import { freshClientIp } from "./contact-support";

/**
 * /api/service as a script uses it, through the real API router on the local D1: the drop-off
 * calendar and service requests on the capacity engine's "service" pool, with every refusal naming
 * its field and holding nothing, and staff told of each request without the owner's words leaking
 * into the lists and release e-mails.
 */
const origin = "https://dealer.test";
const today = localMoment(new Date(), site.timeZone).day;
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The first day from `from` on that is not a Sunday (the service department's closed day). */
function openDayFrom(from: string): string {
  let day = from;
  while (weekday(day) === 0) day = addDays(day, 1);
  return day;
}

/** The first Sunday from `from` on. */
function sundayFrom(from: string): string {
  let day = from;
  while (weekday(day) !== 0) day = addDays(day, 1);
  return day;
}

// Well inside the window, clear of its edges.
const dropOff = openDayFrom(addDays(today, 20));
const horizon = addDays(today, site.serviceBooking.horizonDays);

const owner = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "570-555-0199" };
const vehicle = "Club Car Precedent 2017, blue";
const message = "The cart stops after about a mile and the charger light blinks red twice.";
const request = { date: dropOff, service: "battery", vehicle, message, ...owner };

function post(body: unknown, headers: Record<string, string> = {}) {
  return api.fetch(
    new Request(`${origin}/service/requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": freshClientIp(), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    env,
  );
}

async function get(path: string) {
  const response = await api.fetch(new Request(`${origin}${path}`), env);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return response;
}

async function slotsLeft(from: string, days: number): Promise<{ date: string; remaining: number }[]> {
  const response = await get(`/service/availability?from=${from}&days=${days}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { days: { date: string; remaining: number }[] }).days;
}

async function bookingsStored(): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS count FROM bookings WHERE kind = 'service'").first<{
    count: number;
  }>())!.count;
}

async function slotsPerDay(count: number) {
  await env.DB.prepare(
    "INSERT INTO booking_pools (pool, kind, capacity, closed_weekdays) VALUES ('service', 'service', ?, '0') ON CONFLICT (pool) DO UPDATE SET capacity = ?",
  )
    .bind(count, count)
    .run();
}

async function fieldsOf(response: Response): Promise<Record<string, string>> {
  return ((await response.json()) as { fields?: Record<string, string> }).fields ?? {};
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM bookings").run();
  await slotsPerDay(4);
});

describe("GET /api/service/availability", () => {
  it("counts the slots left per day, none on Sundays, and one fewer after a booking", async () => {
    const from = addDays(today, 10);
    const days = await slotsLeft(from, 14);
    expect(days).toHaveLength(14);
    expect(days.map((day) => day.date)).toEqual(Array.from({ length: 14 }, (_, index) => addDays(from, index)));
    for (const day of days) expect(day).toEqual({ date: day.date, remaining: weekday(day.date) === 0 ? 0 : 4 });
    expect(days.filter((day) => day.remaining === 0)).toHaveLength(2);

    expect((await post(request)).status).toBe(201);
    const after = await slotsLeft(dropOff, 2);
    expect(after[0]).toEqual({ date: dropOff, remaining: 3 });
    expect(after[1]!.remaining).toBe(weekday(after[1]!.date) === 0 ? 0 : 4);
  });

  it("starts at the first bookable day, for 30 days, when not told", async () => {
    const response = await get("/service/availability");
    const { days } = (await response.json()) as { days: { date: string }[] };
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe(addDays(today, 1));
  });

  it("names a wrong day or length", async () => {
    const response = await get("/service/availability?from=2026-02-30&days=400");
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBeTruthy();
    expect(Object.keys(body.fields).sort()).toEqual(["days", "from"]);
    expect((await get("/service/availability?days=0")).status).toBe(400);
    expect((await get("/service/availability?days=93")).status).toBe(400);
    expect((await get("/service/availability?days=92")).status).toBe(200);
  });
});

describe("POST /api/service/requests", () => {
  it("takes a slot, answers with a reference and a private link, and tells the service desk", async () => {
    const response = await post(request);
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as { reference: string; status: string; statusUrl: string };
    expect(Object.keys(body).sort()).toEqual(["reference", "status", "statusUrl"]);
    expect(body.reference).toMatch(/^S-[A-Z2-9]{6}$/);
    expect(body.status).toBe("requested");
    expect(body.statusUrl).toMatch(new RegExp(`^${origin}/services/booking/[\\w-]{40,}$`));

    const stored = await env.DB.prepare(
      "SELECT kind, pool, start_day AS startDay, end_day AS endDay, status, request, quote, summary, interest FROM bookings WHERE reference = ?",
    )
      .bind(body.reference)
      .first<Record<string, string>>();
    expect(stored).toMatchObject({
      kind: "service",
      pool: "service",
      startDay: dropOff,
      endDay: addDays(dropOff, 1),
      status: "requested",
      interest: "service",
    });
    expect(JSON.parse(stored!.request!)).toEqual({ service: "battery", vehicle, message });
    // The rate as the owner read it on the services page; never an invented total.
    expect(JSON.parse(stored!.quote!)).toEqual({ rate: "From $155/hour" });
    // One line for staff lists and release e-mails: the work and the day, nothing the owner wrote.
    expect(stored!.summary).toBe(`Battery Services, drop-off ${longDate(dropOff)}`);
    for (const private_ of [
      vehicle,
      "Club Car",
      message.slice(0, 20),
      owner.firstName,
      owner.lastName,
      owner.email,
      owner.phone,
    ]) {
      expect(stored!.summary).not.toContain(private_);
    }

    const announcement = await env.DB.prepare(
      "SELECT interest, message, first_name AS firstName, email FROM contact_messages WHERE booking_reference = ?",
    )
      .bind(body.reference)
      .first<{ interest: string; message: string; firstName: string; email: string }>();
    expect(announcement).not.toBeNull();
    expect(announcement!.interest).toBe("service");
    expect(announcement!.firstName).toBe(owner.firstName);
    expect(announcement!.email).toBe(owner.email);
    expect(announcement!.message).toContain(
      `Service request ${body.reference}: Battery Services, drop-off ${longDate(dropOff)}.`,
    );
    expect(announcement!.message).toContain("From $155/hour");
    expect(announcement!.message).toContain(`npm run bookings -- confirm ${body.reference} --remote`);
    // The owner's cart and account of the fault are theirs: quoted, after the commands.
    expect(announcement!.message.split("\n").slice(-7)).toEqual([
      `  npm run bookings -- decline ${body.reference} --remote`,
      "",
      "Cart, typed by the customer on the website (their words, not checked):",
      `  | ${vehicle}`,
      "",
      "What is wrong, typed by the customer on the website (their words, not checked):",
      `  | ${message}`,
    ]);

    // The private link opens this booking, as the status page shows it.
    const token = decodeURIComponent(body.statusUrl.split("/").pop()!);
    const booking = await findServiceBookingByToken(database(env.DB), token);
    expect(booking?.reference).toBe(body.reference);
    const view = serviceBookingView(booking!, token);
    expect(view).toMatchObject({
      reference: body.reference,
      serviceTitle: "Battery Services",
      dropOffDay: longDate(dropOff),
    });
    expect(view.statusText).toMatch(/^Requested/);
    expect(view.rate).toMatch(/^Labour rate: From \$155\/hour\./);
    expect(view.next).toContain("within service hours");
    expect(view.calendarPath).toBe(`/services/booking/${encodeURIComponent(token)}/calendar.ics`);
    // A rental's or a reservation's page never opens it.
    expect(await findServiceBookingByToken(database(env.DB), `${token}x`)).toBeNull();
  });

  it("quotes each kind of work by its own rate", async () => {
    const rates: Record<string, string> = {};
    for (const service of ["maintenance", "custom", "warranty"]) {
      const response = await post({ ...request, ...anotherCustomer(), service });
      expect(response.status).toBe(201);
      const { reference } = (await response.json()) as { reference: string };
      const row = await env.DB.prepare("SELECT quote, summary FROM bookings WHERE reference = ?")
        .bind(reference)
        .first<{ quote: string; summary: string }>();
      rates[row!.summary.split(",")[0]!] = (JSON.parse(row!.quote) as { rate: string }).rate;
    }
    expect(rates).toEqual({
      "Maintenance & Repair": "From $155/hour",
      "Custom Modifications": "Quoted on request",
      "Warranty Service": "Covered by warranty",
    });
  });

  it("refuses a full day with 409 naming the date, and holds nothing more", async () => {
    await slotsPerDay(2);
    expect((await post(request)).status).toBe(201);
    expect((await post({ ...request, ...anotherCustomer(), service: "warranty" })).status).toBe(201);
    const response = await post({ ...request, ...anotherCustomer() });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe(`Every drop-off slot on ${longDate(dropOff)} is taken. Choose another day or call us.`);
    expect(body.fields.date).toBe(body.error);
    expect(JSON.stringify(body)).not.toContain(owner.email);
    expect(await bookingsStored()).toBe(2);
    expect((await slotsLeft(dropOff, 1))[0]!.remaining).toBe(0);
    // The next day is another day's slots.
    expect((await post({ ...request, ...anotherCustomer(), date: openDayFrom(addDays(dropOff, 1)) })).status).toBe(201);
  });

  it("books from tomorrow to the horizon, never on a Sunday, and says why not", async () => {
    const sunday = sundayFrom(addDays(today, 2));
    const refusals: [string, RegExp][] = [
      [sunday, /closed on Sundays/],
      [today, /earliest drop-off day is tomorrow/],
      [addDays(today, -3), /earliest drop-off day is tomorrow/],
      [addDays(horizon, 1), new RegExp(`up to ${site.serviceBooking.horizonDays} days ahead`)],
    ];
    for (const [date, why] of refusals) {
      const response = await post({ ...request, date });
      expect(response.status, date).toBe(400);
      const fields = await fieldsOf(response);
      expect(Object.keys(fields), date).toEqual(["date"]);
      expect(fields.date, date).toMatch(why);
    }
    expect(await bookingsStored()).toBe(0);

    // The edges themselves are bookable (stepping inward past a Sunday).
    const first = openDayFrom(addDays(today, 1));
    let last = horizon;
    while (weekday(last) === 0) last = addDays(last, -1);
    expect((await post({ ...request, date: first })).status).toBe(201);
    expect((await post({ ...request, date: last })).status).toBe(201);
  });

  it("names every wrong field and holds nothing", async () => {
    const response = await post({
      date: "next tuesday",
      service: "paint",
      vehicle: "  ",
      message: "broken",
      firstName: "",
      lastName: "",
      email: "ada",
      phone: "12",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe("Please correct the highlighted fields");
    expect(body.fields).toEqual({
      date: "Choose a drop-off day",
      service: "Choose maintenance and repair, battery services, custom modifications or warranty service",
      vehicle: "Tell us the cart's make, model and year",
      message: "Message must be at least 10 characters",
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      phone: "Enter a 10-digit phone number, with an extension after it if you have one",
    });
    // An empty body names them all too, and a description past the contact form's length is refused.
    expect(Object.keys(await fieldsOf(await post({}))).sort()).toEqual(
      ["date", "email", "firstName", "lastName", "message", "phone", "service", "vehicle"].sort(),
    );
    const long = await post({ ...request, message: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect(await fieldsOf(long)).toEqual({ message: "Must be at most 5000 characters" });
    // The offer ids of the services page are not the API's.
    expect(Object.keys(await fieldsOf(await post({ ...request, service: "maintenance-repair" })))).toEqual(["service"]);
    expect(await bookingsStored()).toBe(0);
  });

  it("takes JSON from this site only, of a sane size", async () => {
    const other = await post(request, { Origin: "https://elsewhere.example" });
    expect(other.status).toBe(403);
    expect(other.headers.get("Cache-Control")).toBe("no-store");
    expect((await post(JSON.stringify(request), { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await post({ ...request, padding: "x".repeat(30 * 1024) })).status).toBe(413);
    expect(await bookingsStored()).toBe(0);
  });
});
