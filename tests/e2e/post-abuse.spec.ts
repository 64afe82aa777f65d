import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { query } from "../../scripts/lib/d1";
import { requestLimits } from "../../src/config/request-limits";
import {
  hostileConsentBodies,
  hostileContactFormBodies,
  hostileJsonBodies,
  largeBodies,
  largeBodyShapes,
  validMessage,
  type HostileBody,
} from "../support/hostile-bodies";
import { baseURL } from "../../playwright.config";
import { soakRuns } from "../support/soak";

/**
 * Every POST endpoint refuses abuse the same way: a thousand generated bad bodies (ten thousand
 * under `npm run soak`), a few of every shape megabytes long, each answered with a 4xx and a sentence a person can act on (the JSON
 * `error`, or the contact page's alert), never a 5xx, and none stored. Valid bodies with unknown
 * extra fields still go through, the extras ignored. Seeded by HOSTILE_SEED when given.
 */

const hostileCount = soakRuns(1000);
/** Per shape of large body, so every shape is sent whatever the seed. */
const largePerShape = soakRuns(2);
const seed = Number(process.env.HOSTILE_SEED ?? Date.now() % 2 ** 31);
const origin = new URL(baseURL).origin;
const stateDirectory = process.env.WRANGLER_STATE_DIR ?? ".wrangler/e2e-state";

const contactFormLimit = requestLimits.contactForm;
const consentLimit = requestLimits.consentForm;

interface Answer {
  status: number;
  error: string;
  body: string;
}

let ipCounter = 0;
/** A sender of its own for each accepted post, so the per-sender limit never decides a result. */
function freshIp(): string {
  ipCounter += 1;
  return `198.18.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** The sentence the visitor is shown: the JSON error, or the contact page's alert. */
function shownError(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    return typeof parsed.error === "string" ? parsed.error : "";
  } catch {
    return /<p role="alert"[^>]*>([^<]+)<\/p>/.exec(text)?.[1]?.trim() ?? "";
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
  return { status: response.status(), error: shownError(text), body: text };
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

/**
 * Rows carrying this run's marker. Other specs store messages at the same time, so a plain row
 * count before and after would not be this suite's; every message-shaped body here is marked.
 */
function rowsMarkedWith(marker: string): number {
  const like = `'%${marker}%'`;
  const [row] = query<{ count: number }>(
    { remote: false, persistTo: stateDirectory },
    `SELECT COUNT(*) AS count FROM contact_messages WHERE first_name LIKE ${like} OR last_name LIKE ${like} OR email LIKE ${like} OR message LIKE ${like}`,
    "counting the marked messages",
  );
  return row?.count ?? 0;
}

async function refuseAll(
  request: APIRequestContext,
  path: string,
  hostile: fc.Arbitrary<HostileBody>,
  largeKind: "json" | "form",
) {
  const bodies = fc.sample(hostile, { numRuns: hostileCount, seed });
  const big = largeBodyShapes.flatMap((shape) =>
    fc.sample(largeBodies(largeKind, [shape]), { numRuns: largePerShape, seed }),
  );
  const statuses = new Map<number, number>();
  const problems: string[] = [];
  const check = (label: string, answer: Answer) => {
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    const wrong =
      answer.status < 400 || answer.status >= 500
        ? "not a 4xx"
        : !answer.error
          ? "no error shown"
          : /at \w+ \(|node_modules|TypeError|SyntaxError/.test(answer.body)
            ? "a stack trace"
            : null;
    if (wrong && problems.length < 10)
      problems.push(`${label}: ${answer.status} (${wrong}) ${answer.body.slice(0, 160)}`);
  };
  await pool(bodies, 16, async (body) => check(body.label, await send(request, path, body)));
  await pool(big, 3, async (body) => check(body.label, await send(request, path, { ...body, body: body.build() })));
  const count = (predicate: (status: number) => boolean) =>
    [...statuses].filter(([status]) => predicate(status)).reduce((sum, [, n]) => sum + n, 0);
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
  console.log(
    `POST ${path}: ${bodies.length + big.length} hostile bodies, 4xx ${count((s) => s >= 400 && s < 500)}, ` +
      `5xx ${count((s) => s >= 500)}; 1 MB-5 MB: ${big.length}; ${byStatus} (seed ${seed})`,
  );
  expect(problems, `seed ${seed}`).toEqual([]);
}

test.describe("hostile bodies @desktop", () => {
  test.describe.configure({ timeout: 300_000 });

  test("POST /api/contact refuses every one, and takes a valid message with extra fields", async ({ request }) => {
    const marker = `hx${randomBytes(5).toString("hex")}`;
    await refuseAll(request, "/api/contact", hostileJsonBodies(marker), "json");
    const extras = { x_note: { nested: [1, { deep: true }] }, x_list: [1, 2, 3], x_flag: false };
    for (let copy = 0; copy < 3; copy += 1) {
      const body = Buffer.from(JSON.stringify({ ...extras, ...validMessage(marker) }));
      const answer = await send(
        request,
        "/api/contact",
        { contentType: "application/json", body },
        { "CF-Connecting-IP": freshIp() },
      );
      expect(answer.status, answer.body).toBe(202);
    }
    expect(rowsMarkedWith(marker)).toBe(3);
  });

  test("POST /contact refuses every one, and takes a valid form with extra fields", async ({ request }) => {
    const marker = `hx${randomBytes(5).toString("hex")}`;
    await refuseAll(request, "/contact", hostileContactFormBodies(marker, contactFormLimit), "form");
    const fields = { ...validMessage(marker), x_utm: "spring", x_empty: "" };
    const bodies = [
      { contentType: "application/x-www-form-urlencoded", body: Buffer.from(new URLSearchParams(fields).toString()) },
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
      const answer = await send(request, "/contact", body, { "CF-Connecting-IP": freshIp() });
      expect(answer.status, answer.body.slice(0, 300)).toBe(302);
    }
    expect(rowsMarkedWith(marker)).toBe(2);
  });

  test("POST /consent refuses every one, and takes a valid choice with extra fields", async ({ request }) => {
    await refuseAll(request, "/consent", hostileConsentBodies(consentLimit), "form");
    const body = Buffer.from("x_from=banner&choice=denied&x_more=1");
    const answer = await send(request, "/consent", { contentType: "application/x-www-form-urlencoded", body });
    expect(answer.status).toBe(302);
  });
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
