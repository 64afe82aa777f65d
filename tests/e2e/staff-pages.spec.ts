import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { staffBookingPath, staffMenu, staffVehiclePath } from "~/config/pages";
import { site } from "~/config/site";
import { rentalBookingPath } from "~/features/rentals/rental-paths";
import { addDays, localMoment } from "~/lib/calendar-days";
import { wcagViolations } from "../support/axe";
import { freshClientAddress } from "../support/client-addresses";
import { localEmails } from "../support/local-mail";
import { anotherPerson } from "../support/people";
import { expect, test, type StaffProject } from "../support/staff-project";

/**
 * A member of staff answers a booking from their phone: the booking is placed on the site served by
 * `npm start` (a copy of the project, as staff run it), its staff e-mail is read from the local mail
 * folder, its link opened at 390 px with JavaScript off, and Confirm tapped. The customer's page
 * then says confirmed, and the customer gets exactly one "confirmed" e-mail without waiting for the
 * cron job.
 */

const phone = { width: 390, height: 844 };
// Within the day view's days; a 4-seater, which the README's capacity and block commands never touch.
const start = addDays(localMoment(new Date(), site.timeZone).day, 3);

let project: StaffProject;
test.beforeAll(({ staffProject }) => {
  project = staffProject;
});

async function emailsAbout(reference: string, to: string) {
  return (await localEmails(project.folder)).filter((email) => email.to === to && email.subject.includes(reference));
}

/** The e-mail asking staff to answer the booking (its subject says so), wherever staff mail goes. */
async function staffEmailsAbout(reference: string) {
  return (await localEmails(project.folder)).filter(
    (email) => email.subject.includes(reference) && email.subject.endsWith("please confirm or decline"),
  );
}

test("a booking placed on the site is confirmed from its staff e-mail's link, at 390 px with JavaScript off, in two taps", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const renter = anotherPerson("Grace", "Hopper");
  const customerSide = await browser.newContext({
    javaScriptEnabled: false,
    viewport: phone,
    extraHTTPHeaders: { "CF-Connecting-IP": freshClientAddress() },
  });
  const customer = await customerSide.newPage();
  await customer.goto(
    `${project.site}${rentalBookingPath({ plan: "four-seater", start, days: "1", delivery: "pickup" })}`,
  );
  await customer.getByRole("button", { name: "Show price" }).click();
  await customer.getByLabel("First name").fill(renter.firstName);
  await customer.getByLabel("Last name").fill(renter.lastName);
  await customer.getByLabel("E-mail").fill(renter.email);
  await customer.getByLabel("Phone").fill(renter.phone);
  await customer.getByLabel(/18 or older/).check();
  await customer.getByRole("button", { name: "Request this booking" }).click();
  await expect(customer).toHaveURL(/\/rentals\/booking\/[\w-]+\?new=1$/);
  const reference = /R-[2-9A-HJKMNP-Z]{6}/.exec(await customer.locator(".facts-list").innerText())![0];
  const customerPage = customer.url().replace(/\?new=1$/, "");

  // The staff e-mail arrives through the local queue; its first line is the booking's staff page.
  await expect
    .poll(async () => (await staffEmailsAbout(reference)).length, {
      timeout: 60_000,
      intervals: [1000],
    })
    .toBe(1);
  const [staffEmail] = await staffEmailsAbout(reference);
  const firstLine = staffEmail!.text.trimStart().split("\n")[0]!;
  const link = /https?:\/\/\S+/.exec(firstLine)?.[0];
  expect(link, firstLine).toMatch(new RegExp(`/staff/bookings/${reference}$`));

  // Staff's phone: the link's path on the local site (the e-mail names the live domain).
  const staffSide = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const staff = await staffSide.newPage();
  await staff.goto(`${project.site}${new URL(link!).pathname}`); // tap 1: the link
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Rental booking ${reference}`);
  await expect(staff.getByTestId("staff-booking-status")).toHaveText("requested");
  await expect(staff.getByRole("link", { name: renter.phone })).toHaveAttribute("href", /^tel:\+1\d{10}$/);
  // Nothing wider than the phone's screen.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await staff.getByRole("button", { name: "Confirm" }).click(); // tap 2: the answer
  await expect(staff.getByRole("status")).toContainText(`Confirmed: ${reference}`);
  await expect(staff.getByTestId("staff-booking-status")).toHaveText("confirmed");
  await expect(staff.locator(".staff-page__history")).toContainText("Confirmed by staff@localhost");
  await expect(staff.getByRole("button", { name: "Confirm" })).toHaveCount(0);

  // The day view lists it on its first day, confirmed, linking back to its page.
  await staff.getByRole("link", { name: "This week" }).click();
  const line = staff.locator("li", { has: staff.getByRole("link", { name: reference }) });
  await expect(line.first()).toContainText("confirmed");
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  await customer.goto(customerPage);
  await expect(customer.locator(".facts-list")).toContainText(/Status\s*Confirmed/);
  // No cron run here: the page's answer sent the e-mail itself, within the minute.
  await expect
    .poll(async () => (await emailsAbout(reference, renter.email)).map((email) => email.subject), {
      timeout: 60_000,
      intervals: [1000],
    })
    .toContain(`Your rental booking ${reference}: confirmed`);
  const confirmations = (await emailsAbout(reference, renter.email)).filter((email) =>
    email.subject.endsWith(": confirmed"),
  );
  expect(confirmations).toHaveLength(1);
  await customerSide.close();
  await staffSide.close();
});

test("every staff page is usable at 320 px: no sideways scrolling, no WCAG 2.1 AA violation", async ({ browser }) => {
  // Nine pages, each checked by axe (a few seconds apiece on a busy machine): more than the default 30 s.
  test.setTimeout(120_000);
  // axe runs as a script in the page, so this browser has JavaScript on; staff pages ship none but
  // the vehicle page's photo island.
  const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
  const page = await context.newPage();
  const [waiting] = await project.sql<{ reference: string }>(
    "SELECT reference FROM bookings ORDER BY reference LIMIT 1",
  );
  // Its deposit's lines name Stripe's ids, one unbroken word each: a refunded deposit whose ids have
  // Stripe's length in the widest letters, so the page is checked at its widest whichever booking this is.
  const wide = (prefix: string) => `${prefix}_test_${"W".repeat(18)}`;
  if (waiting) {
    await project.sql(
      `INSERT INTO booking_payments (reference, attempt, amount_cents, state, session_id, payment_intent, paid_at,
         refund_cents, refund_reason, refund_id, refunded_at)
       VALUES ('${waiting.reference}', 99, 50000, 'refunded', '${wide("cs")}', '${wide("pi")}', '2026-05-02T14:03:00.000Z',
         50000, 'declined', '${wide("re")}', '2026-05-03T09:41:00.000Z')`,
    );
  }
  const addresses = [
    ...staffMenu.map((item) => item.path),
    ...(waiting ? [staffBookingPath(waiting.reference)] : []),
    staffVehiclePath("denago-ev-city"),
  ];
  expect(addresses.length).toBeGreaterThanOrEqual(staffMenu.length + 2);
  for (const address of addresses) {
    const response = await page.goto(`${project.site}${address}`);
    expect(response?.status(), address).toBe(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(320);
    expect(await wcagViolations(page), address).toEqual([]);
  }
  // The scene set, taken away again: no other test meets a deposit it did not take.
  if (waiting)
    await project.sql(`DELETE FROM booking_payments WHERE reference = '${waiting.reference}' AND attempt = 99`);

  // The spreadsheet's preview, with a row of each kind: an update, a refused cell and a column the
  // site does not keep. Previewing writes nothing.
  const rows = parse(await (await page.request.get(`${project.site}/staff/catalogue.csv`)).body(), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  rows[0]!.price = String(Number(rows[0]!.price) + 100);
  rows[1]!.price = "call for price";
  const columns = [...Object.keys(rows[0]!), "DMS Location"];
  const file = stringify([columns, ...rows.map((row) => columns.map((column) => row[column] ?? "Lot B"))], {
    bom: true,
  });
  await page.goto(`${project.site}/staff/spreadsheet`);
  await page.getByLabel("Spreadsheet to import (.csv)").setInputFiles({
    name: "catalogue.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file),
  });
  await page.getByRole("button", { name: "Preview the import" }).click();
  await expect(page.getByTestId("csv-extra-columns")).toContainText("DMS Location");
  await expect(page.getByTestId("csv-rows")).toContainText("refused");
  await expect(page.getByTestId("csv-rows")).toContainText("updated: price");
  const preview = "/staff/spreadsheet with a preview";
  expect(await page.evaluate(() => document.documentElement.scrollWidth), preview).toBeLessThanOrEqual(320);
  expect(await wcagViolations(page), preview).toEqual([]);
  await context.close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`the staff buttons work as tapped with JavaScript ${javaScriptEnabled ? "on" : "off"}: Decline a booking, add a block and unblock it`, async ({
    browser,
  }) => {
    // A booking placed through the site's API, as a customer's browser would.
    const placed = await fetch(`${project.site}/api/rentals/holds`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: project.site,
        // Each run its own network: the site takes two rental requests an hour from one.
        "CF-Connecting-IP": freshClientAddress(),
      },
      body: JSON.stringify({
        plan: "utility",
        start: addDays(start, javaScriptEnabled ? 40 : 41),
        days: 1,
        delivery: { type: "pickup" },
        drivers: 0,
        ageConfirmed: true,
        ...anotherPerson("Ada", "Staffpage"),
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { reference } = (await placed.json()) as { reference: string };

    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${project.site}${staffBookingPath(reference)}`);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("status")).toContainText(`Declined: ${reference}`);
    await expect(page.getByTestId("staff-booking-status")).toHaveText("declined");

    // A utility cart out of service for two days far ahead, then back.
    const first = addDays(start, javaScriptEnabled ? 60 : 70);
    const last = addDays(first, 1);
    await page.getByRole("link", { name: "Blocks" }).click();
    await page.getByLabel("Pool").selectOption("utility");
    await page.getByLabel("First day").fill(first);
    await page.getByLabel("Last day").fill(last);
    await page.getByLabel("Note (why)").fill("flat tyre");
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByRole("status")).toContainText(`from ${first} to ${last}`);
    const [row] = await project.sql<{ id: number }>(
      `SELECT id FROM booking_blocks WHERE pool = 'utility' AND first_day = '${first}' AND note = 'flat tyre'`,
    );
    expect(row).toBeDefined();
    const line = page.locator("li", { hasText: `${first} to ${last}` });
    await line.getByRole("button", { name: "Unblock" }).click();
    await expect(page.getByRole("status")).toContainText(`Removed block ${row!.id}`);
    expect(await project.sql(`SELECT id FROM booking_blocks WHERE id = ${row!.id}`)).toEqual([]);
    await context.close();
  });
}
