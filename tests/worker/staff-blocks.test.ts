import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { staffBookingPath } from "~/config/pages";
import { addDays, localMoment } from "~/lib/calendar-days";
import { answerPage } from "./registry-pages";
import { heldSixSeater } from "./rental-fixtures";

/**
 * The Blocks staff page through the Worker's Access gate and the page's own loader and action: it
 * sends the statements `npm run bookings -- block|unblock` sends and refuses in the command's words
 * (tests/e2e/bookings-commands.spec.ts holds the command to them).
 */
const today = localMoment(new Date(), site.timeZone).day;
const first = addDays(today, 40);
const last = addDays(first, 2);
const here = "http://localhost:8787";
const staffEnv = { ...env, STAFF_LOCAL_IDENTITY: "ana@dealer.example" } as unknown as Env;
const path = "/staff/blocks";

const ask = (init: RequestInit = {}, bindings: Env = staffEnv, at = path): Promise<Response> =>
  answerPage(new Request(`${here}${at}`, init), bindings);

/** The newest block id the page's form carries, as a phone that just opened the page has it. */
async function shownAfter(): Promise<string> {
  const html = await (await ask()).text();
  const found = /name="after" value="(\d+)"/.exec(html);
  if (!found) throw new Error("the form has no after field");
  return found[1]!;
}

/** A tap on one of the page's buttons: a form post from the page itself. */
const post = (fields: Record<string, string>, origin = here, bindings: Env = staffEnv) =>
  ask(
    {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    },
    bindings,
  );

const blockForm = async (fields: Record<string, string> = {}) => ({
  intent: "block",
  pool: "six-seater",
  first,
  last,
  note: "brakes",
  after: await shownAfter(),
  ...fields,
});

const storedBlocks = async () =>
  (
    await env.DB.prepare("SELECT id, pool, first_day, end_day, note FROM booking_blocks ORDER BY id").all<{
      id: number;
      pool: string;
      first_day: string;
      end_day: string;
      note: string | null;
    }>()
  ).results;

/** A six-seater rental over the block's days. */
const placed = async () => (await heldSixSeater({ start: first })).reference;

const textOf = async (response: Response) =>
  (await response.text())
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

const setCapacity = (capacity: number) =>
  env.DB.prepare(
    "INSERT INTO booking_pools (pool, kind, capacity) VALUES ('six-seater', 'rental', ?1) ON CONFLICT (pool) DO UPDATE SET capacity = ?1",
  )
    .bind(capacity)
    .run();

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM bookings"), env.DB.prepare("DELETE FROM booking_blocks")]);
  await setCapacity(40);
});

describe("the Blocks staff page", () => {
  it("shows each pool's places and today's held count, no blocks yet, and a plain form", async () => {
    const response = await ask();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await response.clone().text();
    const text = await textOf(response);
    expect(text).toContain("6 Seater rental : 40 carts, 0 held today");
    expect(text).toContain("No blocks today or later.");
    expect(html).toContain('<option value="six-seater">6 Seater rental</option>');
    expect(html).not.toContain('value="vehicle:');
    expect(html).toMatch(/<input[^>]*type="date"[^>]*name="first"/);
    expect(text).toContain("Block even if bookings lose their place");
    expect(html).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);
  });

  it("adds a block with the command's statement and words, and lists it with its Unblock button", async () => {
    const response = await post(await blockForm());
    expect(response.status).toBe(200);
    const [stored] = await storedBlocks();
    expect(stored).toMatchObject({ pool: "six-seater", first_day: first, end_day: addDays(last, 1), note: "brakes" });
    expect(await textOf(response)).toContain(
      `Took one 6 Seater rental cart out of service from ${first} to ${last}: block ${stored!.id}. To put it back: tap Unblock next to it below.`,
    );
    const page = await ask();
    const html = await page.clone().text();
    expect(await textOf(page)).toContain(`Block ${stored!.id} · 6 Seater rental · ${first} to ${last} · brakes`);
    expect(html).toContain(`name="block" value="${stored!.id}"`);
  });

  it("adds one block for a double tap of the same form, and says the second found it in", async () => {
    const form = await blockForm();
    const taps = await Promise.all([post(form), post(form)]);
    expect(taps.map((response) => response.status).sort()).toEqual([200, 409]);
    const stored = await storedBlocks();
    expect(stored).toHaveLength(1);
    expect(await textOf(taps.find((response) => response.status === 409)!)).toContain(
      `This form's block is in already: block ${stored[0]!.id} (6 Seater rental, ${first} to ${last}, brakes); nothing was changed.`,
    );
    // The same block from the form shown again is a second place out, as the command's second run is.
    expect((await post(await blockForm())).status).toBe(200);
    expect(await storedBlocks()).toHaveLength(2);
  });

  it("refuses a block that would strand a booking, naming it as the command does and linking its page", async () => {
    await setCapacity(1);
    const reference = await placed();
    const response = await post(await blockForm());
    expect(response.status).toBe(409);
    const html = await response.clone().text();
    const text = await textOf(response);
    expect(text).toContain(
      `Taking one 6 Seater rental cart out of service from ${first} to ${last} would leave this booking without a place, so nothing was changed:`,
    );
    expect(text).toContain(`over capacity on ${first} to ${last}`);
    expect(text).toContain(
      'Cancel or move those bookings first, or tick "Block even if bookings lose their place" to block anyway (then call those customers).',
    );
    expect(html).toContain(`href="${staffBookingPath(reference)}"`);
    expect(await storedBlocks()).toEqual([]);
  });

  it("blocks anyway when the box is ticked, and lists the customers to call", async () => {
    await setCapacity(1);
    const reference = await placed();
    const response = await post(await blockForm({ force: "yes" }));
    expect(response.status).toBe(200);
    const html = await response.clone().text();
    const text = await textOf(response);
    expect(text).toContain("This booking is on days with more bookings than places; call the customer:");
    expect(text).toContain(reference);
    expect(html).toContain(`href="${staffBookingPath(reference)}"`);
    expect(await storedBlocks()).toHaveLength(1);
  });

  it("unblocks, and refuses the second tap by the block's number", async () => {
    await post(await blockForm());
    const [stored] = await storedBlocks();
    const unblock = { intent: "unblock", block: String(stored!.id) };
    const removed = await post(unblock);
    expect(removed.status).toBe(200);
    expect(await textOf(removed)).toContain(
      `Removed block ${stored!.id} (6 Seater rental, ${first} to ${last}, brakes): that place is back in service.`,
    );
    expect(await storedBlocks()).toEqual([]);
    const again = await post(unblock);
    expect(again.status).toBe(404);
    expect(await textOf(again)).toContain(`No block has the number ${stored!.id}; nothing was changed.`);
  });

  it("answers bad input with a 400 naming the field, writing nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ pool: "vehicle:ezgo-rxv-2019" }, 'The pool "vehicle:ezgo-rxv-2019" is not one of'],
      [{ pool: "" }, 'The pool "" is not one of'],
      [{ first: "" }, 'The first day "" is not a date'],
      [{ first: "2026-02-30" }, 'The first day "2026-02-30" is not a date'],
      [{ last: "tomorrow" }, 'The last day "tomorrow" is not a date'],
      [{ last: addDays(first, -1) }, `The last day ${addDays(first, -1)} is before the first day ${first}.`],
      [
        { first: addDays(today, -10), last: addDays(today, -5) },
        `${addDays(today, -10)} to ${addDays(today, -5)} is over (today is ${today}); nothing was changed. Check the year.`,
      ],
      [{ last: addDays(first, 2000) }, "too long for one block; check the dates."],
      [{ after: "" }, 'The form has no "after" field'],
      [{ intent: "delete" }, "intent: choose one of block, unblock."],
    ];
    for (const [fields, words] of cases) {
      const response = await post(await blockForm(fields));
      expect(response.status, words).toBe(400);
      expect(await textOf(response), words).toContain(words);
    }
    const badNumber = await post({ intent: "unblock", block: "1; DROP TABLE booking_blocks" });
    expect(badNumber.status).toBe(400);
    expect(await storedBlocks()).toEqual([]);
  });

  it("refuses a post from another site, and a GET changes nothing", async () => {
    const crossSite = await post(await blockForm(), "https://evil.example");
    expect(crossSite.status).toBe(403);
    const query = new URLSearchParams(await blockForm()).toString();
    await ask({}, staffEnv, `${path}?${query}`);
    await ask({}, staffEnv, `${path}.data?${query}`);
    expect(await storedBlocks()).toEqual([]);
  });

  it("answers a post that is not a form with a 415, writing nothing (issue 47)", async () => {
    const plain = await ask({
      method: "POST",
      headers: { Origin: here, "Content-Type": "text/plain" },
      body: new URLSearchParams(await blockForm()).toString(),
    });
    expect(plain.status).toBe(415);
    expect(await storedBlocks()).toEqual([]);
  });

  it("is refused without a verified Access sign-in", async () => {
    const form = await blockForm();
    expect((await ask({}, env as unknown as Env)).status).toBe(403);
    expect((await post(form, here, env as unknown as Env)).status).toBe(403);
    expect(await storedBlocks()).toEqual([]);
  });
});
