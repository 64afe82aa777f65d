import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { wcagViolations } from "../support/axe";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { site } from "../../src/config/site";
import { addDays, localMoment, longDate } from "../../src/lib/calendar-days";
import { baseURL } from "../../playwright.config";
import { expectHeldUntil } from "../support/held-until";
import { scriptTagsIn } from "../support/script-tags";
import { anotherPerson } from "../support/people";
import { freshClientAddress } from "../support/client-addresses";

/**
 * An owner books a service drop-off from /services to the private status page, with JavaScript on
 * and off (the booking page is a plain document either way), against the built Worker and local D1;
 * a refused request keeps what was typed; owners racing for a day's last slots get exactly those.
 */

const today = localMoment(new Date(), site.timeZone).day;
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Each owner an address of its own, so the limits answer for nobody else's requests. */
const freshAddress = freshClientAddress;

const vehicle = "EZ-GO TXT 2016";
const description = "It will not charge: the charger clicks on and off all night.";

/** From /services to the booking form with a free day chosen in the calendar; returns the day. */
async function chooseFreeDay(page: Page): Promise<string> {
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": freshAddress() });
  await page.goto("/services");
  await page.getByRole("link", { name: "Book a service" }).click();
  await expect(page).toHaveURL(/\/services\/book$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a service drop-off");
  // A plain document: no script at all, whatever the browser allows.
  expect(scriptTagsIn(await page.content())).toEqual([]);

  const calendar = page.locator("table.calendar");
  await expect(calendar).toHaveCount(2);
  await expect(calendar.locator("td.calendar__day--closed").first()).toContainText("closed");
  // Sundays are never offered.
  for (const cell of await calendar.locator("tbody tr td:first-child").all()) {
    await expect(cell.locator("a")).toHaveCount(0);
  }
  // A random free day, so the projects running this at once rarely meet on one day.
  const days = calendar.locator("td a");
  const count = await days.count();
  expect(count, "free drop-off days in the calendar").toBeGreaterThan(0);
  const link = days.nth(Math.floor(Math.random() * count));
  const date = new URL((await link.getAttribute("href"))!, baseURL).searchParams.get("date")!;
  await expect(link).toContainText(longDate(date));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/services/book\\?date=${date}#details$`));
  await expect(page.getByLabel("Drop-off day", { exact: true })).toHaveValue(date);
  await expect(page.locator("td.calendar__day--chosen")).toContainText("your drop-off day");
  return date;
}

async function fillRequest(page: Page, message: string) {
  await page.getByLabel("Service", { exact: true }).selectOption("battery");
  await page.getByLabel("Your cart: make, model and year").fill(vehicle);
  await page.getByLabel("What is wrong?").fill(message);
  const owner = anotherPerson("Grace", "Hopper");
  await page.getByLabel("First name").fill(owner.firstName);
  await page.getByLabel("Last name").fill(owner.lastName);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Phone").fill(owner.phone);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`booking a service drop-off with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    // Several documents and an axe run each: more than the default on a machine shared with other runs.
    test.describe.configure({ timeout: 90_000 });

    test("an owner books a free day and lands on the booking's private page", async ({ page }) => {
      const date = await chooseFreeDay(page);
      await fillRequest(page, description);
      // The rate is the services page's, never a total.
      await expect(page.getByLabel("Service", { exact: true })).toContainText("Battery Services (From $155/hour)");
      await page.getByRole("button", { name: "Book this drop-off" }).click();

      await expect(page).toHaveURL(/\/services\/booking\/[\w-]{43}\?new=1$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service booking received");
      const facts = page.locator(".facts-list");
      await expect(facts).toContainText(/S-[2-9A-HJKMNP-Z]{6}/);
      await expect(facts).toContainText("Requested");
      await expect(facts).toContainText("Battery Services");
      await expect(facts).toContainText(longDate(date));
      await expect(page.getByText("Labour rate: From $155/hour.")).toBeVisible();
      await expect(page.getByText(/will call you to confirm within service hours/)).toBeVisible();
      await expect(page.locator("main")).toContainText(site.serviceHours.name);
      // The owner's own words stay off the page, whose address may be forwarded.
      await expect(page.locator("main")).not.toContainText(description);
      expect(scriptTagsIn(await page.content())).toEqual([]);
      // axe runs as a script in the page: checked where the page runs scripts.
      if (javaScriptEnabled) expect(await wcagViolations(page)).toEqual([]);

      // The drop-off day for the owner's calendar: the same file their e-mail attaches.
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Add to my calendar" }).click();
      const lines = readFileSync((await (await download).path())!, "utf8")
        .replace(/\r\n /g, "")
        .split("\r\n");
      expect(lines).toContain(`DTSTART;VALUE=DATE:${date.replace(/-/g, "")}`);
      expect(lines).toContain(`DTEND;VALUE=DATE:${addDays(date, 1).replace(/-/g, "")}`);
      expect(lines).toContain("STATUS:TENTATIVE");

      const reference = (await facts.locator("dd").first().textContent())!.trim();
      await page.goto(page.url().replace(/\?new=1$/, ""));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Your service booking ${reference}`);
    });

    test("a refused request keeps what was typed and names the field", async ({ page }) => {
      const date = await chooseFreeDay(page);
      await fillRequest(page, "Too short");
      await page.getByRole("button", { name: "Book this drop-off" }).click();

      await expect(page.getByRole("alert")).toHaveText("Please correct the highlighted fields");
      await expect(page).toHaveURL(/\/services\/book\?date=/);
      const message = page.getByLabel("What is wrong?");
      await expect(message).toHaveValue("Too short");
      await expect(message).toHaveAttribute("aria-invalid", "true");
      await expect(message).toHaveAccessibleDescription(/Message must be at least 10 characters/);
      await expect(page.getByLabel("Drop-off day", { exact: true })).toHaveValue(date);
      await expect(page.getByLabel("Service", { exact: true })).toHaveValue("battery");
      await expect(page.getByLabel("Your cart: make, model and year")).toHaveValue(vehicle);
      await expect(page.getByLabel("First name")).toHaveValue("Grace");
      await expect(page.getByLabel("E-mail")).toHaveValue(/^grace\.\d{7}@example\.org$/);
      // Only the wrong field is marked.
      await expect(page.locator("[aria-invalid=true]")).toHaveCount(1);
      await expect(page.getByText("Labour rate: From $155/hour.")).toBeVisible();
      // axe runs as a script in the page: checked where the page runs scripts.
      if (javaScriptEnabled) expect(await wcagViolations(page)).toEqual([]);

      // Put right, the same form books.
      await message.fill(description);
      await page.getByRole("button", { name: "Book this drop-off" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service booking received");
    });
  });
}

test("the refused form, a full day and a real status page are valid HTML @desktop", async ({ request }) => {
  // A refused post: every field wrong, answered as the page with each message beside its field.
  const refused = await request.post("/services/book", {
    headers: { Origin: baseURL, "CF-Connecting-IP": freshAddress() },
    form: {
      date: "soon",
      service: "",
      vehicle: "",
      message: "short",
      firstName: "",
      lastName: "",
      email: "x",
      phone: "",
    },
  });
  expect(refused.status()).toBe(400);
  const refusedHtml = await refused.text();
  expect(refusedHtml).toContain('role="alert"');
  expect(refusedHtml.match(/aria-invalid="true"/g)).toHaveLength(8);

  // A Sunday in the address: the day is named and the form says why.
  let sunday = addDays(today, 2);
  while (weekday(sunday) !== 0) sunday = addDays(sunday, 1);
  const closed = await request.get(`/services/book?date=${sunday}`);
  expect(closed.headers()["cache-control"]).toBe("no-store");
  const closedHtml = await closed.text();
  expect(closedHtml).toContain("closed on Sundays");

  const placedFrom = new Date();
  const booked = await requestDropOff(request, firstOpenDay(addDays(today, 40)));
  expect(booked.status()).toBe(201);
  const placedTo = new Date();
  const status = await request.get((await booked.json()).statusUrl);
  expect(status.status()).toBe(200);
  expect(status.headers()["cache-control"]).toBe("no-store");
  expect(status.headers()["x-robots-tag"]).toBe("noindex");
  const statusHtml = await status.text();
  expect(statusHtml).toContain('<meta name="robots" content="noindex"/>');
  // Until when the slot is held unless the service desk confirms it.
  expectHeldUntil(statusHtml, site.serviceBooking.holdHours, placedFrom, placedTo);
  const unknown = await request.get("/services/booking/no-such-booking");
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain("404 Page Not Found");

  const folder = mkdtempSync(path.join(tmpdir(), "service-booking-html-"));
  try {
    const files = Object.entries({ refused: refusedHtml, closed: closedHtml, status: statusHtml }).map(
      ([name, html]) => {
        const file = path.join(folder, `${name}.html`);
        writeFileSync(file, html);
        return file;
      },
    );
    const vnuJar: string = createRequire(import.meta.url)("vnu-jar");
    const result = spawnSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files], {
      encoding: "utf8",
    });
    const messages = (
      JSON.parse(result.stderr || '{"messages":[]}') as { messages: { url: string; message: string }[] }
    ).messages;
    expect(messages.map((message) => `${path.basename(message.url)}: ${message.message}`)).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

function firstOpenDay(from: string): string {
  let day = from;
  while (weekday(day) === 0) day = addDays(day, 1);
  return day;
}

function requestDropOff(request: APIRequestContext, date: string) {
  return request.post("/api/service/requests", {
    headers: { Origin: baseURL, "CF-Connecting-IP": freshAddress() },
    data: {
      date,
      service: "maintenance",
      vehicle: "Club Car DS 2004",
      message: "Brakes squeal and the cart pulls to the left.",
      ...anotherPerson("Race", "Tester"),
    },
  });
}

async function slotsLeft(request: APIRequestContext, date: string): Promise<number> {
  const response = await request.get(`/api/service/availability?from=${date}&days=1`);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  return ((await response.json()) as { days: { remaining: number }[] }).days[0]!.remaining;
}

test("owners race for a day's free slots: exactly that many bookings, the rest told it is full, none rate-limited @desktop", async ({
  request,
}) => {
  // A day past the two months the booking page opens on, so the page tests never book it.
  let date = "";
  let free = 0;
  for (let tries = 0; tries < 20 && free === 0; tries += 1) {
    date = addDays(today, 63 + Math.floor(Math.random() * (site.serviceBooking.horizonDays - 62)));
    if (weekday(date) !== 0) free = await slotsLeft(request, date);
  }
  expect(free, "a day with a free slot").toBeGreaterThan(0);

  const owners = free * 2;
  const answers = await Promise.all(Array.from({ length: owners }, () => requestDropOff(request, date)));
  const statuses = answers.map((answer) => answer.status());
  const count = (status: number) => statuses.filter((each) => each === status).length;
  console.log(
    `${owners} concurrent service requests for the ${free} free slots on ${date}: ${count(201)} x 201, ${count(409)} x 409, ${count(429)} x 429`,
  );
  expect({ created: count(201), full: count(409), limited: count(429) }).toEqual({
    created: free,
    full: owners - free,
    limited: 0,
  });
  const refused = (await answers.find((answer) => answer.status() === 409)!.json()) as {
    error: string;
    fields: { date: string };
  };
  expect(refused.fields.date).toBe(refused.error);
  expect(refused.error).toContain(longDate(date));
  // The very next look at the calendar shows the day full: nothing served it from a cache.
  expect(await slotsLeft(request, date)).toBe(0);
});
