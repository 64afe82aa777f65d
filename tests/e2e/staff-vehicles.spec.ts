import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { readmeCommands } from "../support/readme";
import { samplePhoto } from "../support/sample-photos";
import { expect, test, type StaffProject } from "../support/staff-project";

/**
 * A new arrival goes online from a phone on the lot (issue 46), on the site `npm start` serves, at
 * 390 px with JavaScript off: added from a model, given two photos (one with GPS in its EXIF and a
 * rotation tag), put on the site, repriced, sold; a save from a stale form is refused; the README's
 * history command lists every change under the staff member's address.
 */

const phone = { width: 390, height: 844 };

let project: StaffProject;
test.describe.configure({ mode: "serial" });
test.beforeAll(({ staffProject }) => {
  project = staffProject;
});

/** The main picture of a public vehicle page: every AVIF and WebP rendition's address. */
async function pictureSources(page: Page): Promise<string[]> {
  const srcsets = await page
    .locator("picture")
    .first()
    .locator("source")
    .evaluateAll((sources) => sources.map((source) => (source as HTMLSourceElement).srcset));
  return srcsets.flatMap((srcset) => srcset.split(",").map((entry) => entry.trim().split(/\s+/)[0]!));
}

test("a new arrival goes online from a phone with JavaScript off: added from a model, photographed, published, repriced, sold; a stale save is refused", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const folder = mkdtempSync(path.join(tmpdir(), "lot-photos-"));
  const front = path.join(folder, "front.jpg");
  const side = path.join(folder, "side.jpg");
  writeFileSync(front, await samplePhoto({ colour: "#8e44ad", width: 960, height: 720, orientation: 6 }));
  writeFileSync(side, await samplePhoto({ colour: "#16a085", width: 960, height: 720 }));

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const staff = await context.newPage();
  const started = Date.now();
  await staff.goto(`${project.site}/staff/vehicles`);
  await staff.getByRole("link", { name: "Add a new arrival" }).click();
  await expect(staff).toHaveURL(/\/staff\/vehicles\/new$/);
  await staff.getByLabel("Start from").selectOption({ label: "DENAGO EV City" });
  await staff.getByLabel("Name").fill("DENAGO EV City Lot Demo");
  // A price that is not one is refused by field, and what was typed stays in the form.
  await staff.getByLabel("Price (US dollars)").fill("call us");
  await staff.getByRole("button", { name: "Add the draft" }).click();
  await expect(staff.getByRole("alert")).toContainText("price must be whole US dollars");
  await expect(staff.getByLabel("Name")).toHaveValue("DENAGO EV City Lot Demo");
  await staff.getByLabel("Price (US dollars)").fill("$12,495");
  await staff.getByLabel("Units on the lot").fill("1");
  await staff.getByLabel("Colour").fill("Plum");
  await staff.getByLabel("Stock or serial number").fill("000417");
  await staff.getByRole("button", { name: "Add the draft" }).click();
  await expect(staff).toHaveURL(/\/staff\/vehicles\/denago-ev-city-lot-demo$/);
  await expect(staff.getByTestId("staff-vehicle-status")).toHaveText("draft");
  const id = "denago-ev-city-lot-demo";
  const dayView = await (await browser.newContext({ javaScriptEnabled: false, viewport: phone })).newPage();
  await dayView.goto(`${project.site}/staff`);
  await expect(dayView.getByTestId("staff-catalogue-chores")).toContainText("1 draft not on the site yet");

  // A draft is the staff's alone.
  expect((await staff.request.get(`${project.site}/vehicle/${id}`)).status()).toBe(404);
  await staff.getByRole("button", { name: "Put it on the site" }).click();
  await expect(staff.getByRole("alert")).toContainText("at least one photo");
  await expect(staff.getByTestId("staff-vehicle-status")).toHaveText("draft");

  await staff.getByLabel("Add photos").setInputFiles([front, side]);
  await staff.getByRole("button", { name: "Upload" }).click();
  await expect(staff.getByRole("status")).toContainText("Added 2 photos.");
  await expect(staff.getByRole("img", { name: /^Photo \d$/ })).toHaveCount(2);

  await staff.getByRole("button", { name: "Put it on the site" }).click();
  await expect(staff.getByRole("status")).toContainText("It is on the site now.");
  await expect(staff.getByTestId("staff-vehicle-status")).toHaveText("for sale");

  const visitor = await (await browser.newContext({ javaScriptEnabled: false, viewport: phone })).newPage();
  await visitor.goto(`${project.site}/inventory`);
  await expect(visitor.getByRole("heading", { name: "DENAGO EV City Lot Demo" })).toBeVisible();
  await visitor.goto(`${project.site}/vehicle/${id}`);
  const online = Date.now();
  test.info().annotations.push({
    type: "time to line",
    description: `${((online - started) / 1000).toFixed(1)} s from "Add a new arrival" to the cart's public page`,
  });
  console.log(`time to line: ${((online - started) / 1000).toFixed(1)} s from "Add a new arrival" to the public page`);
  await expect(visitor.getByText("$12,495").first()).toBeVisible();
  await expect(visitor.getByText("000417")).toHaveCount(0);
  const sources = await pictureSources(visitor);
  const avif = sources.filter((source) => source.endsWith(".avif"));
  const webp = sources.filter((source) => source.endsWith(".webp"));
  expect(avif.length).toBeGreaterThan(0);
  expect(webp.length).toBeGreaterThan(0);
  for (const source of [avif.at(-1)!, webp.at(-1)!]) {
    const file = await visitor.request.get(`${project.site}${source}`);
    expect(file.status(), source).toBe(200);
    const metadata = await sharp(await file.body()).metadata();
    expect(metadata.exif, `${source} carries EXIF`).toBeUndefined();
    // The first photo, shot in portrait (orientation 6), is stored upright: taller than wide.
    expect(metadata.height!, source).toBeGreaterThan(metadata.width!);
  }

  // Two staff members open the page; the first saves a new price, the second's older form is refused.
  const other = await (await browser.newContext({ javaScriptEnabled: false, viewport: phone })).newPage();
  await other.goto(`${project.site}/staff/vehicles/${id}`);
  await staff.goto(`${project.site}/staff/vehicles/${id}`);
  await staff.getByLabel("Price (US dollars)").fill("11995");
  await staff.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByRole("status")).toContainText("Saved.");
  await other.getByLabel("Price (US dollars)").fill("10995");
  const stale = other.waitForResponse((response) => response.request().method() === "POST");
  await other.getByRole("button", { name: "Save" }).click();
  expect((await stale).status()).toBe(409);
  await expect(other.getByTestId("staff-vehicle-conflicts")).toContainText("10995");
  await expect(other.getByTestId("staff-vehicle-conflicts")).toContainText("11995");

  // The new price reaches the public page within a minute.
  await expect
    .poll(
      async () => {
        await visitor.goto(`${project.site}/vehicle/${id}`);
        return visitor.getByText("$11,995").count();
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);

  await staff.getByRole("button", { name: "Sold one" }).click();
  await expect(staff.getByRole("status")).toContainText("none left, so it is off sale");
  await expect(staff.getByTestId("staff-vehicle-status")).toHaveText("sold");

  const history = readmeCommands("Updating vehicles").find((command) =>
    /^npm run catalogue -- history \S+$/.test(command),
  );
  expect(history, 'README "Updating vehicles" gives the history command').toBeDefined();
  const listed = await project.type(history!.replace(/\S+$/, id));
  expect(listed).toExitWith(0);
  for (const line of ["staff@localhost", "price", "12495", "11995", "status", "for-sale", "sold"]) {
    expect(listed.output).toContain(line);
  }
});

test("the catalogue in a spreadsheet from a phone with JavaScript off: downloaded, changed, previewed, written only on confirm", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const id = "evolution-d5-ranger-6";
  const storedPrice = async () =>
    (await project.sql<{ price: number }>(`SELECT price FROM vehicles WHERE id = '${id}'`))[0]!.price;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const staff = await context.newPage();
  await staff.goto(`${project.site}/staff/vehicles`);
  await staff.getByRole("link", { name: "Spreadsheet (CSV)" }).click();
  await expect(staff).toHaveURL(/\/staff\/spreadsheet$/);
  const downloading = staff.waitForEvent("download");
  await staff.getByRole("link", { name: "Download the catalogue (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("catalogue.csv");
  const rows = parse(readFileSync(await download.path()), { bom: true, columns: true }) as Record<string, string>[];
  const row = rows.find((candidate) => candidate.id === id)!;
  const before = await storedPrice();
  expect(Number(row.price)).toBe(before);

  // Changed in Excel: a "$" price, and the DMS's own column, which the preview names and ignores.
  const price = before + 300;
  row.price = `$${price.toLocaleString("en-US")}`;
  const columns = [...Object.keys(row), "DMS Location"];
  const file = path.join(mkdtempSync(path.join(tmpdir(), "spreadsheet-")), "catalogue.csv");
  writeFileSync(
    file,
    stringify([columns, ...rows.map((each) => columns.map((column) => each[column] ?? "Lot B"))], {
      bom: true,
      record_delimiter: "windows",
    }),
  );
  await staff.getByLabel("Spreadsheet to import (.csv)").setInputFiles(file);
  await staff.getByRole("button", { name: "Preview the import" }).click();
  const preview = staff.getByTestId("csv-preview");
  await expect(preview).toContainText(`${id} · updated: price`);
  await expect(preview).toContainText("Nothing is written until you confirm");
  await expect(staff.getByTestId("csv-extra-columns")).toContainText("DMS Location");
  expect(await storedPrice()).toBe(before);

  await staff.getByRole("button", { name: "Import 1 change" }).click();
  await expect(staff.getByRole("status")).toContainText("Imported catalogue.csv: 0 added, 1 updated");
  expect(await storedPrice()).toBe(price);

  // The spreadsheet kept open (issue 55): the page offers the file back with the version the import
  // gave the row, and that file, edited once more, previews and imports with no conflict.
  const downloadingStamped = staff.waitForEvent("download");
  await staff.getByRole("button", { name: "Download catalogue.csv with its new versions" }).click();
  const stamped = await downloadingStamped;
  expect(stamped.suggestedFilename()).toBe("catalogue.csv");
  const stampedRows = parse(readFileSync(await stamped.path()), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  expect(stampedRows.find((candidate) => candidate.id === id)!["DMS Location"]).toBe("Lot B");
  const again = price + 200;
  stampedRows.find((candidate) => candidate.id === id)!.price = String(again);
  writeFileSync(
    file,
    stringify([columns, ...stampedRows.map((each) => columns.map((column) => each[column] ?? ""))], {
      bom: true,
      record_delimiter: "windows",
    }),
  );
  await staff.getByLabel("Spreadsheet to import (.csv)").setInputFiles(file);
  await staff.getByRole("button", { name: "Preview the import" }).click();
  await expect(preview).toContainText(`${id} · updated: price`);
  await expect(preview).not.toContainText("changed by someone else");
  await staff.getByRole("button", { name: "Import 1 change" }).click();
  await expect(staff.getByRole("status")).toContainText("Imported catalogue.csv: 0 added, 1 updated");
  expect(await storedPrice()).toBe(again);
  await staff.goto(`${project.site}/staff/vehicles/${id}`);
  await expect(staff.getByLabel("Price (US dollars)")).toHaveValue(String(again));
  await expect(staff.getByText("import catalogue.csv").first()).toBeVisible();
});

test("a forged Cloudflare Access token is refused on every vehicle page, even on this machine", async ({ request }) => {
  for (const address of ["/staff/vehicles", "/staff/vehicles/new", "/staff/vehicles/denago-ev-city"]) {
    const answer = await request.get(`${project.site}${address}`, {
      headers: { "Cf-Access-Jwt-Assertion": "eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.c2ln" },
    });
    expect(answer.status(), address).toBe(403);
  }
});
