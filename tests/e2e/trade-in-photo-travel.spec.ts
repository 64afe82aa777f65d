import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { tradeInDraftPhotoPath, tradeInPath } from "~/config/pages";
import { freshClientAddress } from "../support/client-addresses";
import { waitForIsland } from "../support/island";
import { anotherPerson } from "../support/people";
import { samplePhoto } from "../support/sample-photos";
import { expect, test } from "../support/staff-project";

/**
 * A customer's trade-in photos travel light (issue 58), at 390 px with JavaScript on: a camera photo
 * (4032x3024, shot in portrait, GPS in its EXIF) and a small one chosen on /trade-in go at once, one
 * by one, each with its line; the first send fails as a dropped connection would and is sent again;
 * the form, sent first with a mistyped e-mail, comes back with both photos kept and the same draft,
 * then posts without the photos, and the staff page shows both, upright and without GPS.
 */

const phone = { width: 390, height: 844 };

test("trade-in photos chosen on a phone go ahead of the form, one by one with a line each, and a failed one is sent again", async ({
  browser,
  staffProject: project,
}) => {
  test.setTimeout(180_000);
  const folder = mkdtempSync(path.join(tmpdir(), "trade-in-photos-"));
  const camera = path.join(folder, "camera.jpg");
  const small = path.join(folder, "small.jpg");
  writeFileSync(camera, await samplePhoto({ colour: "#c0392b", width: 4032, height: 3024, orientation: 6 }));
  writeFileSync(small, await samplePhoto({ colour: "#2980b9", width: 1200, height: 900 }));
  const person = anotherPerson("Ruth", "Novak");

  const context = await browser.newContext({
    viewport: phone,
    extraHTTPHeaders: { "CF-Connecting-IP": freshClientAddress() },
  });
  const customer = await context.newPage();
  await customer.goto(`${project.site}${tradeInPath}`);
  await waitForIsland(customer);

  // The first photo's first send fails as a dropped connection in the fields would.
  const photoAddress = `${project.site}${tradeInDraftPhotoPath}`;
  let dropped = false;
  await customer.route(photoAddress, (route) => {
    if (dropped) return route.continue();
    dropped = true;
    return route.abort("connectionfailed");
  });

  await customer.getByLabel("Serial number plate").setInputFiles(camera);
  await customer.getByLabel("Battery date codes").setInputFiles(small);
  const lines = customer.locator("[data-photo-travel-progress] li");
  await expect(lines.nth(0)).toContainText("Serial number plate (camera.jpg): not sent: the connection failed.");
  await expect(lines.nth(1)).toContainText(
    "Battery date codes (small.jpg): sent. Received the battery date codes photo.",
  );
  await customer.getByRole("button", { name: "Send it again: Serial number plate (camera.jpg)" }).click();
  await expect(lines.nth(0)).toContainText(
    "Serial number plate (camera.jpg): sent. Received the serial number plate photo.",
  );

  await customer.getByLabel("Model year").fill("2018");
  await customer.getByLabel("Make").selectOption("Club Car");
  await customer.getByLabel("Model", { exact: true }).fill("Precedent");
  await customer.getByLabel("Serial number or VIN").fill("PQ1822-334455");
  await customer.getByLabel("Condition").fill("Good shape, seats faded by the sun, charger included.");
  await customer.getByLabel("First name").fill(person.firstName);
  await customer.getByLabel("Last name").fill(person.lastName);
  await customer.getByLabel("E-mail", { exact: true }).fill(person.email.replace(/\.org$/, ",org"));
  await customer.getByLabel("Phone", { exact: true }).fill(person.phone);
  const sentDraft = await customer.locator("input[name=draft]").inputValue();
  await customer.getByRole("button", { name: "Send my trade-in" }).click();
  // Refused for the e-mail alone: the page comes back with the photos sent ticked, under the same draft.
  await expect(customer.locator("#trade-in-email-error")).toBeVisible();
  await waitForIsland(customer);
  await expect(customer.getByText("We kept the photos you sent")).toBeVisible();
  for (const place of ["Serial number plate", "Battery date codes"]) {
    await expect(
      customer
        .locator("div.field", { has: customer.getByLabel(place) })
        .getByRole("checkbox", { name: "Keep the photo you sent" }),
    ).toBeChecked();
  }
  expect(await customer.locator("input[name=draft]").inputValue()).toBe(sentDraft);
  await customer.getByLabel("E-mail", { exact: true }).fill(person.email);
  // Both photos wait under the form's draft token (only its SHA-256 is stored) for the form.
  const draft = await customer.locator("input[name=draft]").inputValue();
  const draftHash = createHash("sha256").update(draft).digest("hex");
  const draftRows = async () =>
    (
      await project.sql<{ slot: string }>(
        `SELECT slot FROM trade_in_draft_photos WHERE draft_hash = '${draftHash}' ORDER BY slot`,
      )
    ).map((row) => row.slot);
  expect(await draftRows()).toEqual(["photo1", "photo2"]);
  await customer.getByRole("button", { name: "Send my trade-in" }).click();
  await expect(customer).toHaveURL(/\/trade-in\?sent$/);
  // The form took them from its draft (the inputs went empty, so it posted only its fields).
  expect(await draftRows()).toEqual([]);

  const [trade] = await project.sql<{ id: string }>(
    `SELECT id FROM trade_ins WHERE email = '${person.email.replace(/'/g, "''")}'`,
  );
  const staffSide = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const staff = await staffSide.newPage();
  await staff.goto(`${project.site}/staff/trade-ins/${trade!.id}`);
  const photos = staff.locator(".staff-page__list img");
  await expect(photos).toHaveCount(2);
  for (const [index, label] of ["Serial number plate", "Battery date codes"].entries()) {
    await expect(photos.nth(index)).toHaveAttribute("alt", label);
    const served = await staff.request.get(`${project.site}${await photos.nth(index).getAttribute("src")}`);
    expect(served.status()).toBe(200);
    const metadata = await sharp(await served.body()).metadata();
    expect(metadata.exif, label).toBeUndefined();
    // The camera photo upright as shot (taller than wide) and no larger than it travelled.
    if (index === 0) {
      expect(metadata.height!).toBeGreaterThan(metadata.width!);
      expect(metadata.height!).toBeLessThanOrEqual(2048);
    }
  }
  await context.close();
  await staffSide.close();
});
