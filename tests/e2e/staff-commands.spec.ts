import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";
import sharp from "sharp";
import { chromiumArgs, chromiumPath } from "../../scripts/lib/chromium";
import { readmeCommands } from "../support/readme";
import { samplePhoto } from "../support/sample-photos";

/**
 * The staff's commands exactly as README.md writes them, typed into a fresh copy of the project
 * that runs `npm start`: so the database they change is the default local one the site serves,
 * and no flag is added that staff would not type.
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");
const leftOut = new Set(["node_modules", ".git", ".wrangler", "build", "test-results", ".react-router"]);

/** A staff member's terminal: none of the test runner's own settings (state folder, build folder). */
const terminalEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(WRANGLER_STATE_DIR|BUILD_DIR|E2E_|PLAYWRIGHT_|PORT$)/.test(name)),
) as NodeJS.ProcessEnv;

let copy: string;
let serverLog = "";
let server: ChildProcess | undefined;
let site: string;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs one README line in the copy's folder, as a terminal would. */
function type(command: string) {
  const result = spawnSync("bash", ["-c", command], { cwd: copy, encoding: "utf8", env: terminalEnv });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

function sql(statement: string) {
  const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--command", statement], {
    cwd: copy,
    encoding: "utf8",
    env: terminalEnv,
  });
  expect(result.status, result.stderr).toBe(0);
}

/** The price the vehicle page shows, over a new connection each time as a visitor's browser would. */
async function priceOnPage(id: string): Promise<string> {
  return /data-testid="vehicle-price"[^>]*>([^<]+)</.exec(await vehiclePage(id))?.[1] ?? "(no price)";
}

/** The vehicle page's HTML, over a new connection each time as a visitor's browser would. */
function vehiclePage(id: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // agent: false: a kept-alive socket left idle through a staff command can be closed by the
    // server just as it is reused, which would fail the request rather than tell us about the page.
    const request = http.get(`${site}/vehicle/${id}`, { agent: false }, (response) => {
      let html = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (html += chunk));
      response.on("end", () => resolve(html));
    });
    request.on("error", reject);
  });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  copy = mkdtempSync(path.join(tmpdir(), "staff-commands-"));
  cpSync(projectRoot, copy, { recursive: true, filter: (source) => !leftOut.has(path.basename(source)) });
  symlinkSync(path.join(projectRoot, "node_modules"), path.join(copy, "node_modules"));
  const port = await freePort();
  site = `http://localhost:${port}`;
  const started = spawn("npm", ["start"], {
    cwd: copy,
    env: { ...terminalEnv, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that stopping it stops the build server and workerd too.
    detached: true,
  });
  const keep = (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-4000));
  started.stdout?.on("data", keep);
  started.stderr?.on("data", keep);
  server = started;
  const deadline = Date.now() + 240_000;
  for (;;) {
    const up = await fetch(site).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`npm start did not answer within 4 minutes:\n${serverLog}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
});

test.afterAll(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid);
    } catch {
      server.kill();
    }
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** The staff's catalogue commands from README.md, found by what they do rather than by position. */
function catalogueCommands() {
  const commands = readmeCommands("Updating vehicles");
  const find = (pattern: RegExp) => {
    const matching = commands.filter((command) => pattern.test(command));
    expect(matching, `README "Updating vehicles" should have one command matching ${pattern}`).toHaveLength(1);
    return matching[0]!;
  };
  const found = {
    exportCommand: find(/^npm run catalogue -- export \S+$/),
    dryRunCommand: find(/^npm run catalogue -- import \S+ --dry-run$/),
    importCommand: find(/^npm run catalogue -- import \S+$/),
    forceCommand: find(/^npm run catalogue -- import \S+ --force$/),
    removeDryRunCommand: find(/^npm run catalogue -- remove [a-z0-9-]+ --dry-run$/),
    removeCommand: find(/^npm run catalogue -- remove [a-z0-9-]+$/),
  };
  expect(commands).toHaveLength(Object.keys(found).length);
  return { ...found, file: path.join(copy, found.exportCommand.split(" ").at(-1)!) };
}

interface CatalogueFile {
  catalogueVersion: number;
  vehicles: { id: string; price: number; name: string }[];
}

function readCatalogue(file: string): CatalogueFile {
  return JSON.parse(readFileSync(file, "utf8")) as CatalogueFile;
}

/** What a staff member would call a crash: a JavaScript stack trace instead of a message. */
const stackTrace = /^\s+at .+[(:]\d+/m;

test("Updating vehicles: export, change a price, dry run, import, and a bad file @desktop", async () => {
  test.setTimeout(240_000);
  const { exportCommand, dryRunCommand, importCommand, file } = catalogueCommands();

  const exported = type(exportCommand);
  expect(exported.status, exported.output).toBe(0);
  const catalogue = readCatalogue(file);
  expect(catalogue.vehicles.length).toBe(34);
  expect(Number.isInteger(catalogue.catalogueVersion)).toBe(true);
  const cart = catalogue.vehicles.find((vehicle) => vehicle.id === "denago-ev-city")!;
  expect(await priceOnPage(cart.id)).toBe("$11,995");

  cart.price = 10_995;
  writeFileSync(file, JSON.stringify(catalogue, null, 2));
  const dryRun = type(dryRunCommand);
  expect(dryRun.status, dryRun.output).toBe(0);
  expect(dryRun.output).toContain("nothing written");
  expect(await priceOnPage(cart.id)).toBe("$11,995");

  const imported = type(importCommand);
  expect(imported.status, imported.output).toBe(0);
  // The README promises the pages show a change within a minute.
  await expect.poll(() => priceOnPage(cart.id), { timeout: 60_000, intervals: [1000] }).toBe("$10,995");
  // Stamped with the version the import made, so the same file can be edited and imported again.
  expect(readCatalogue(file).catalogueVersion).toBeGreaterThan(catalogue.catalogueVersion);

  writeFileSync(
    file,
    JSON.stringify({
      catalogueVersion: readCatalogue(file).catalogueVersion,
      vehicles: [
        { ...cart, price: 9_995 },
        { ...catalogue.vehicles[1], id: "Bad Id", price: -1 },
      ],
    }),
  );
  const refused = type(importCommand);
  expect(refused.status).not.toBe(0);
  expect(refused.output).toContain("nothing was written");
  expect(refused.output).toMatch(/Bad Id\s+id:/);
  expect(refused.output).toMatch(/Bad Id\s+price:/);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await priceOnPage(cart.id)).toBe("$10,995");
});

test("Updating vehicles: a file exported before someone else's change is refused unless --force @desktop", async () => {
  test.setTimeout(240_000);
  const { exportCommand, importCommand, forceCommand, file } = catalogueCommands();

  const exported = type(exportCommand);
  expect(exported.status, exported.output).toBe(0);
  const mine = readCatalogue(file);
  const myCart = mine.vehicles.find((vehicle) => vehicle.id === "denago-ev-nomad")!;
  const theirCart = mine.vehicles.find((vehicle) => vehicle.id === "evolution-classic-2-plus")!;
  const myPriceBefore = await priceOnPage(myCart.id);
  const theirPriceBefore = await priceOnPage(theirCart.id);

  // A colleague changes another cart (the admin's SQL, or their own import) after my export.
  sql(`UPDATE vehicles SET price = price + 1000 WHERE id = '${theirCart.id}'`);
  const theirPrice = `$${(theirCart.price + 1000).toLocaleString("en-US")}`;
  await expect.poll(() => priceOnPage(theirCart.id), { timeout: 60_000, intervals: [1000] }).toBe(theirPrice);
  expect(theirPriceBefore).not.toBe(theirPrice);

  myCart.price += 500;
  writeFileSync(file, JSON.stringify(mine, null, 2));
  const refused = type(importCommand);
  expect(refused.status, refused.output).not.toBe(0);
  expect(refused.output).toContain("changed since");
  expect(refused.output).toContain("nothing was written");
  expect(refused.output).toContain("--force");
  expect(refused.output).not.toMatch(stackTrace);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await priceOnPage(myCart.id)).toBe(myPriceBefore);
  // My old copy of their cart did not undo their change.
  expect(await priceOnPage(theirCart.id)).toBe(theirPrice);

  const forced = type(forceCommand);
  expect(forced.status, forced.output).toBe(0);
  const myPrice = `$${myCart.price.toLocaleString("en-US")}`;
  await expect.poll(() => priceOnPage(myCart.id), { timeout: 60_000, intervals: [1000] }).toBe(myPrice);
});

test("Updating vehicles: remove a sold cart, with a dry run first @desktop", async () => {
  test.setTimeout(240_000);
  const { exportCommand, removeDryRunCommand, removeCommand, file } = catalogueCommands();
  const id = removeCommand.split(" ").at(-1)!;
  const cart = await priceOnPage(id);
  expect(cart).toMatch(/^\$/);

  const dryRun = type(removeDryRunCommand);
  expect(dryRun.status, dryRun.output).toBe(0);
  expect(dryRun.output).toContain(id);
  expect(dryRun.output).toContain("nothing written");
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await priceOnPage(id)).toBe(cart);

  const removed = type(removeCommand);
  expect(removed.status, removed.output).toBe(0);
  expect(removed.output).toContain(`Removed ${id}`);
  await expect.poll(() => priceOnPage(id), { timeout: 60_000, intervals: [1000] }).toBe("(no price)");
  expect(type(exportCommand).status).toBe(0);
  expect(readCatalogue(file).vehicles.map((vehicle) => vehicle.id)).not.toContain(id);

  // Typed again: the id is no longer in the catalogue, and staff are told so, not shown a crash.
  const again = type(removeCommand);
  expect(again.status).not.toBe(0);
  expect(again.output).toContain(`No vehicle has the id "${id}"`);
  expect(again.output).toContain("nothing was removed");
  expect(again.output).not.toMatch(stackTrace);
});

test("Contact messages: list the failed ones and put them back in line @desktop", async () => {
  test.setTimeout(120_000);
  const [listCommand, retryCommand, ...others] = readmeCommands("Contact messages");
  expect(others).toEqual([]);
  expect(listCommand).toBe("npm run contact -- list-failed");
  expect(retryCommand).toBe("npm run contact -- retry-failed");

  const none = type(listCommand!);
  expect(none.status, none.output).toBe(0);
  expect(none.output).toContain("No failed messages.");

  sql(
    "INSERT INTO contact_messages (id, first_name, last_name, email, phone, interest, message, status, attempts, last_error)" +
      " VALUES ('11111111-2222-4333-8444-555555555555', 'Pat', 'Doe', 'pat@example.com', '5705550100', 'sales'," +
      " 'A message that ran out of retries', 'failed', 5, 'mail service unavailable')",
  );
  const listed = type(listCommand!);
  expect(listed.status, listed.output).toBe(0);
  expect(listed.output).toContain("11111111-2222-4333-8444-555555555555");
  expect(listed.output).toContain("5 attempts");

  const retried = type(retryCommand!);
  expect(retried.status, retried.output).toBe(0);
  expect(retried.output).toContain("1 message(s) put back in line");
  const after = type(listCommand!);
  expect(after.output).toContain("No failed messages.");
});

const photoHash = (address: string) => /\/([0-9a-f]{16})-/.exec(address)?.[1];

/** The photos a vehicle page shows (each by its content hash), in the order it shows them. */
async function photosOnPage(id: string): Promise<string[]> {
  const html = await vehiclePage(id);
  const shown = [...html.matchAll(/<img[^>]*\bsrc="(\/photos\/[^"]+)"/g)].map((match) => photoHash(match[1]!)!);
  return [...new Set(shown)];
}

test("Vehicle photos: add, list, reorder and remove, as the README writes them @desktop", async () => {
  test.setTimeout(420_000);
  const commands = readmeCommands("Vehicle photos");
  const find = (pattern: RegExp) => {
    const matching = commands.filter((command) => pattern.test(command));
    expect(matching, `README "Vehicle photos" should have one command matching ${pattern}`).toHaveLength(1);
    return matching[0]!;
  };
  const addDryRun = find(/^npm run catalogue -- photos add [a-z0-9-]+ \S+ \S+ --dry-run$/);
  const add = find(/^npm run catalogue -- photos add [a-z0-9-]+ \S+ \S+$/);
  const list = find(/^npm run catalogue -- photos list [a-z0-9-]+$/);
  const orderDryRun = find(/^npm run catalogue -- photos order [a-z0-9-]+ 2,1 --dry-run$/);
  const order = find(/^npm run catalogue -- photos order [a-z0-9-]+ 2,1$/);
  const removeDryRun = find(/^npm run catalogue -- photos remove [a-z0-9-]+ 2 --dry-run$/);
  const remove = find(/^npm run catalogue -- photos remove [a-z0-9-]+ 2$/);
  expect(commands).toHaveLength(7);
  const [id, first, second] = add.split(" ").slice(6);
  const [catalogueExport, catalogueImport] = [
    catalogueCommands().exportCommand,
    readmeCommands("Updating vehicles").find((command) => /^npm run catalogue -- import \S+$/.test(command))!,
  ];
  expect(await photosOnPage(id!)).toEqual([]);

  // A note saved with a photo's name is refused by what it is, and nothing is added.
  writeFileSync(path.join(copy, first!), "Lot 12, back row: the blue one\n");
  writeFileSync(path.join(copy, second!), await samplePhoto({ colour: "#2e86c1", orientation: 6 }));
  const refused = type(addDryRun);
  expect(refused.status, refused.output).toBe(1);
  expect(refused.output).toContain(`${first} is not an image (its contents are not JPEG, PNG or WebP).`);
  expect(refused.output).toContain("Nothing was changed.");
  expect(refused.output).not.toMatch(stackTrace);

  writeFileSync(path.join(copy, first!), await samplePhoto({ colour: "#c0392b", orientation: 6 }));
  const dryRun = type(addDryRun);
  expect(dryRun.status, dryRun.output).toBe(0);
  expect(dryRun.output).toContain("dry run, nothing written");
  expect(type(list).output).toContain(`${id} has no photos`);

  const added = type(add);
  expect(added.status, added.output).toBe(0);
  expect(added.output).toContain(`Added 2 photos to ${id} locally`);
  const listed = type(list);
  expect(listed.status, listed.output).toBe(0);
  const entries = [...listed.output.matchAll(/^\s+\d+\s+(\/photos\/\S+)/gm)].map((match) => match[1]!);
  expect(entries).toHaveLength(2);
  // Upright: the 2400x1800 pixels stored sideways stand 1800x2400, so 1600x2133 at the largest size.
  for (const entry of entries) expect(entry).toMatch(/-1600x2133\.jpg$/);
  const hashes = entries.map((entry) => photoHash(entry)!);
  await expect.poll(() => photosOnPage(id!), { timeout: 60_000, intervals: [1000] }).toEqual(hashes);

  // Every file the Worker serves for the first photo: upright, and nothing of the phone's EXIF (GPS) left.
  const firstPhoto = entries[0]!;
  const html = await vehiclePage(id!);
  const served = new Set(
    [...html.matchAll(/\/photos\/[a-z0-9/-]+\.(?:avif|webp|jpg)/g)]
      .map((match) => match[0])
      .filter((address) => address.includes(photoHash(firstPhoto)!)),
  );
  expect(served.size).toBeGreaterThanOrEqual(9);
  for (const address of served) {
    const response = await fetch(`${site}${address}`);
    expect(response.status, address).toBe(200);
    const made = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(made.exif, address).toBeUndefined();
    expect(made.orientation ?? 1, address).toBe(1);
    if (address.endsWith("-social.jpg"))
      expect({ width: made.width, height: made.height }).toEqual({ width: 1200, height: 630 });
    else expect(made.height!, address).toBeGreaterThan(made.width!);
  }

  // In Chromium the main picture is fetched as AVIF and actually drawn.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.goto(`${site}/vehicle/${id}`);
    const main = page.locator("img[fetchpriority=high]");
    await expect(main).toHaveJSProperty("complete", true);
    expect(await main.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.avif$/);
    expect(await main.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // Asked for once, by the head's preload, so it does not wait behind the page's scripts.
    const fetchedBy = await main.evaluate((image: HTMLImageElement) =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name === image.currentSrc)
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    );
    expect(fetchedBy).toEqual(["link"]);

    // The main photo and the gallery's thumbnail each open their photo full size, with scripts or without.
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const visitor = await context.newPage();
      for (const [index, entry] of entries.entries()) {
        await visitor.goto(`${site}/vehicle/${id}`);
        const link = visitor.locator(`a[href="${entry}"]`);
        await expect(link, `photo ${index + 1}`).toHaveCount(1);
        // The photo's own answer, not the navigation's: a navigation can report none (seen once in CI).
        const [opened] = await Promise.all([
          visitor.waitForResponse((response) => response.url() === `${site}${entry}`),
          link.click(),
        ]);
        await expect(visitor, `JavaScript ${javaScriptEnabled ? "on" : "off"}`).toHaveURL(`${site}${entry}`);
        expect(opened.status()).toBe(200);
        expect(opened.headers()["content-type"]).toBe("image/jpeg");
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }

  // An export and import of the catalogue file keeps the photos as they are.
  expect(type(catalogueExport).status).toBe(0);
  const reimported = type(catalogueImport);
  expect(reimported.status, reimported.output).toBe(0);
  expect(reimported.output).toContain("0 added, 0 updated");
  expect(type(list).output).toContain(entries[1]);

  const orderPreview = type(orderDryRun);
  expect(orderPreview.status, orderPreview.output).toBe(0);
  expect(orderPreview.output).toContain("nothing written");
  const ordered = type(order);
  expect(ordered.status, ordered.output).toBe(0);
  await expect.poll(() => photosOnPage(id!), { timeout: 60_000, intervals: [1000] }).toEqual([hashes[1], hashes[0]]);

  const removePreview = type(removeDryRun);
  expect(removePreview.status, removePreview.output).toBe(0);
  expect(removePreview.output).toContain(entries[0]);
  expect(removePreview.output).toContain("nothing written");
  expect((await fetch(`${site}${entries[0]}`)).status).toBe(200);

  const removed = type(remove);
  expect(removed.status, removed.output).toBe(0);
  await expect.poll(() => photosOnPage(id!), { timeout: 60_000, intervals: [1000] }).toEqual([hashes[1]]);
  for (const address of served) expect((await fetch(`${site}${address}`)).status, address).toBe(404);

  // Typed again, photo 2 no longer exists: staff are told so, not shown a crash.
  const again = type(remove);
  expect(again.status).toBe(1);
  expect(again.output).toContain(`it has 1 photo, numbered 1 to 1`);
  expect(again.output).not.toMatch(stackTrace);
});
