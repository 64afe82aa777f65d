import { env } from "cloudflare:test";
import { anotherCustomer } from "./people";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, localMoment } from "~/lib/calendar-days";
import { site } from "~/config/site";
import { api } from "../../worker/api";
import { visitorLimits } from "~/config/visitor-limits";
import { limitMessages, tooManyBookings } from "~/features/bookings/booking-intake.server";
import { freshClientIp, withinOneRateWindow } from "./contact-support";

/**
 * /api/rentals as the booking page uses it, through the real API router on the local D1: prices,
 * the calendar and holds, with every refusal naming its field and holding nothing.
 */
const origin = "https://dealer.test";
const today = localMoment(new Date(), site.timeZone).day;
// Far enough ahead that no same-day rule applies, within the 12-month horizon.
const start = addDays(today, 40);

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

const booking = { plan: "six-seater", start, days: 3, delivery: { type: "pickup" }, drivers: 0 };
const renter = () => ({ ...anotherCustomer(), ageConfirmed: true });

async function holdsStored(): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS count FROM bookings WHERE kind = 'rental'").first<{
    count: number;
  }>())!.count;
}

async function fleet(plan: string, carts: number) {
  await env.DB.prepare(
    "INSERT INTO booking_pools (pool, kind, capacity) VALUES (?, 'rental', ?) ON CONFLICT (pool) DO UPDATE SET capacity = ?",
  )
    .bind(plan, carts, carts)
    .run();
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM bookings").run();
  await fleet("six-seater", 2);
  await fleet("four-seater", 6);
});

describe("POST /api/rentals/quote", () => {
  it("prices 5 days of a 4 seater at the weekly rate, with the deposit apart", async () => {
    const response = await post("/rentals/quote", { ...booking, plan: "four-seater", days: 5 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      rent: 1050,
      delivery: 0,
      rushFee: 0,
      driversFee: 0,
      taxes: 63,
      total: 1113,
      deposit: 500,
      lines: [
        { label: "4 Seater, 5 days (Weekly rate)", amount: 1050 },
        expect.anything(),
        { label: "Pennsylvania sales tax (6%)", amount: 63 },
      ],
    });
  });

  it("names every wrong field", async () => {
    const response = await post("/rentals/quote", {
      plan: "limousine",
      start: "next friday",
      days: 31,
      delivery: { type: "delivery", town: "atlantis" },
      drivers: 3,
    });
    expect(response.status).toBe(400);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    expect(fields).toEqual({
      plan: "Choose a 4 Seater, 6 Seater or Utility cart",
      start: "Choose a start date",
      days: "Choose a length from 1 to 30 days",
      delivery: "Choose pickup at the showroom or delivery to one of the towns we serve",
      drivers: "Choose 0 to 2 additional drivers",
    });
  });

  it("refuses a start that has passed or lies beyond the booking horizon", async () => {
    const past = await post("/rentals/quote", { ...booking, start: addDays(today, -1) });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { fields: { start: string } }).fields.start).toMatch(/has passed/);
    const far = await post("/rentals/quote", { ...booking, start: addDays(today, 400) });
    expect(far.status).toBe(400);
    expect(((await far.json()) as { fields: { start: string } }).fields.start).toMatch(/up to 12 months ahead/);
  });

  it("takes JSON from this site only", async () => {
    expect((await post("/rentals/quote", booking, { Origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await post("/rentals/quote", JSON.stringify(booking), { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await post("/rentals/quote", "{not json")).status).toBe(400);
    expect((await post("/rentals/quote", { ...booking, padding: "x".repeat(5000) })).status).toBe(413);
  });
});

describe("GET /api/rentals/availability", () => {
  it("counts the carts left per day and is never cached", async () => {
    const response = await get(`/rentals/availability?plan=six-seater&from=${start}&days=60`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as { plan: string; days: { date: string; remaining: number }[] };
    expect(body.plan).toBe("six-seater");
    expect(body.days).toHaveLength(60);
    expect(body.days[0]).toEqual({ date: start, remaining: 2 });
    expect(body.days[59]!.date).toBe(addDays(start, 59));
  });

  it("names a wrong plan, day or length", async () => {
    const response = await get("/rentals/availability?plan=bus&from=2026-02-30&days=400");
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { fields: object }).fields).sort()).toEqual([
      "days",
      "from",
      "plan",
    ]);
  });
});

describe("POST /api/rentals/holds", () => {
  it("holds a cart, answers with a reference and a private status link, and the calendar shows it", async () => {
    const response = await post("/rentals/holds", { ...booking, ...renter() });
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      reference: string;
      status: string;
      quote: { total: number };
      statusUrl: string;
    };
    expect(body.reference).toMatch(/^R-[A-Z2-9]{6}$/);
    expect(body.status).toBe("requested");
    // $735 and $44.10 sales tax: a golf cart's rental carries no PTA fee or rental tax (issue 47).
    expect(body.quote.total).toBe(779.1);
    expect(body.statusUrl).toMatch(new RegExp(`^${origin}/rentals/booking/[\\w-]{40,}$`));
    expect(await holdsStored()).toBe(1);

    const calendar = (await (await get(`/rentals/availability?plan=six-seater&from=${start}&days=4`)).json()) as {
      days: { remaining: number }[];
    };
    expect(calendar.days.map((day) => day.remaining)).toEqual([1, 1, 1, 2]);
  });

  it("refuses the days with no cart left with 409, naming them, and holds nothing more", async () => {
    expect((await post("/rentals/holds", { ...booking, ...renter() })).status).toBe(201);
    expect((await post("/rentals/holds", { ...booking, start: addDays(start, 2), days: 1, ...renter() })).status).toBe(
      201,
    );
    const response = await post("/rentals/holds", { ...booking, ...renter() });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: string; fullDays: string[] };
    expect(body.fullDays).toEqual([addDays(start, 2)]);
    expect(body.error).toMatch(/^No cart of that kind is free on /);
    expect(await holdsStored()).toBe(2);
  });

  it("needs the age confirmation and the renter's details; nothing is held without them", async () => {
    const response = await post("/rentals/holds", { ...booking, ...renter(), ageConfirmed: false, email: "ada" });
    expect(response.status).toBe(400);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    expect(fields.ageConfirmed).toBe("Please confirm the renter is 18 or older");
    expect(fields.email).toBe("Invalid email address");
    expect(await holdsStored()).toBe(0);
  });

  it("answers 429 to a sender past the rate limit, holding nothing for it", async () => {
    await withinOneRateWindow();
    const sender = freshClientIp();
    const answers: string[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await post(
        "/rentals/holds",
        { ...booking, plan: "four-seater", start: addDays(start, attempt * 3), ...renter() },
        { "CF-Connecting-IP": sender },
      );
      answers.push(
        response.status === 201 ? "201" : `${response.status} ${((await response.json()) as { error: string }).error}`,
      );
    }
    // Past the client's hourly limit the engine answers 429; past the minute's five, the rate limiter.
    const { placedPerHour } = visitorLimits.client;
    const pastHour = `429 ${limitMessages["client-limit"]("rental", { sender: "client", limit: "placedPerHour" })}`;
    expect(answers).toEqual([
      ...Array(placedPerHour).fill("201"),
      ...Array(5 - placedPerHour).fill(pastHour),
      `429 ${tooManyBookings}`,
      `429 ${tooManyBookings}`,
    ]);
    expect(await holdsStored()).toBe(placedPerHour);
  });
});
