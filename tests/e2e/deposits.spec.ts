import { depositTerms } from "~/config/deposits";
import { staffBookingPath } from "~/config/pages";
import { formatMoney } from "~/lib/format";
import { wcagViolations } from "../support/axe";
import { freshClientAddress } from "../support/client-addresses";
import { localEmails, type LocalEmail } from "../support/local-mail";
import { anotherPerson } from "../support/people";
import { readmeCommands } from "../support/readme";
import { expect, test, type StaffProject } from "../support/staff-project";

/**
 * A buyer pays a cart reservation's deposit from their phone (issue 57), on the copy of the project
 * that runs `npm start`, where the local stand-in plays Stripe: at 390 px with JavaScript off they
 * reserve a pre-owned cart, accept the terms, leave the stand-in's checkout page with "Cancel"
 * (nothing charged, nothing held longer), then pay on it at the second try, come back to
 * "being confirmed" until Stripe's notice lands, then "deposit paid" and a 7-day hold, with one
 * receipt e-mail. Staff decline it with the README's bookings command; after the cron run the
 * refund is on the buyer's page and in their inbox, and on the staff page and the list.
 */
const phone = { width: 390, height: 844 };
const usedCart = "swift-ev-mach-4e-2022";
const deposit = formatMoney(depositTerms.reservation.fixedCents / 100);

let project: StaffProject;
test.beforeAll(({ staffProject }) => {
  project = staffProject;
});

function readmeCommand(pattern: RegExp): string {
  const matching = readmeCommands("Deposits paid online").filter((command) => pattern.test(command));
  expect(matching, `README "Deposits paid online" should have one command matching ${pattern}`).toHaveLength(1);
  return matching[0]!;
}

const mailTo = async (address: string, subject: string): Promise<LocalEmail[]> =>
  (await localEmails(project.folder)).filter((email) => email.to === address && email.subject.includes(subject));

async function waitForMail(address: string, subject: string): Promise<LocalEmail> {
  await expect.poll(async () => (await mailTo(address, subject)).length, { timeout: 60_000 }).toBe(1);
  return (await mailTo(address, subject))[0]!;
}

const cron = async () =>
  expect((await fetch(`${project.site}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`)).ok).toBe(
    true,
  );

for (const javaScriptEnabled of [false, true]) {
  test(`a reservation's deposit is paid at 390 px with JavaScript ${javaScriptEnabled ? "on" : "off"}, holds the cart 7 days, and is refunded when staff decline`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const buyer = anotherPerson("Grace", "Deposit");
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: phone,
      extraHTTPHeaders: { "CF-Connecting-IP": freshClientAddress() },
    });
    const page = await context.newPage();
    await page.goto(`${project.site}/vehicle/${usedCart}/reserve`);
    await page.getByLabel("First name").fill(buyer.firstName);
    await page.getByLabel("Last name").fill(buyer.lastName);
    await page.getByLabel("E-mail").fill(buyer.email);
    await page.getByLabel("Phone").fill(buyer.phone);
    await page.getByRole("button", { name: "Reserve this cart" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservation received");
    const reference = /C-[2-9A-HJKMNP-Z]{6}/.exec(await page.locator(".facts-list").innerText())![0];
    const statusPath = new URL(page.url()).pathname;

    // The offer at 320 px fits the screen's width, and axe finds no WCAG 2.1 AA violation in it (axe
    // runs as a script, so this one browser has JavaScript on).
    const narrow = await browser.newContext({ viewport: { width: 320, height: 800 } });
    const narrowPage = await narrow.newPage();
    await narrowPage.goto(`${project.site}${statusPath}`);
    await expect(narrowPage.getByRole("button", { name: `Pay the ${deposit} deposit` })).toBeVisible();
    expect(await narrowPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await wcagViolations(narrowPage)).toEqual([]);
    await narrow.close();

    // Without the terms accepted: refused by name, nothing opened.
    await page.getByRole("button", { name: `Pay the ${deposit} deposit` }).click();
    await expect(page.getByText("Tick the box to accept the deposit's terms")).toBeVisible();
    expect(await project.sql(`SELECT id FROM booking_payments WHERE reference = '${reference}'`)).toEqual([]);

    // The stand-in's checkout page, in Stripe's place, left with "Cancel": back on the booking's page,
    // told nothing was charged, the offer still there and nothing paid or held longer.
    await page.getByRole("checkbox", { name: "I accept the deposit's terms above" }).check();
    await page.getByRole("button", { name: `Pay the ${deposit} deposit` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^Pay \\${deposit} to `));
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`${statusPath}\\?deposit=cancelled$`));
    await expect(page.getByText("You left the payment page without paying: nothing was charged.")).toBeVisible();
    expect(
      await project.sql(`SELECT id FROM booking_payments WHERE reference = '${reference}' AND state <> 'open'`),
    ).toEqual([]);
    const [unpaid] = await project.sql<{ hold_until: string | null }>(
      `SELECT hold_until FROM bookings WHERE reference = '${reference}'`,
    );
    expect(unpaid!.hold_until).toBeNull();

    // Paid at the second try.
    await page.getByRole("checkbox", { name: "I accept the deposit's terms above" }).check();
    await page.getByRole("button", { name: `Pay the ${deposit} deposit` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^Pay \\${deposit} to `));
    const paidAt = Date.now();
    await page.getByRole("button", { name: `Pay ${deposit}` }).click();
    await expect(page).toHaveURL(new RegExp(`${statusPath}\\?deposit=returned$`));
    // "Being confirmed" until the notice lands; the page looks again by itself (a meta refresh, no script).
    await expect(page.getByText(`Deposit paid: ${deposit}`)).toBeVisible({ timeout: 30_000 });
    const confirmedSeconds = (Date.now() - paidAt) / 1000;
    const [hold] = await project.sql<{ hold_until: string; created_at: string }>(
      `SELECT hold_until, created_at FROM bookings WHERE reference = '${reference}'`,
    );
    const heldDays = (Date.parse(hold!.hold_until) - paidAt) / 86_400_000;
    expect(heldDays).toBeGreaterThan(depositTerms.reservation.paidHoldDays - 0.01);
    expect(heldDays).toBeLessThan(depositTerms.reservation.paidHoldDays + 0.01);
    await expect(page.getByText("We hold it for you until")).toBeVisible();
    await expect(page.getByRole("button", { name: /Pay the/ })).toHaveCount(0);

    const receipt = await waitForMail(buyer.email, `${reference}: deposit received`);
    expect(receipt.text).toContain(`We have your deposit of ${deposit}`);
    expect(receipt.text).toContain(`Deposit paid: ${deposit}`);
    console.log(`deposit paid on the stand-in to "Deposit paid" on the page: ${confirmedSeconds.toFixed(1)} s`);

    // Staff decline it as the README says; the cron run refunds it by the terms (in full).
    const decline = readmeCommand(/^npm run bookings -- decline C-\w{6}$/).replace(/C-\w{6}/, reference);
    expect(await project.type(decline)).toExitWith(0);
    await cron();
    const refund = await waitForMail(buyer.email, `${reference}: deposit refunded`);
    expect(refund.text).toContain(`We have refunded ${deposit} of your ${deposit} deposit`);
    expect(refund.text).toContain("we declined the booking");
    await page.goto(`${project.site}${statusPath}`);
    await expect(page.getByText(`Refunded: ${deposit}, because we declined the booking`)).toBeVisible();
    await expect(page.locator(".deposit__money")).toContainText(`Balance held$0.00`);

    // Staff see money in, money out and the balance on the booking's page and in the list.
    const staff = await (await browser.newContext({ javaScriptEnabled: false, viewport: phone })).newPage();
    await staff.goto(`${project.site}${staffBookingPath(reference)}`);
    await expect(staff.getByRole("heading", { name: "Deposit" })).toBeVisible();
    await expect(staff.getByText(`refunded ${deposit} on`)).toBeVisible();
    const list = await project.type(readmeCommand(/^npm run bookings -- list --kind reservation$/));
    expect(list).toExitWith(0);
    const line = list.stdout.split("\n").find((row) => row.includes(reference));
    expect(line).toContain(`deposit refunded: in ${deposit}, out ${deposit}, balance $0.00`);
    // Exactly one receipt and one refund, however often the cron runs.
    await cron();
    await page.waitForTimeout(3_000);
    expect(await mailTo(buyer.email, `${reference}: deposit received`)).toHaveLength(1);
    expect(await mailTo(buyer.email, `${reference}: deposit refunded`)).toHaveLength(1);
    await context.close();
  });
}
