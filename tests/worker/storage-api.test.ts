import { env } from "cloudflare:test";
import { anotherCustomer } from "./people";
import { beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { bookingCommand } from "~/features/bookings/booking-commands";
import { monthlyLastDay, seasonWindowFrom, seasonWindowOf } from "~/features/storage/storage-quote";
import { addDays, addMonths, localMoment } from "~/lib/calendar-days";
import { api } from "../../worker/api";
import { visitorLimits } from "~/config/visitor-limits";
import { limitMessages, tooManyBookings } from "~/features/bookings/booking-intake.server";
import { freshClientIp, withinOneRateWindow } from "./contact-support";

/**
 * /api/storage through the real API router on the local D1: quotes, the spaces left per day and
 * holds, with every refusal naming its field and holding nothing, staff told of every booking, and
 * the capacity engine refusing a stay that would take a space nobody has on any one day.
 */
const origin = "https://dealer.test";
const today = localMoment(new Date(), site.timeZone).day;
/** The first day of the next winter season that starts on or after today: always within the 12 months. */
const winterStart = (() => {
  const first = seasonWindowFrom("winter", today).first;
  return first < today ? addMonths(first, 12) : first;
})();
const winterLastDay = `${Number(winterStart.slice(0, 4)) + 1}-04-15`;
const monthlyStart = addDays(today, 30);

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": freshClientIp(), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    env,
  );
}

function get(path: string) {
  return api.fetch(new Request(`${origin}${path}`), env);
}

const winterIndoor = { space: "indoor", package: "winter", start: winterStart, maintenance: true, prep: true };
const owner = () => ({ ...anotherCustomer(), vehicle: "Club Car Onward, 2021, blue" });

async function spaces(pool: "storage-indoor" | "storage-outdoor", count: number) {
  await env.DB.prepare(
    "INSERT INTO booking_pools (pool, kind, capacity) VALUES (?, 'storage', ?) ON CONFLICT (pool) DO UPDATE SET capacity = ?",
  )
    .bind(pool, count, count)
    .run();
}

async function storageBookings(): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS count FROM bookings WHERE kind = 'storage'").first<{
    count: number;
  }>())!.count;
}

async function spacesLeft(space: string, from: string, days: number): Promise<number[]> {
  const response = await get(`/storage/availability?space=${space}&from=${from}&days=${days}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { days: { remaining: number }[] }).days.map((day) => day.remaining);
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM bookings").run();
  await env.DB.prepare("DELETE FROM contact_messages").run();
  await spaces("storage-indoor", 3);
  await spaces("storage-outdoor", 2);
});

describe("POST /api/storage/quote", () => {
  it("prices a winter indoor space with maintenance and prep line by line, and is never cached", async () => {
    const response = await post("/storage/quote", winterIndoor);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({
      space: "indoor",
      package: "winter",
      start: winterStart,
      lastDay: winterLastDay,
      end: addDays(winterLastDay, 1),
      months: 6,
      storage: 650,
      maintenance: 300,
      prep: 150,
      salesTax: 27,
      total: 1127,
      lines: [
        { label: "Indoor space, winter package (October 15 - April 15)", amount: 650 },
        { label: "Battery and tyre maintenance, 6 months at $50", amount: 300 },
        { label: "Pre-season preparation", amount: 150 },
        { label: "Pennsylvania sales tax (6%) on maintenance and preparation", amount: 27 },
      ],
    });
  });

  it("prices 2 months indoors at $250", async () => {
    const response = await post("/storage/quote", {
      space: "indoor",
      package: "monthly",
      months: 2,
      start: monthlyStart,
      maintenance: false,
      prep: false,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      total: 250,
      lastDay: monthlyLastDay(monthlyStart, 2),
      lines: [{ label: "Indoor space, 2 months at $125", amount: 250 }],
    });
  });

  it("names every wrong field", async () => {
    const response = await post("/storage/quote", {
      space: "attic",
      package: "spring",
      start: "next friday",
      months: 13,
      maintenance: "yes",
      prep: 1,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Please correct the highlighted fields",
      fields: {
        space: "Choose an indoor or a covered outdoor space",
        package: "Choose the winter package, the summer package or monthly storage",
        start: "Choose a start date",
        months: "Choose 1 to 12 months for monthly storage",
        maintenance: "Say whether you want maintenance while the cart is stored",
        prep: "Say whether you want pre-season preparation",
      },
    });
  });

  it("refuses months with a package, monthly storage without them, and a start outside the season", async () => {
    const withMonths = await post("/storage/quote", { ...winterIndoor, months: 6 });
    expect(withMonths.status).toBe(400);
    expect(((await withMonths.json()) as { fields: object }).fields).toEqual({
      months: "Months are for monthly storage only: a package runs to the end of its season",
    });
    const noMonths = await post("/storage/quote", { ...winterIndoor, package: "monthly" });
    expect(((await noMonths.json()) as { fields: object }).fields).toEqual({
      months: "Choose 1 to 12 months for monthly storage",
    });
    // The first day from today that is in no winter season: within the booking horizon whatever today is.
    let outsideStart = today;
    while (seasonWindowOf("winter", outsideStart)) outsideStart = addDays(outsideStart, 1);
    const outside = await post("/storage/quote", { ...winterIndoor, start: outsideStart });
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { fields: { start: string } }).fields.start).toMatch(
      /^The winter package runs October 15 - April 15\. Choose a start from .+ to .+, or choose monthly storage\.$/,
    );
    const past = await post("/storage/quote", {
      ...winterIndoor,
      package: "monthly",
      months: 1,
      start: addDays(today, -1),
    });
    expect(((await past.json()) as { fields: { start: string } }).fields.start).toMatch(/has passed/);
  });

  it("takes JSON from this site only, within its size", async () => {
    expect((await post("/storage/quote", winterIndoor, { Origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await post("/storage/quote", JSON.stringify(winterIndoor), { "Content-Type": "text/plain" })).status).toBe(
      415,
    );
    expect((await post("/storage/quote", "{not json")).status).toBe(400);
    expect((await post("/storage/quote", { ...winterIndoor, padding: "x".repeat(5000) })).status).toBe(413);
  });
});

describe("GET /api/storage/availability", () => {
  it("counts the spaces left per day and is never cached", async () => {
    const response = await get(`/storage/availability?space=outdoor&from=${monthlyStart}&days=45`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as { space: string; days: { date: string; remaining: number }[] };
    expect(body.space).toBe("outdoor");
    expect(body.days).toHaveLength(45);
    expect(body.days[0]).toEqual({ date: monthlyStart, remaining: 2 });
    expect(body.days[44]!.date).toBe(addDays(monthlyStart, 44));
  });

  it("names a wrong space, day or length", async () => {
    const response = await get("/storage/availability?space=attic&from=2026-02-30&days=401");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: object }).fields).toEqual({
      space: "Choose an indoor or a covered outdoor space",
      from: "Give the first day as YYYY-MM-DD",
      days: "Ask for 1 to 400 days",
    });
    expect((await get(`/storage/availability?space=indoor&days=0`)).status).toBe(400);
  });
});

describe("POST /api/storage/holds", () => {
  it("holds a space for every day of the stay, answers the reference and private link, and tells staff", async () => {
    const person = owner();
    const response = await post("/storage/holds", { ...winterIndoor, ...person });
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as {
      reference: string;
      status: string;
      statusUrl: string;
      quote: { total: number; lines: unknown[] };
    };
    expect(body.reference).toMatch(/^G-[2-9A-HJKMNP-Z]{6}$/);
    expect(body.status).toBe("requested");
    expect(body.statusUrl).toMatch(new RegExp(`^${origin}/storage/booking/[\\w-]{40,}$`));
    expect(body.quote).toMatchObject({ total: 1127 });
    expect(body.quote.lines).toHaveLength(4);

    // The first and the last day are held; the day after the last is not.
    expect(await spacesLeft("indoor", addDays(winterStart, -1), 2)).toEqual([3, 2]);
    expect(await spacesLeft("indoor", winterLastDay, 2)).toEqual([2, 3]);

    const stored = await env.DB.prepare(
      "SELECT pool, start_day AS startDay, end_day AS endDay, summary, status FROM bookings WHERE reference = ?",
    )
      .bind(body.reference)
      .first<{ pool: string; startDay: string; endDay: string; summary: string; status: string }>();
    const year = Number(winterStart.slice(0, 4));
    expect(stored).toEqual({
      pool: "storage-indoor",
      startDay: winterStart,
      endDay: addDays(winterLastDay, 1),
      summary: `Indoor space, winter package, October 15, ${year} to April 15, ${year + 1}`,
      status: "requested",
    });
    for (const detail of Object.values(person)) expect(stored!.summary).not.toContain(detail);
    expect(stored!.summary).not.toMatch(/Ada|Lovelace|example\.org|555|Club Car/);

    const announced = await env.DB.prepare(
      "SELECT interest, first_name AS firstName, email, message FROM contact_messages WHERE booking_reference = ?",
    )
      .bind(body.reference)
      .first<{ interest: string; firstName: string; email: string; message: string }>();
    expect(announced).toMatchObject({
      interest: "service",
      firstName: "Ada",
      email: expect.stringMatching(/^ada\.\d{4}@example\.org$/),
    });
    expect(announced!.message).toContain(bookingCommand("confirm", body.reference));
    expect(announced!.message).toContain(bookingCommand("decline", body.reference));
    expect(announced!.message).toContain("  Pennsylvania sales tax (6%) on maintenance and preparation: $27.00");
    expect(announced!.message).toContain("  Total: $1,127.00");
    expect(announced!.message).toContain("nothing was paid online");
    // The owner's description of their cart is theirs: quoted, after the commands.
    expect(announced!.message).toMatch(
      new RegExp(
        `${bookingCommand("decline", body.reference)}\n\nCart, typed by the customer on the website \\(their words, not checked\\):\n  \\| Club Car Onward, 2021, blue$`,
      ),
    );
  });

  it("refuses with 409 when the last space is taken on the stay's days, naming them, and holds nothing more", async () => {
    await spaces("storage-indoor", 1);
    expect((await post("/storage/holds", { ...winterIndoor, ...owner() })).status).toBe(201);
    const response = await post("/storage/holds", { ...winterIndoor, ...owner() });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: string; fields: { start: string }; fullDays: string[] };
    expect(body.fullDays[0]).toBe(winterStart);
    expect(body.fullDays.at(-1)).toBe(winterLastDay);
    expect(body.error).toMatch(/^No indoor space is free on \d+ days of this stay/);
    expect(body.fields.start).toBe(body.error);
    expect(await storageBookings()).toBe(1);
    // The other kind of space is a pool of its own.
    expect((await post("/storage/holds", { ...winterIndoor, space: "outdoor", ...owner() })).status).toBe(201);
  });

  it("refuses a stay that overlaps another on one day only, and takes the one that starts the day after", async () => {
    await spaces("storage-outdoor", 1);
    const month = { space: "outdoor", package: "monthly", months: 1, maintenance: false, prep: false, ...owner() };
    const first = await post("/storage/holds", { ...month, start: monthlyStart });
    expect(first.status).toBe(201);
    const { quote } = (await first.json()) as { quote: { lastDay: string; end: string } };
    expect(quote.end).toBe(addDays(monthlyLastDay(monthlyStart, 1), 1));

    const overlapping = await post("/storage/holds", { ...month, start: quote.lastDay });
    expect(overlapping.status).toBe(409);
    expect(((await overlapping.json()) as { fullDays: string[] }).fullDays).toEqual([quote.lastDay]);
    const after = await post("/storage/holds", { ...month, start: quote.end });
    expect(after.status).toBe(201);
    expect(await storageBookings()).toBe(2);
  });

  it("names the owner's wrong fields with 400 and holds nothing", async () => {
    const response = await post("/storage/holds", {
      ...winterIndoor,
      ...owner(),
      email: "ada",
      firstName: "",
      vehicle: "",
    });
    expect(response.status).toBe(400);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    expect(fields).toEqual({
      email: "Invalid email address",
      firstName: "First name is required",
      vehicle: "Tell us the cart: make, model and year",
    });
    const outside = await post("/storage/holds", { ...winterIndoor, ...owner(), months: 3 });
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { fields: object }).fields).toEqual({
      months: "Months are for monthly storage only: a package runs to the end of its season",
    });
    expect(await storageBookings()).toBe(0);
    expect(await spacesLeft("indoor", winterStart, 1)).toEqual([3]);
  });

  it("takes holds from this site only, and answers 429 past the rate limit, holding nothing for it", async () => {
    expect(
      (await post("/storage/holds", { ...winterIndoor, ...owner() }, { Origin: "https://elsewhere.example" })).status,
    ).toBe(403);
    expect(await storageBookings()).toBe(0);

    await spaces("storage-outdoor", 10);
    await withinOneRateWindow();
    const sender = freshClientIp();
    const answers: string[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await post(
        "/storage/holds",
        { ...winterIndoor, space: "outdoor", ...owner() },
        { "CF-Connecting-IP": sender },
      );
      answers.push(
        response.status === 201 ? "201" : `${response.status} ${((await response.json()) as { error: string }).error}`,
      );
    }
    // Past the client's share of the days the engine answers 429; past the minute's five, the rate limiter.
    const { waitingOnTheDays } = visitorLimits.client;
    const pastShare = `429 ${limitMessages["client-limit"]("storage", { sender: "client", limit: "waitingOnTheDays" })}`;
    expect(answers).toEqual([
      ...Array(waitingOnTheDays).fill("201"),
      ...Array(5 - waitingOnTheDays).fill(pastShare),
      `429 ${tooManyBookings}`,
      `429 ${tooManyBookings}`,
    ]);
    expect(await storageBookings()).toBe(waitingOnTheDays);
  });
});
