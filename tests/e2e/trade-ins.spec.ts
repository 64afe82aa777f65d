import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { tradeInPathFor } from "~/config/pages";
import { freshClientAddress } from "../support/client-addresses";
import { localEmails, type LocalEmail } from "../support/local-mail";
import { anotherPerson } from "../support/people";
import { samplePhoto } from "../support/sample-photos";
import { expect, test, type StaffProject } from "../support/staff-project";

/**
 * A customer values their trade from a phone with JavaScript off (issue 58), on the site `npm start`
 * serves: the one plain form with two photos (one a JPEG carrying a GPS position), sent first with a
 * mistyped e-mail and coming back with both photos kept, so only the address is typed again; the customer's
 * receipt and the staff e-mail read back from the local mail folder, the staff e-mail's ADF lead
 * validated against the ADF 1.0 DTD, the staff page showing both photos with no GPS left in them,
 * an answer with a range e-mailed to the customer, and the request answered on the staff list.
 */

const phone = { width: 390, height: 844 };
const projectRoot = path.resolve(import.meta.dirname, "../..");
const dtd = path.join(projectRoot, "tests/support/adf-1.0.dtd");

let project: StaffProject;
test.beforeAll(({ staffProject }) => {
  project = staffProject;
});

const mailTo = async (to: string, subject: string): Promise<LocalEmail[]> =>
  (await localEmails(project.folder)).filter((email) => email.to === to && email.subject.includes(subject));

/** What libxml2 says of the lead against the DTD: nothing when it is valid. */
function dtdErrors(xml: Uint8Array): string {
  const folder = mkdtempSync(path.join(tmpdir(), "trade-in-lead-"));
  try {
    const file = path.join(folder, "lead.xml");
    writeFileSync(file, xml);
    const result = spawnSync("xmllint", ["--noout", "--dtdvalid", dtd, file], { encoding: "utf8" });
    return `${result.error ?? ""}${result.stderr}${result.status === 0 ? "" : `exit ${result.status}`}`;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("a trade-in with two photos sent at 390 px with JavaScript off is valued from its staff e-mail's link, the photos without GPS", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const person = anotherPerson("Walt", "Kowalski");
  const gpsPhoto = await samplePhoto({ colour: "#2e86de", width: 1200, height: 900, orientation: 6 });
  expect((await sharp(gpsPhoto).metadata()).exif).toBeDefined();
  const batteryPhoto = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();

  const customerSide = await browser.newContext({
    javaScriptEnabled: false,
    viewport: phone,
    extraHTTPHeaders: { "CF-Connecting-IP": freshClientAddress() },
  });
  const customer = await customerSide.newPage();
  await customer.goto(`${project.site}${tradeInPathFor("denago-ev-city")}`);
  await expect(customer.getByText("The cart you want:")).toContainText("DENAGO");
  await customer.getByLabel("Model year").fill("2019");
  await customer.getByLabel("Make").selectOption("E-Z-GO");
  await customer.getByLabel("Model", { exact: true }).fill("TXT 48");
  await customer.getByLabel("Serial number or VIN").fill("5123-456789");
  await customer.getByLabel("Battery type").selectOption("lead-acid");
  await customer.getByLabel(/Year the batteries were installed/).fill("2022");
  await customer.getByLabel("Seats", { exact: true }).selectOption("4");
  await customer.getByLabel("Condition").fill("Runs well; new tires last spring; a crack in the windshield.");
  await customer.getByLabel("Serial number plate").setInputFiles({
    name: "IMG_0001.jpg",
    mimeType: "image/jpeg",
    buffer: gpsPhoto,
  });
  await customer.getByLabel("Battery date codes").setInputFiles({
    name: "battery.png",
    mimeType: "image/png",
    buffer: batteryPhoto,
  });
  await customer.getByLabel("First name").fill(person.firstName);
  await customer.getByLabel("Last name").fill(person.lastName);
  await customer.getByLabel("E-mail", { exact: true }).fill(person.email.replace(/\.org$/, ",org"));
  await customer.getByLabel("Phone", { exact: true }).fill(person.phone);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await customer.getByRole("button", { name: "Send my trade-in" }).click();
  // Refused for the e-mail alone: everything typed and both photos come back; only the address is fixed.
  await expect(customer.locator("#trade-in-email-error")).toBeVisible();
  await expect(customer.getByLabel("Model", { exact: true })).toHaveValue("TXT 48");
  await expect(customer.getByText("We kept the photos you sent")).toBeVisible();
  const kept = customer.getByRole("checkbox", { name: "Keep the photo you sent" });
  await expect(kept).toHaveCount(2);
  for (const box of await kept.all()) await expect(box).toBeChecked();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await customer.getByLabel("E-mail", { exact: true }).fill(person.email);
  await customer.getByRole("button", { name: "Send my trade-in" }).click();
  await expect(customer).toHaveURL(/\/trade-in\?sent$/);
  await expect(customer.getByRole("status")).toContainText("We have your trade-in");

  // Both e-mails through the local queue: the customer's receipt and staff's, with the lead attached.
  await expect
    .poll(async () => (await mailTo(person.email, "We have your trade-in request")).length, { timeout: 60_000 })
    .toBe(1);
  const staffSubject = `Trade-in of a 2019 E-Z-GO from ${person.firstName} ${person.lastName}`;
  await expect
    .poll(
      async () => (await localEmails(project.folder)).filter((email) => email.subject.includes(staffSubject)).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(1);
  const [receipt] = await mailTo(person.email, "We have your trade-in request");
  expect(receipt!.text).toContain("Your cart: 2019 E-Z-GO");
  const [staffEmail] = (await localEmails(project.folder)).filter((email) => email.subject.includes(staffSubject));
  expect(staffEmail!.to).not.toBe(person.email);
  expect(staffEmail!.text).toContain("  | Runs well; new tires last spring");
  const [lead] = staffEmail!.attachments.filter((file) => file.filename.endsWith(".adf.xml"));
  const leadText = new TextDecoder().decode(lead!.content);
  expect(leadText).toContain('<vehicle interest="trade-in" status="used"><year>2019</year><make>E-Z-GO</make>');
  expect(dtdErrors(lead!.content)).toBe("");
  const link = /https?:\/\/\S+/.exec(staffEmail!.text.trimStart().split("\n")[0]!)?.[0];
  expect(link).toMatch(/\/staff\/trade-ins\/[\w-]+$/);

  // Staff's phone: the link's page shows both photos, each served without a GPS position.
  const staffSide = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const staff = await staffSide.newPage();
  await staff.goto(`${project.site}${new URL(link!).pathname}`);
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Trade-in: 2019 E-Z-GO TXT 48");
  await expect(staff.getByTestId("staff-trade-in-state")).toHaveText("Waiting");
  const photos = staff.locator(".staff-page__list img");
  await expect(photos).toHaveCount(2);
  for (const [index, label] of ["Serial number plate", "Battery date codes"].entries()) {
    await expect(photos.nth(index)).toHaveAttribute("alt", label);
    const served = await staff.request.get(`${project.site}${await photos.nth(index).getAttribute("src")}`);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/jpeg");
    const metadata = await sharp(await served.body()).metadata();
    expect(metadata.exif, label).toBeUndefined();
    // Upright as taken: the portrait shot is taller than wide.
    if (index === 0) expect(metadata.height!).toBeGreaterThan(metadata.width!);
  }
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  await staff.getByLabel("Lowest value (US dollars)").fill("2,500");
  await staff.getByLabel("Highest value (US dollars)").fill("3,200");
  await staff.getByLabel("Note to the customer (optional)").fill("Bring both keys.");
  await staff.getByRole("button", { name: "Send the value to the customer" }).click();
  await expect(staff.getByRole("status")).toContainText("Answered: $2,500.00 to $3,200.00");
  await expect(staff.getByTestId("staff-trade-in-answer")).toContainText("staff@localhost");

  await expect
    .poll(async () => (await mailTo(person.email, "Your trade-in: our value")).length, { timeout: 60_000 })
    .toBe(1);
  const [answer] = await mailTo(person.email, "Your trade-in: our value");
  expect(answer!.text).toContain("Value range: $2,500.00 to $3,200.00");
  expect(answer!.text).toContain("From our staff: Bring both keys.");

  await staff.goto(`${project.site}/staff/trade-ins`);
  const line = staff.getByTestId("staff-trade-in-line").filter({ hasText: person.lastName });
  await expect(line.getByTestId("staff-trade-in-status")).toHaveText("Answered");
  await customerSide.close();
  await staffSide.close();
});
