import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import type { Request } from "@playwright/test";
import { staffVehiclePhotoPath } from "~/config/pages";
import { waitForIsland } from "../support/island";
import { readmeCommands } from "../support/readme";
import { samplePhoto } from "../support/sample-photos";
import { javaScriptBudgets } from "../support/script-budgets";
import { expect, test } from "../support/staff-project";

/**
 * Photos that travel light (issue 58), at 390 px with JavaScript on: a camera photo (4032x3024,
 * shot in portrait, with GPS in its EXIF) and a small one are chosen on a vehicle's staff page; the
 * camera photo reaches the server upright, at most 2,048 px and with no EXIF, the small one as it
 * was; each has its line, a send that fails offers to send it again, and sending again adds it. A
 * HEIC, which Chromium cannot draw, goes as it is. The page's island is held to its script budget.
 */

const phone = { width: 390, height: 844 };

/** The first 16 hex digits of SHA-256: how the server names a photo (photo-intake.ts, photoHash). */
const contentHash = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);

/** The photo a post to the one-photo address carried: its name and bytes. */
async function sentPhoto(request: Request): Promise<{ name: string; bytes: Buffer }> {
  const body = await new Response(new Uint8Array(request.postDataBuffer()!), {
    headers: { "Content-Type": request.headers()["content-type"]! },
  }).formData();
  const photo = body.get("photos") as File;
  return { name: photo.name, bytes: Buffer.from(await photo.arrayBuffer()) };
}

test("photos chosen on a phone travel smaller and one by one, each with its line, and a failed one is sent again", async ({
  browser,
  staffProject: project,
}) => {
  test.setTimeout(240_000);
  const folder = mkdtempSync(path.join(tmpdir(), "light-photos-"));
  const camera = path.join(folder, "camera.jpg");
  const small = path.join(folder, "small.jpg");
  writeFileSync(camera, await samplePhoto({ colour: "#c0392b", width: 4032, height: 3024, orientation: 6 }));
  writeFileSync(small, await samplePhoto({ colour: "#2980b9", width: 1200, height: 900 }));

  const context = await browser.newContext({ viewport: phone });
  const staff = await context.newPage();
  await staff.goto(`${project.site}/staff/vehicles/new`);
  await staff.getByLabel("Start from").selectOption({ label: "DENAGO EV City" });
  await staff.getByLabel("Name").fill("DENAGO EV City Light Photos");
  await staff.getByLabel("Price (US dollars)").fill("12495");
  await staff.getByLabel("Units on the lot").fill("1");
  await staff.getByRole("button", { name: "Add the draft" }).click();
  const id = "denago-ev-city-light-photos";
  await expect(staff).toHaveURL(new RegExp(`/staff/vehicles/${id}$`));

  // The page's one script, compressed as the browser receives it, within its budget.
  // Measured in a page of its own that loads the address once: a page navigated away from while a
  // script was still arriving would leave a response whose body can no longer be read.
  const measured = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  measured.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.body());
  });
  await measured.goto(staff.url());
  await waitForIsland(measured);
  const scripts = await Promise.all(bodies);
  await measured.close();
  await waitForIsland(staff);
  const scriptBytes = scripts.reduce((sum, body) => sum + gzipSync(body).length, 0);
  console.log(`staff vehicle page: ${scripts.length} script file, ${(scriptBytes / 1024).toFixed(1)} KB gzip`);
  expect(scripts).toHaveLength(1);
  expect(scriptBytes).toBeLessThanOrEqual(javaScriptBudgets["staff-vehicle"]!);

  const photoAddress = `${project.site}${staffVehiclePhotoPath(id)}`;
  const arrived: Request[] = [];
  staff.on("requestfinished", (request) => {
    if (request.url() === photoAddress) arrived.push(request);
  });
  // The first photo's first send fails as a dropped connection on the lot would.
  let dropped = false;
  await staff.route(photoAddress, (route) => {
    if (dropped) return route.continue();
    dropped = true;
    return route.abort("connectionfailed");
  });

  await staff.getByLabel("Add photos").setInputFiles([camera, small]);
  await staff.getByRole("button", { name: "Upload" }).click();
  const lines = staff.locator("[data-photo-travel-progress] li");
  await expect(lines.nth(0)).toContainText("Photo 1 of 2 (camera.jpg): not sent: the connection failed.");
  await expect(lines.nth(1)).toContainText("Photo 2 of 2 (small.jpg): sent. Added 1 photo.");
  await staff.getByRole("button", { name: "Send it again: Photo 1 of 2 (camera.jpg)" }).click();
  await expect(lines.nth(0)).toContainText("Photo 1 of 2 (camera.jpg): sent. Added 1 photo.");
  // The page shows both without being loaded again, and its buttons carry the new version.
  await expect(staff.getByRole("img", { name: /^Photo \d$/ })).toHaveCount(2);

  // What reached the server: the camera photo upright, no side over 2,048 px, no EXIF (so no GPS);
  // the small one exactly as chosen, never enlarged.
  expect(arrived).toHaveLength(2);
  const sent = await Promise.all(arrived.map(sentPhoto));
  const smaller = sent.find((photo) => photo.name === "camera.jpg")!;
  const meta = await sharp(smaller.bytes).metadata();
  expect(meta.format).toBe("jpeg");
  expect([meta.width, meta.height]).toEqual([1536, 2048]);
  expect(meta.exif).toBeUndefined();
  expect(smaller.bytes.length).toBeLessThan(readFileSync(camera).length / 2);

  // Stored as the server always stores: the portrait photo upright, no EXIF in any largest JPEG.
  const [row] = await project.sql<{ images: string }>(`SELECT images FROM vehicles WHERE id = '${id}'`);
  const stored = (JSON.parse(row!.images) as string[]).filter((image) => image.startsWith("/photos/"));
  expect(stored).toHaveLength(2);
  const sizes = [];
  for (const image of stored) {
    const file = await staff.request.get(`${project.site}${image}`);
    expect(file.status(), image).toBe(200);
    const storedMeta = await sharp(await file.body()).metadata();
    expect(storedMeta.exif, `${image} carries EXIF`).toBeUndefined();
    sizes.push([storedMeta.width, storedMeta.height]);
  }
  // The small photo first (the camera photo's first send failed), then the camera photo, taller than wide.
  expect(sizes).toEqual([
    [1200, 900],
    [1536, 2048],
  ]);
  // A photo is named by its received bytes' hash: the small one arrived exactly as chosen (never
  // enlarged or encoded again), the camera photo as the smaller copy the request carried.
  // (Chromium's request record leaves out a file picked from the disk, so its name says it.)
  expect(stored[0]).toContain(contentHash(readFileSync(small)));
  expect(stored[1]).toContain(contentHash(smaller.bytes));

  // An iPhone's HEIC, which Chromium cannot draw, goes as it is: the server reads its bytes as HEIC
  // under its own name (a copy made on the phone would have been a JPEG named .jpg). The local
  // engine cannot read HEIC, so it is refused by name, saying Cloudflare can; nothing is stored.
  const heicHeader = Buffer.alloc(24);
  heicHeader.writeUInt32BE(24, 0);
  heicHeader.write("ftypheic", 4, "latin1");
  heicHeader.write("mif1heic", 16, "latin1");
  const heic = Buffer.concat([heicHeader, Buffer.alloc(4096, 7)]);
  await staff.getByLabel("Add photos").setInputFiles({ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heic });
  await staff.getByRole("button", { name: "Upload" }).click();
  await expect(lines.filter({ hasText: "IMG_0001.HEIC" })).toContainText(
    "Photo 1 of 1 (IMG_0001.HEIC): not added. IMG_0001.HEIC is a HEIC photo this server cannot read",
  );
  await expect(staff.getByRole("img", { name: /^Photo \d$/ })).toHaveCount(2);

  // The draft goes as staff remove a cart, with its photo files, so the staff specs after this one
  // count the drafts they make themselves.
  const remove = readmeCommands("Updating vehicles").find((command) =>
    /^npm run catalogue -- remove \S+$/.test(command),
  );
  expect(remove, 'README "Updating vehicles" gives the remove command').toBeDefined();
  expect(await project.type(remove!.replace(/\S+$/, id))).toExitWith(0);
});
