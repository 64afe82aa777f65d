import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { query } from "../../scripts/staff/d1";
import { site } from "../../src/config/site";
import { addDays, addMonths, localMoment } from "../../src/lib/calendar-days";
import { hostileBodies, largeBodies, largeBodyShapes, type Endpoint } from "../support/hostile-bodies";
import {
  consentForm,
  contactApi,
  contactForm,
  rentalForm,
  rentalHoldsApi,
  rentalQuoteApi,
  reservationForm,
  reservationsApi,
  serviceForm,
  serviceRequestsApi,
  storageForm,
  storageHoldsApi,
  storageQuoteApi,
  validMessage,
} from "../support/hostile-endpoints";
import { baseURL } from "../../playwright.config";
import { soakRuns } from "../support/soak";
import { freshClientAddress } from "../support/client-addresses";

/**
 * Every POST endpoint refuses abuse the same way: generated bad bodies (ten times as many under
 * `npm run soak`), a few of every shape megabytes long, each answered with a 4xx and a sentence a
 * person can act on (the JSON `error`, naming the wrong field when there is one, or the page's
 * alert), never a 5xx, and none stored. Valid bodies with unknown extra fields still go through, the
 * extras ignored. Seeded by HOSTILE_SEED when given.
 */

/** Per contact and consent endpoint. */
const hostileCount = soakRuns(1000);
/** Per shape of large body, so every shape is sent whatever the seed. */
const largePerShape = soakRuns(2);
/**
 * Per booking endpoint. There are ten, and at contact's 1,000 each they added about two and a half
 * minutes of test time to the browser stage on a two-core machine; 300 still break each field of
 * each endpoint several times a run, and every run draws a new seed.
 */
const bookingCount = soakRuns(300);
const bookingLargePerShape = soakRuns(1);
const seed = Number(process.env.HOSTILE_SEED ?? Date.now() % 2 ** 31);
const origin = new URL(baseURL).origin;
const stateDirectory = process.env.WRANGLER_STATE_DIR ?? ".wrangler/e2e-state";
const today = localMoment(new Date(), site.timeZone).day;

interface Answer {
  status: number;
  error: string;
  /** A JSON refusal's field messages, by field. */
  fields: Record<string, unknown>;
  location?: string;
  body: string;
}

/** A sender of its own for each accepted post, so no per-sender limit decides a result. */
const freshIp = freshClientAddress;

function newMarker(): string {
  return `hx${randomBytes(5).toString("hex")}`;
}

/** The sentence the visitor is shown, and the fields named: the JSON error, or the page's alert. */
function shown(text: string): Pick<Answer, "error" | "fields"> {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; fields?: unknown };
    const fields = typeof parsed.fields === "object" && parsed.fields !== null ? parsed.fields : {};
    return { error: typeof parsed.error === "string" ? parsed.error : "", fields: fields as Record<string, unknown> };
  } catch {
    return { error: /<p role="alert"[^>]*>([^<]+)<\/p>/.exec(text)?.[1]?.trim() ?? "", fields: {} };
  }
}

async function send(
  request: APIRequestContext,
  path: string,
  { contentType, body }: { contentType?: string; body: Buffer },
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await request.post(path, {
    headers: { Origin: origin, ...(contentType === undefined ? {} : { "Content-Type": contentType }), ...headers },
    data: body,
    maxRedirects: 0,
    timeout: 60_000,
  });
  const text = await response.text();
  return { status: response.status(), ...shown(text), location: response.headers()["location"], body: text };
}

/** Runs `task` over every item, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

type Table = "contact_messages" | "bookings";

/** Rows each test expects stored under its marker, read after the worker's tests. */
const expectedRows: { title: string; table: Table; marker: string; count: number }[] = [];

function expectStored(title: string, table: Table, marker: string, count: number) {
  expectedRows.push({ title, table, marker, count });
}

/**
 * A copy of the site's database as it stands, to read without opening the files the running site
 * has open: a second runtime opening them makes the site's own queries fail as busy for a moment,
 * and a page another test is loading then answers 500. The main file is copied before its
 * write-ahead log, whose index (-shm) the reader rebuilds.
 */
function copyOfSiteDatabase(): string {
  const copy = mkdtempSync(path.join(tmpdir(), "hostile-db-"));
  const from = path.join(stateDirectory, "v3", "d1", "miniflare-D1DatabaseObject");
  const to = path.join(copy, "v3", "d1", "miniflare-D1DatabaseObject");
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from).sort()) {
    if (!name.endsWith("-shm")) copyFileSync(path.join(from, name), path.join(to, name));
  }
  return copy;
}

/**
 * Rows carrying each test's marker. Other specs store messages and bookings at the same time, so a
 * plain row count before and after would not be this suite's; every body built from a valid one is
 * marked. One read for all of a worker's tests, as each read starts a runtime (seconds).
 */
test.afterAll(() => {
  if (expectedRows.length === 0) return;
  const counts = expectedRows.map(({ table, marker }, index) => {
    const like = `'%${marker}%'`;
    const text = table === "contact_messages" ? "message" : "request";
    return `(SELECT COUNT(*) FROM ${table} WHERE first_name LIKE ${like} OR last_name LIKE ${like} OR email LIKE ${like} OR ${text} LIKE ${like}) AS c${index}`;
  });
  const copy = copyOfSiteDatabase();
  let found: Record<string, number> | undefined;
  try {
    [found] = query<Record<string, number>>(
      { remote: false, persistTo: copy },
      `SELECT ${counts.join(", ")}`,
      "counting the rows each test marked",
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  const stored = (index: number) => found?.[`c${index}`];
  expect(expectedRows.map(({ title }, index) => `${title}: ${stored(index)}`)).toEqual(
    expectedRows.map(({ title, count }) => `${title}: ${count}`),
  );
});

async function refuseAll(
  request: APIRequestContext,
  endpoint: Endpoint,
  marker: string,
  { count = hostileCount, largeCount = largePerShape } = {},
) {
  const bodies = fc.sample(hostileBodies(endpoint, marker), { numRuns: count, seed });
  const big = largeBodyShapes.flatMap((shape) =>
    fc.sample(largeBodies(endpoint.body, [shape]), { numRuns: largeCount, seed }),
  );
  const statuses = new Map<number, number>();
  const problems: string[] = [];
  const check = (label: string, answer: Answer, field?: string) => {
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    const wrong =
      answer.status < 400 || answer.status >= 500
        ? "not a 4xx"
        : !answer.error
          ? "no error shown"
          : /at \w+ \(|node_modules|TypeError|SyntaxError/.test(answer.body)
            ? "a stack trace"
            : // Wrong in one field and nothing else: refused for that field, or for its size.
              field !== undefined && answer.status !== 413 && !(answer.status === 400 && answer.fields[field])
              ? `${field} not named`
              : null;
    if (wrong && problems.length < 10)
      problems.push(`${label}: ${answer.status} (${wrong}) ${answer.body.slice(0, 160)}`);
  };
  // A form post renders the whole page. With two form suites at 16 at a time, local workerd dropped
  // connections mid-answer on a busy machine (the preview's 500 "fetch failed", whatever the body):
  // eight keeps the renders in flight where they were when /contact was the only form here.
  const concurrency = endpoint.body === "form" ? 8 : 16;
  await pool(bodies, concurrency, async (body) =>
    check(body.label, await send(request, endpoint.path, body), body.field),
  );
  await pool(big, 3, async (body) =>
    check(body.label, await send(request, endpoint.path, { ...body, body: body.build() })),
  );
  const tally = (predicate: (status: number) => boolean) =>
    [...statuses].filter(([status]) => predicate(status)).reduce((sum, [, n]) => sum + n, 0);
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
  console.log(
    `POST ${endpoint.path}: ${bodies.length + big.length} hostile bodies, 4xx ${tally((s) => s >= 400 && s < 500)}, ` +
      `5xx ${tally((s) => s >= 500)}; 1 MB-5 MB: ${big.length}; ${byStatus} (seed ${seed})`,
  );
  expect(problems, `seed ${seed}`).toEqual([]);
}

/** A valid body with fields the endpoint has never heard of, as the endpoint's own kind of body. */
function withExtras(endpoint: Endpoint, marker: string): { contentType: string; body: Buffer } {
  if (endpoint.body === "json") {
    const extras = { x_note: { nested: [1, { deep: true }] }, x_list: [1, 2, 3], x_flag: false };
    return {
      contentType: "application/json",
      body: Buffer.from(JSON.stringify({ ...extras, ...endpoint.valid(marker) })),
    };
  }
  const fields = { x_utm: "spring", ...(endpoint.valid(marker) as Record<string, string>), x_empty: "" };
  return {
    contentType: "application/x-www-form-urlencoded",
    body: Buffer.from(new URLSearchParams(fields).toString()),
  };
}

test.describe("hostile bodies @desktop", () => {
  // Ten times the bodies under soak, so ten times the time.
  test.describe.configure({ timeout: soakRuns(300_000) });

  test("POST /api/contact refuses every one, and takes a valid message with extra fields", async ({ request }) => {
    const marker = newMarker();
    await refuseAll(request, contactApi, marker);
    for (let copy = 0; copy < 3; copy += 1) {
      const answer = await send(request, contactApi.path, withExtras(contactApi, marker), {
        "CF-Connecting-IP": freshIp(),
      });
      expect(answer.status, answer.body).toBe(202);
    }
    expectStored("POST /api/contact", "contact_messages", marker, 3);
  });

  test("POST /contact refuses every one, and takes a valid form with extra fields", async ({ request }) => {
    const marker = newMarker();
    await refuseAll(request, contactForm, marker);
    const fields = { ...validMessage(marker), x_utm: "spring", x_empty: "" };
    const bodies = [
      withExtras(contactForm, marker),
      {
        contentType: "multipart/form-data; boundary=valid",
        body: Buffer.from(
          Object.entries(fields)
            .map(([name, value]) => `--valid\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
            .join("") +
            '--valid\r\nContent-Disposition: form-data; name="x_file"; filename="a.txt"\r\n\r\nhello\r\n--valid--\r\n',
        ),
      },
    ];
    for (const body of bodies) {
      const answer = await send(request, contactForm.path, body, { "CF-Connecting-IP": freshIp() });
      expect(answer.status, answer.body.slice(0, 300)).toBe(302);
    }
    expectStored("POST /contact", "contact_messages", marker, 2);
  });

  test("POST /consent refuses every one, and takes a valid choice with extra fields", async ({ request }) => {
    await refuseAll(request, consentForm, newMarker());
    const body = Buffer.from("x_from=banner&choice=denied&x_more=1");
    const answer = await send(request, "/consent", { contentType: "application/x-www-form-urlencoded", body });
    expect(answer.status).toBe(302);
  });
});

// ---- Bookings: a day (or a cart) with room to spare, so the one booking each test places never
// takes the last of anything another test counts on ----

interface DayLeft {
  date: string;
  remaining: number;
}

async function daysLeft(request: APIRequestContext, address: string): Promise<DayLeft[]> {
  const response = await request.get(address);
  expect(response.status(), address).toBe(200);
  return ((await response.json()) as { days: DayLeft[] }).days;
}

function anyOf<T>(choices: T[], what: string): T {
  expect(choices.length, what).toBeGreaterThan(0);
  return choices[Math.floor(Math.random() * choices.length)]!;
}

/**
 * A 6 seater day from `from` days ahead, for a month, with two carts or more free. Past every day
 * the rental specs book a 6 seater on (75 at most); the race takes utility carts.
 */
async function rentalDay(request: APIRequestContext, from: number): Promise<string> {
  const days = await daysLeft(
    request,
    `/api/rentals/availability?plan=six-seater&from=${addDays(today, from)}&days=30`,
  );
  return anyOf(
    days.filter((day) => day.remaining >= 2).map((day) => day.date),
    "6 seater days with two carts free",
  );
}

/**
 * A drop-off day with two slots or more free, between `from` and `to` days ahead: after day 40 (41
 * when 40 is a Sunday), which the service spec books, and before day 63, from where its race takes
 * every slot of a day.
 */
async function serviceDay(request: APIRequestContext, from: number, to: number): Promise<string> {
  const days = await daysLeft(request, `/api/service/availability?from=${addDays(today, from)}&days=${to - from + 1}`);
  const open = days.filter((day) => new Date(`${day.date}T00:00:00Z`).getUTCDay() !== 0 && day.remaining >= 2);
  return anyOf(
    open.map((day) => day.date),
    "drop-off days with two slots free",
  );
}

/**
 * A start between `from` and `from + span` days ahead whose month of indoor storage has two spaces or
 * more free every day: the storage spec's winter packages are indoors too, but hold at most a few.
 */
async function storageStart(request: APIRequestContext, from: number, span: number): Promise<string> {
  const first = addDays(today, from);
  const days = await daysLeft(request, `/api/storage/availability?space=indoor&from=${first}&days=${span + 32}`);
  const starts = days.slice(0, span).flatMap(({ date }, index) => {
    const month = days.slice(index).filter((day) => day.date < addMonths(date, 1));
    return month.every((day) => day.remaining >= 2) ? [date] : [];
  });
  return anyOf(starts, "indoor months with two spaces free");
}

/**
 * New carts in stock with two units or more, the last of the catalogue's order first: no other spec
 * reserves a new cart, and one unit held of two leaves the cart on sale as before. The API and the
 * form each reserve a different one.
 */
async function reservableCarts(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/api/vehicles");
  expect(response.status()).toBe(200);
  const vehicles = (await response.json()) as { id: string; inStock: boolean; isNew: boolean; unitsInStock?: number }[];
  const carts = vehicles
    .filter((vehicle) => vehicle.inStock && vehicle.isNew && (vehicle.unitsInStock ?? 1) >= 2)
    .map((vehicle) => vehicle.id)
    .reverse();
  expect(carts.length, "new carts with two units in stock").toBeGreaterThanOrEqual(2);
  return carts;
}

interface BookingCase {
  title: string;
  /** The endpoint, described for a day or cart chosen now. */
  endpoint: (request: APIRequestContext) => Promise<Endpoint>;
  /** What a valid body gets: a booking with its private page, or only a price. */
  takes: "booking" | "quote";
}

// The API and the form of one kind book in windows of their own, so the two never meet on one day.
const bookingCases: BookingCase[] = [
  {
    title: "POST /api/rentals/holds",
    endpoint: async (request) => rentalHoldsApi(await rentalDay(request, 150)),
    takes: "booking",
  },
  { title: "POST /api/rentals/quote", endpoint: async () => rentalQuoteApi(addDays(today, 250)), takes: "quote" },
  {
    title: "POST /rentals/book",
    endpoint: async (request) => rentalForm(await rentalDay(request, 250)),
    takes: "booking",
  },
  {
    title: "POST /api/service/requests",
    endpoint: async (request) => serviceRequestsApi(await serviceDay(request, 42, 52)),
    takes: "booking",
  },
  {
    title: "POST /services/book",
    endpoint: async (request) => serviceForm(await serviceDay(request, 53, 62)),
    takes: "booking",
  },
  {
    title: "POST /api/storage/holds",
    endpoint: async (request) => storageHoldsApi(await storageStart(request, 150, 60)),
    takes: "booking",
  },
  { title: "POST /api/storage/quote", endpoint: async () => storageQuoteApi(addDays(today, 200)), takes: "quote" },
  {
    title: "POST /storage/book",
    endpoint: async (request) => storageForm(await storageStart(request, 240, 60)),
    takes: "booking",
  },
  {
    title: "POST /api/vehicles/{id}/reservations",
    endpoint: async (request) => reservationsApi((await reservableCarts(request))[0]!),
    takes: "booking",
  },
  {
    title: "POST /vehicle/{id}/reserve",
    endpoint: async (request) => reservationForm((await reservableCarts(request))[1]!),
    takes: "booking",
  },
];

test.describe("hostile bodies on the booking endpoints @desktop", () => {
  test.describe.configure({ timeout: soakRuns(300_000) });

  for (const { title, endpoint: describedFor, takes } of bookingCases) {
    test(`${title} refuses every one, and takes a valid ${takes === "quote" ? "request" : "booking"} with extra fields`, async ({
      request,
    }) => {
      const marker = newMarker();
      const endpoint = await describedFor(request);
      await refuseAll(request, endpoint, marker, { count: bookingCount, largeCount: bookingLargePerShape });

      const answer = await send(request, endpoint.path, withExtras(endpoint, marker), {
        "CF-Connecting-IP": freshIp(),
      });
      if (takes === "quote") {
        expect(answer.status, answer.body.slice(0, 300)).toBe(200);
        expect((JSON.parse(answer.body) as { total: unknown }).total).toEqual(expect.any(Number));
        return;
      }
      let statusPage: string;
      if (endpoint.body === "json") {
        expect(answer.status, answer.body.slice(0, 300)).toBe(201);
        const { reference, statusUrl } = JSON.parse(answer.body) as { reference: string; statusUrl: string };
        expect(reference).toMatch(/^[A-Z]-[0-9A-Z]{6}$/);
        statusPage = new URL(statusUrl).pathname;
      } else {
        expect(answer.status, answer.body.slice(0, 300)).toBe(303);
        statusPage = answer.location ?? "";
      }
      const page = await request.get(statusPage, { maxRedirects: 0 });
      expect(page.status(), statusPage).toBe(200);
      // The one booking taken must be the only one with this test's marker: no hostile body stored.
      expectStored(title, "bookings", marker, 1);
    });
  }
});

test.describe("the consent form @desktop", () => {
  const form = { contentType: "application/x-www-form-urlencoded", body: Buffer.from("choice=granted") };

  async function locationAfter(request: APIRequestContext, referer: string) {
    const response = await request.post("/consent", {
      headers: { Origin: origin, "Content-Type": form.contentType, Referer: referer },
      data: form.body,
      maxRedirects: 0,
    });
    return { status: response.status(), location: response.headers()["location"] };
  }

  test("returns only to a path on this site, and to the home page for anything else", async ({ request }) => {
    expect(await locationAfter(request, `${origin}/showroom`)).toEqual({ status: 302, location: "/showroom" });
    expect(await locationAfter(request, `${origin}//evil.example/showroom`)).toEqual({ status: 302, location: "/" });
    expect(await locationAfter(request, "https://evil.example/page")).toEqual({ status: 302, location: "/" });
    expect(await locationAfter(request, "http://[::1")).toEqual({ status: 302, location: "/" });
  });

  test("refuses a post from another site", async ({ request }) => {
    const answer = await send(request, "/consent", form, { Origin: "https://evil.example" });
    expect(answer.status).toBe(403);
    expect(answer.error).toMatch(/other sites/);
  });
});

test("a refused contact form shows back only its own fields, each within its limit @desktop", async ({ request }) => {
  const fields = {
    ...validMessage("echo"),
    message: "q".repeat(20_000),
    x_extra: "w".repeat(10_000),
  };
  const answer = await send(request, "/contact", {
    contentType: "application/x-www-form-urlencoded",
    body: Buffer.from(new URLSearchParams(fields).toString()),
  });
  expect(answer.status).toBe(400);
  expect(answer.error).toBeTruthy();
  const longest = (letter: string) =>
    Math.max(0, ...[...answer.body.matchAll(new RegExp(`${letter}+`, "g"))].map((run) => run[0].length));
  expect(longest("q"), "the message shown back").toBe(5000);
  expect(longest("w"), "the unknown field shown back").toBeLessThan(100);
});
