import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { wcagViolations } from "../support/axe";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { site } from "../../src/config/site";
import { towns } from "../../src/config/towns";
import { salesTaxCents } from "../../src/lib/sales-tax";
import { addDays, addMonths, localMoment } from "../../src/lib/calendar-days";
import { rentalDeliveryTo } from "../../src/lib/delivery";
import { formatMoney } from "../../src/lib/format";
import { longDate } from "~/lib/calendar-days";
import { baseURL } from "../../playwright.config";
import { expectHeldUntil } from "../support/held-until";
import { waitForIsland } from "../support/island";
import { anotherPerson } from "../support/people";
import { freshClientAddress } from "../support/client-addresses";

/**
 * A renter books a cart from /rentals to the status page, with JavaScript off and on, against the
 * built Worker and local D1; a refused booking holds nothing; a taken day shows full at once.
 */

const today = localMoment(new Date(), site.timeZone).day;
const nextMonth = addMonths(`${today.slice(0, 7)}-01`, 1).slice(0, 7);
const monthTitle = (month: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
// A town beyond the free miles, so the delivery line has a charge to check.
const town = towns.find((candidate) => rentalDeliveryTo(candidate.coordinates).charge > 0)!;
const delivery = rentalDeliveryTo(town.coordinates);

/** Each renter an address of its own, so the rate limit answers for nobody else's bookings. */
const freshAddress = freshClientAddress;

async function renterPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() },
  });
  return context.newPage();
}

async function cartsLeft(request: APIRequestContext, plan: string, day: string): Promise<number> {
  const response = await request.get(`/api/rentals/availability?plan=${plan}&from=${day}&days=1`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { days: { remaining: number }[] }).days[0]!.remaining;
}

function holdByApi(request: APIRequestContext, plan: string, start: string) {
  return request.post("/api/rentals/holds", {
    headers: { Origin: baseURL, "CF-Connecting-IP": freshAddress() },
    data: {
      plan,
      start,
      days: 1,
      delivery: { type: "pickup" },
      drivers: 0,
      ...anotherPerson("Fleet", "Filler"),
      ageConfirmed: true,
    },
  });
}

async function fillRenter(page: Page) {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  const renter = anotherPerson();
  await page.getByLabel("E-mail").fill(renter.email);
  await page.getByLabel("Phone").fill(renter.phone);
}

/** From /rentals to a cancelled booking, the way a renter clicks it. */
async function bookSixSeater(page: Page, dayOfMonth: string, { javaScript }: { javaScript: boolean }) {
  const start = `${nextMonth}-${dayOfMonth}`;
  await page.goto("/rentals", { waitUntil: "networkidle" });
  const card = page.locator("article", { has: page.getByRole("heading", { name: "6 Seater", exact: true }) });
  await expect(card.getByRole("link", { name: /^Reserve today by phone/ })).toHaveAttribute("href", /^tel:/);
  await card.getByRole("link", { name: /Book online/ }).click();
  await expect(page).toHaveURL(/\/rentals\/book\?plan=six-seater/);
  if (javaScript) await waitForIsland(page);
  await expect(page.locator("table.calendar caption").first()).toHaveText(monthTitle(today.slice(0, 7)));

  await page.getByRole("link", { name: "Next month" }).click();
  const month = page.locator("table.calendar", { has: page.locator("caption", { hasText: monthTitle(nextMonth) }) });
  await expect(page.locator("table.calendar caption").first()).toHaveText(monthTitle(nextMonth));
  await month.getByRole("link", { name: new RegExp(longDate(start)) }).click();
  await expect(page.getByLabel("Start day", { exact: true })).toHaveValue(start);

  await page.getByLabel(/^Days/).fill("3");
  await page.getByLabel("Pickup or delivery").selectOption({ label: town.name });
  await page.getByRole("button", { name: "Show price" }).click();

  const quote = page.locator("table.quote-table");
  const rows = quote.locator("tr");
  // Rent, delivery, Pennsylvania's sales tax, then the total (issue 39); a golf cart's rental carries
  // no PTA fee or vehicle rental tax (issue 47).
  const charges = 735 + delivery.charge;
  const taxes = [["Pennsylvania sales tax (6%)", salesTaxCents(Math.round(charges * 100)) / 100]] as const;
  const total = Math.round((charges + taxes.reduce((sum, [, amount]) => sum + amount, 0)) * 100) / 100;
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toHaveText(/6 Seater, 3 days \(3 Day rate\)\s*\$735\.00/);
  await expect(rows.nth(1)).toContainText(
    `Delivery to ${town.name} and pickup (${delivery.miles} miles from ${delivery.origin.name})`,
  );
  await expect(rows.nth(1)).toContainText(formatMoney(delivery.charge));
  for (const [index, [label, amount]] of taxes.entries()) {
    await expect(rows.nth(2 + index)).toContainText(label);
    await expect(rows.nth(2 + index)).toContainText(formatMoney(amount));
  }
  await expect(rows.nth(3)).toHaveText(new RegExp(`Total\\s*\\${formatMoney(total)}`));
  await expect(page.locator(".booking-quote__deposit")).toContainText("$750.00");
  const terms = page.locator(".booking-terms");
  await expect(terms).toContainText("18 or older, with a valid driver's license and a credit card");
  await expect(terms).toContainText("free up to 24 hours before the start, 50% refund within 24 hours");
  await expect(terms).toContainText("Late return: $25.00 per hour, plus 6% Pennsylvania sales tax.");
  await expect(terms).toContainText("no refund for a no-show");
  await expect(terms).toContainText("Late return: $25.00 per hour");

  await fillRenter(page);
  await page.getByLabel(/18 or older/).check();
  await page.getByRole("button", { name: "Request this booking" }).click();

  await expect(page).toHaveURL(/\/rentals\/booking\/[\w-]+\?new=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking received");
  const facts = page.locator(".facts-list");
  await expect(facts).toContainText(/Reference\s*R-[2-9A-HJKMNP-Z]{6}/);
  await expect(facts).toContainText(/Status\s*Requested/);
  await expect(facts).toContainText(`${longDate(start)} to ${longDate(addDays(start, 3))}`);
  await expect(
    page.getByText(/Our staff will call you to confirm within business hours \(Mon-Fri 9AM-5PM/),
  ).toBeVisible();
  await expect(page.locator(".quote-table")).toContainText(formatMoney(total));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to my calendar" }).click();
  const file = readFileSync((await (await download).path())!, "utf8");
  const lines = file.replace(/\r\n /g, "").split("\r\n");
  expect(lines).toContain(`DTSTART;VALUE=DATE:${start.replace(/-/g, "")}`);
  // The return day is the last one shown; an all-day DTEND is the day after it.
  expect(lines).toContain(`DTEND;VALUE=DATE:${addDays(start, 4).replace(/-/g, "")}`);

  await expect(page.getByText(/Cancelling now is free/)).toBeVisible();
  await page.getByRole("button", { name: "Cancel this booking" }).click();
  await expect(page.getByRole("status")).toContainText(/is cancelled/);
  await expect(facts).toContainText(/Status\s*Cancelled/);
  await expect(page.getByRole("button", { name: "Cancel this booking" })).toHaveCount(0);
}

test("with JavaScript off, a renter books a 6 seater from /rentals, gets the .ics and cancels @desktop", async ({
  browser,
}) => {
  await bookSixSeater(await renterPage(browser, false), "10", { javaScript: false });
});

test("with JavaScript on, the same clicks book and cancel @desktop", async ({ browser }) => {
  const page = await renterPage(browser, true);
  const inPlaceRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "fetch" && new URL(request.url()).pathname === "/rentals/book")
      inPlaceRequests.push(request.url());
  });
  await bookSixSeater(page, "20", { javaScript: true });
  // On the booking page its island did the moving (month, start day, quote), not document loads;
  // the booking itself posts as a document, and the status page it lands on is plain, so its
  // cancel form posts as a document too.
  expect(inPlaceRequests.length).toBeGreaterThanOrEqual(3);
});

test("with JavaScript on, a change of drivers or length reprices at once, booking form included @desktop", async ({
  browser,
}) => {
  const page = await renterPage(browser, true);
  await page.goto(`/rentals/book?plan=utility&start=${addDays(today, 90)}&days=2&delivery=pickup`);
  await waitForIsland(page);
  const quote = page.locator("table.quote-table");
  await expect(quote).toContainText("Utility, 2 days");
  await page.getByLabel("Additional drivers").selectOption("2");
  await expect(quote).toContainText("Additional drivers (2 x $25.00)");
  await page.getByLabel(/^Days/).fill("7");
  await expect(quote).toContainText("Utility, 7 days (Weekly rate)");
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByLabel("Additional drivers")).toHaveValue("2");
  await expect(page.locator('form[method="post"] input[name="days"]')).toHaveValue("7");
  await expect(page.locator('form[method="post"] input[name="drivers"]')).toHaveValue("2");
});

test("with JavaScript on, a change priced with Show price and booked at once stays booked @desktop", async ({
  browser,
}) => {
  const start = addDays(today, 120);
  const page = await renterPage(browser, true);
  // The page's timers wait for the test, so the re-pricing that a change schedules fires when told.
  await page.clock.install();
  await page.goto(`/rentals/book?plan=utility&start=${start}&days=2&delivery=pickup`);
  await waitForIsland(page);
  await page.getByLabel("Pickup or delivery").selectOption({ label: town.name });
  await page.getByRole("button", { name: "Show price" }).click();
  await expect(page.locator("table.quote-table")).toContainText(`Delivery to ${town.name}`);
  await fillRenter(page);
  await page.getByLabel(/18 or older/).check();
  const booking = page.waitForRequest((sent) => sent.method() === "POST");
  await page.getByRole("button", { name: "Request this booking" }).click();
  await booking;
  // The moment the change's own re-pricing was due passes while the booking is on its way: on a
  // fully loaded machine it came that late, and its navigation cancelled the booking's.
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(/\/rentals\/booking\/[\w-]+\?new=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking received");
});

test("without the age confirmation the booking is refused beside the box and nothing is held @desktop", async ({
  browser,
  request,
}) => {
  const start = addDays(today, 45);
  const before = await cartsLeft(request, "utility", start);
  const page = await renterPage(browser, false);
  await page.goto(`/rentals/book?plan=utility&start=${start}&days=1&delivery=pickup`);
  await fillRenter(page);
  await page.getByRole("button", { name: "Request this booking" }).click();
  await expect(page.getByRole("alert")).toContainText("Please correct the highlighted fields");
  await expect(page.locator("#booking-ageConfirmed-error")).toHaveText("Please confirm the renter is 18 or older");
  await expect(page.getByLabel(/18 or older/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  expect(await cartsLeft(request, "utility", start)).toBe(before);
});

test("with JavaScript on, the browser names the unticked age box and a bad e-mail before anything is sent @desktop", async ({
  browser,
}) => {
  const start = addDays(today, 46);
  const page = await renterPage(browser, true);
  await page.goto(`/rentals/book?plan=utility&start=${start}&days=1&delivery=pickup`);
  // Hydrated: the check is the page's script's.
  await waitForIsland(page);
  await fillRenter(page);
  await page.getByLabel("E-mail").fill("ada-at-example");
  const posts: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST") posts.push(sent.url());
  });
  await page.getByRole("button", { name: "Request this booking" }).click();
  await expect(page.locator("#booking-email-error")).toHaveText("Invalid email address");
  await expect(page.locator("#booking-ageConfirmed-error")).toHaveText("Please confirm the renter is 18 or older");
  await expect(page.getByLabel("E-mail")).toBeFocused();
  expect(posts).toEqual([]);
});
test("the last cart taken shows full on the very next look, and a booking of it is refused by name @desktop", async ({
  browser,
  request,
}) => {
  const plan = "four-seater";
  const day = addDays(today, 200);
  const address = `/rentals/book?plan=${plan}&start=${day}&days=1&delivery=pickup`;
  const cell = (page: Page) => page.locator("td.calendar__day", { hasText: longDate(day) });

  const renter = await renterPage(browser, false);
  expect((await renter.goto(address))!.headers()["cache-control"]).toBe("no-store");
  await expect(cell(renter)).toContainText(/free|1 left/);
  await expect(renter.getByRole("button", { name: "Request this booking" })).toBeVisible();

  const left = await cartsLeft(request, plan, day);
  for (let taken = 0; taken < left; taken += 1) expect((await holdByApi(request, plan, day)).status()).toBe(201);

  const other = await renterPage(browser, false);
  await other.goto(address);
  await expect(cell(other)).toContainText("full");
  await expect(other.locator("#booking-start-error")).toContainText(longDate(day));

  await fillRenter(renter);
  await renter.getByLabel(/18 or older/).check();
  await renter.getByRole("button", { name: "Request this booking" }).click();
  await expect(renter.getByRole("alert")).toContainText(`No cart of that kind is free on ${longDate(day)}`);
  await expect(cell(renter)).toContainText("full");
  expect(await cartsLeft(request, plan, day)).toBe(0);
});

test("the booking page with a quote and a booking's status page have no WCAG 2.1 A/AA violations", async ({
  page,
  request,
}) => {
  await page.goto(`/rentals/book?plan=six-seater&start=${addDays(today, 60)}&days=4&delivery=${town.slug}&drivers=2`);
  await expect(page.locator("table.quote-table")).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  const placedFrom = new Date();
  const held = await holdByApi(request, "utility", addDays(today, 61));
  expect(held.status()).toBe(201);
  const { statusUrl } = (await held.json()) as { statusUrl: string };
  // Until when the cart is held unless staff confirm it, as storage and cart reservations say it.
  const statusHtml = await (await request.get(new URL(statusUrl).pathname)).text();
  expectHeldUntil(statusHtml, site.rentalBooking.holdHours, placedFrom, new Date());
  await page.goto(new URL(statusUrl).pathname);
  await expect(page.getByRole("button", { name: "Cancel this booking" })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test("the booking page with a quote, a refusal and a status page are valid HTML @desktop", async ({ request }) => {
  const start = addDays(today, 75);
  const held = await holdByApi(request, "six-seater", start);
  expect(held.status()).toBe(201);
  const { statusUrl } = (await held.json()) as { statusUrl: string };
  const refused = await request.post(`/rentals/book?plan=six-seater&start=${start}&days=2&delivery=pickup`, {
    headers: { Origin: baseURL, "CF-Connecting-IP": freshAddress() },
    form: { plan: "six-seater", start, days: "2", delivery: "pickup", drivers: "0", firstName: "Ada" },
  });
  expect(refused.status()).toBe(400);
  const pages = {
    quote: await (
      await request.get(`/rentals/book?plan=six-seater&start=${start}&days=2&delivery=${town.slug}`)
    ).text(),
    refusal: await refused.text(),
    status: await (await request.get(new URL(statusUrl).pathname)).text(),
  };
  const folder = mkdtempSync(path.join(tmpdir(), "booking-html-"));
  try {
    const files = Object.entries(pages).map(([name, html]) => {
      const file = path.join(folder, `${name}.html`);
      writeFileSync(file, html);
      return file;
    });
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
