import { createHash } from "node:crypto";
import { staffBookingPath } from "~/config/pages";
import { site } from "~/config/site";
import { addDays, localMoment } from "~/lib/calendar-days";
import { wcagViolations } from "../support/axe";
import { freshClientAddress } from "../support/client-addresses";
import { localEmails, type LocalEmail } from "../support/local-mail";
import { pdfText } from "../support/pdf-text";
import { anotherPerson } from "../support/people";
import { readmeCommands } from "../support/readme";
import { expect, test, type StaffProject } from "../support/staff-project";

/**
 * A renter signs their rental paperwork from their phone (issue 56), on the copy of the project
 * that runs `npm start`: the rental is confirmed with the README's bookings command, the link read
 * from the renter's confirmation e-mail and opened at 390 px with JavaScript off; a signature
 * without consent is refused, then it is signed, and the PDF the renter is e-mailed is read by an
 * independent reader (PDF.js), whose text names the booking, the signer and the SHA-256 of exactly
 * the text the D1 record says was signed. A second signature is refused with no new e-mail, a
 * changed token is not found, and the staff page and `bookings -- list` show it signed.
 */

const phone = { width: 390, height: 844 };
const start = addDays(localMoment(new Date(), site.timeZone).day, 20);

let project: StaffProject;
test.beforeAll(({ staffProject }) => {
  project = staffProject;
});

/** The README's Bookings command matching `pattern`, exactly as written. */
function readmeCommand(pattern: RegExp): string {
  const matching = readmeCommands("Bookings").filter((command) => pattern.test(command));
  expect(matching, `README "Bookings" should have one command matching ${pattern}`).toHaveLength(1);
  return matching[0]!;
}

async function mailTo(address: string, subject: string): Promise<LocalEmail[]> {
  return (await localEmails(project.folder)).filter((email) => email.to === address && email.subject.includes(subject));
}

async function waitForMail(address: string, subject: string, count = 1): Promise<LocalEmail[]> {
  await expect.poll(async () => (await mailTo(address, subject)).length, { timeout: 60_000 }).toBe(count);
  return mailTo(address, subject);
}

test("a confirmed rental's paperwork is signed from the renter's e-mail at 390 px with JavaScript off, and its PDF holds", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const renter = anotherPerson("Grace", "Paperwork");
  const placed = await fetch(`${project.site}/api/rentals/holds`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: project.site, "CF-Connecting-IP": freshClientAddress() },
    body: JSON.stringify({
      plan: "four-seater",
      start,
      days: 2,
      delivery: { type: "pickup" },
      drivers: 0,
      ageConfirmed: true,
      ...renter,
    }),
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { reference } = (await placed.json()) as { reference: string };

  // Confirmed as the README says, then the five-minute cron once (locally none fires by itself).
  const confirm = readmeCommand(/^npm run bookings -- confirm R-\w{6}$/).replace(/R-\w{6}/, reference);
  expect(await project.type(confirm)).toExitWith(0);
  const cron = await fetch(`${project.site}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
  expect(cron.ok).toBe(true);
  const [confirmation] = await waitForMail(renter.email, `${reference}: confirmed`);
  const link = /https?:\/\/\S+\/paperwork/.exec(confirmation!.text)?.[0];
  expect(link, confirmation!.text).toBeTruthy();
  const paperworkPath = new URL(link!).pathname;

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  const opened = await page.goto(`${project.site}${paperworkPath}`);
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  // At 320 px the whole text and the form fit the screen's width, and axe finds no WCAG 2.1 AA
  // violation (axe runs as a script, so this one browser has JavaScript on).
  const narrow = await browser.newContext({ viewport: { width: 320, height: 800 } });
  const narrowPage = await narrow.newPage();
  await narrowPage.goto(`${project.site}${paperworkPath}`);
  expect(await narrowPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await wcagViolations(narrowPage)).toEqual([]);
  await narrow.close();
  const fullName = `${renter.firstName} ${renter.lastName}`;

  // Without consent: refused by name, the typed name kept, nothing stored.
  await page.getByLabel("Your full name, typed as your signature").fill(fullName);
  await page.getByRole("button", { name: "I agree and sign" }).click();
  await expect(page.getByRole("alert")).toContainText("Please correct the fields");
  await expect(page.getByText("Tick the box to agree to sign electronically")).toBeVisible();
  await expect(page.getByLabel("Your full name, typed as your signature")).toHaveValue(fullName);
  expect(await project.sql(`SELECT id FROM paperwork_signatures WHERE reference = '${reference}'`)).toEqual([]);

  await page.getByRole("checkbox").check();
  const shown = await page.locator('input[name="shown"]').getAttribute("value");
  const signedAt = Date.now();
  await page.getByRole("button", { name: "I agree and sign" }).click();
  await expect(page.getByRole("status")).toContainText(`Signed: thank you, ${fullName}`);
  const [signedMail] = await waitForMail(renter.email, `${reference}: signed paperwork`);
  const mailSeconds = (Date.now() - signedAt) / 1000;

  const [record] = await project.sql<{ text_sha256: string; signed_text: string; signer_name: string }>(
    `SELECT text_sha256, signed_text, signer_name FROM paperwork_signatures WHERE reference = '${reference}'`,
  );
  expect(record!.signer_name).toBe(fullName);
  const hashOfRecord = createHash("sha256").update(record!.signed_text, "utf8").digest("hex");
  expect(record!.text_sha256).toBe(hashOfRecord);
  expect(shown).toBe(hashOfRecord);

  const [pdf] = signedMail!.attachments;
  expect(pdf?.mimeType).toBe("application/pdf");
  const text = await pdfText(pdf!.content);
  expect(text).toContain(`Booking: ${reference}`);
  expect(text).toContain(`Name typed by the signer: ${fullName}`);
  const printed = /SHA-256 of the text signed \(UTF-8\):\s*([0-9a-f]{64})/.exec(text)?.[1];
  expect(printed).toBe(hashOfRecord);
  console.log(
    `signed PDF ${pdf!.content.byteLength} bytes; "I agree and sign" to the e-mail in the mail folder: ${mailSeconds.toFixed(1)} s`,
  );

  // A second signature of the same document: 409, "already signed on ...", and no new e-mail.
  const second = await fetch(`${project.site}${paperworkPath}`, {
    method: "POST",
    headers: { Origin: project.site, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ consent: "yes", name: fullName, shown: shown! }),
  });
  expect(second.status).toBe(409);
  expect(await second.text()).toContain(`already signed by ${fullName} on`);
  await page.waitForTimeout(8_000);
  expect(await mailTo(renter.email, `${reference}: signed paperwork`)).toHaveLength(1);

  // A changed token opens nothing.
  const token = paperworkPath.split("/").at(-2)!;
  const changed = paperworkPath.replace(token, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`);
  expect((await page.goto(`${project.site}${changed}`))?.status()).toBe(404);

  // Staff see it signed, on the booking's page and in the list.
  const staff = await (await browser.newContext({ javaScriptEnabled: false, viewport: phone })).newPage();
  await staff.goto(`${project.site}${staffBookingPath(reference)}`);
  await expect(staff.getByRole("heading", { name: "Paperwork" })).toBeVisible();
  await expect(staff.getByText(`Renter: signed by ${fullName} on`)).toBeVisible();
  const list = await project.type(readmeCommand(/^npm run bookings -- list --kind rental$/));
  expect(list).toExitWith(0);
  const line = list.stdout.split("\n").find((row) => row.includes(reference));
  expect(line).toContain(`paperwork: renter signed by ${fullName}`);
});
