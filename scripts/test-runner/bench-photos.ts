/**
 * `npm run bench -- photos`: five camera photos reach a vehicle's staff page over a rural uplink
 * (issue 58). Chromium's headless shell, at 390 px, with the link Chrome's DevTools emulate
 * (1.5 Mbit/s up, 150 ms latency) on the production build in local workerd: once with JavaScript
 * on (the page's island makes each photo 2,048 px on the phone and sends it alone) and once with it
 * off (the plain form sends the originals together). Prints both times, the bytes each sent, and
 * the width of the largest rendition stored of each photo, which must still be 1,600 px.
 *
 * A measurement, not a test: it fails (exit 1) only when the photos did not all arrive, a rendition
 * came out narrower, or the scripted upload missed its goal of 60 s.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import sharp from "sharp";
import { staffVehiclePath } from "../../src/config/pages";
import { samplePhoto } from "../../tests/support/sample-photos";
import { setLocalVariables } from "../local-site/local-variables";
import { defaultLocalStaffIdentity } from "../local-site/local-staff";
import { projectRoot, run } from "../shared/run";
import { query } from "../staff/d1";
import { chromiumArgs, ensureHeadlessShell, headlessShellPath } from "./chromium";
import { startMeasuredPreview, waitForServer } from "./preview";

const port = Number(process.env.BENCH_PORT ?? 4290);
// localhost: the local staff identity is honoured only for this machine's own names.
const origin = `http://localhost:${port}`;
const stateDirectory = ".wrangler/bench-photos-state";
const phone = { width: 390, height: 844 };
/** A rural uplink, as issue 58 measured it; downloads at a modest 10 Mbit/s. */
const link = { latency: 150, uploadThroughput: (1.5e6 / 8) | 0, downloadThroughput: (10e6 / 8) | 0 };
const photoCount = 5;
const goalSeconds = 60;
/** Each run on its own seeded vehicle, so both start from the same few photos. */
const vehicles = { on: "denago-ev-city", off: "evolution-d6-max-xt4" } as const;

/** Five 4032x3024 photos as a phone's camera writes them (about 3 MB each), each a different scene. */
async function cameraPhotos(folder: string): Promise<string[]> {
  const files: string[] = [];
  for (let index = 0; index < photoCount; index += 1) {
    const file = path.join(folder, `IMG_${1001 + index}.jpg`);
    const colour = `hsl(${index * 70}, 55%, 45%)`;
    writeFileSync(file, await samplePhoto({ colour, width: 4032, height: 3024, quality: 94 }));
    files.push(file);
  }
  return files;
}

const storedPhotos = (id: string) =>
  (
    JSON.parse(
      query<{ images: string }>(
        { remote: false, persistTo: stateDirectory },
        `SELECT images FROM vehicles WHERE id = '${id}'`,
        "reading the vehicle's photos",
      )[0]!.images,
    ) as string[]
  ).filter((image) => image.startsWith("/photos/"));

interface Upload {
  seconds: number;
  sentBytes: number;
  widths: number[];
}

/** Chooses the photos on the vehicle's staff page, taps Upload, and times it until the page shows them all. */
async function upload(browser: Browser, files: string[], javaScript: boolean): Promise<Upload> {
  const id = javaScript ? vehicles.on : vehicles.off;
  const before = storedPhotos(id).length;
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: javaScript });
  const page = await context.newPage();
  await page.goto(`${origin}${staffVehiclePath(id)}`);
  if (javaScript) await page.waitForFunction(() => document.documentElement.dataset.island === "live");
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...link });
  // The photos as sent: the plain form's are the files from the disk; the island's are counted in
  // the page as each goes (a request's record in Chromium leaves out a body made of blobs).
  await page.evaluate(() => {
    const send = XMLHttpRequest.prototype.send;
    const counted = window as unknown as { photoBytes: number };
    counted.photoBytes = 0;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData)
        for (const [, value] of body) if (value instanceof Blob) counted.photoBytes += value.size;
      return send.call(this, body);
    };
  });
  await page.getByLabel("Add photos").setInputFiles(files);
  const started = performance.now();
  // Without JavaScript the tap is a form post: the click waits for the page that answers it.
  await page.getByRole("button", { name: "Upload" }).click({ timeout: 600_000 });
  // What the staff member waits for: every photo on the page, whichever way it came.
  await page
    .getByRole("img", { name: /^Photo \d+$/ })
    .nth(before + photoCount - 1)
    .waitFor({ timeout: 600_000 });
  const seconds = (performance.now() - started) / 1000;
  const sentBytes = javaScript
    ? await page.evaluate(() => (window as unknown as { photoBytes: number }).photoBytes)
    : files.reduce((sum, file) => sum + statSync(file).size, 0);
  await context.close();
  const added = storedPhotos(id).slice(before);
  const widths: number[] = [];
  for (const image of added) {
    const answer = await fetch(`${origin}${image}`);
    widths.push((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width ?? 0);
  }
  return { seconds, sentBytes, widths };
}

/** The benchmark; its exit status. */
export async function benchPhotos(): Promise<number> {
  if (!ensureHeadlessShell()) throw new Error("Chromium's headless shell is required for this benchmark.");
  rmSync(path.join(projectRoot, stateDirectory), { recursive: true, force: true });
  run("tsx", ["scripts/local-site/db-setup.ts", "--persist-to", stateDirectory]);
  // The build's local variables, as `npm start` writes them: this machine may open the staff pages.
  setLocalVariables(defaultLocalStaffIdentity);
  const folder = mkdtempSync(path.join(tmpdir(), "bench-photos-"));
  const server = startMeasuredPreview({ port, stateDirectory, host: "localhost" });
  const browser = await chromium.launch({ executablePath: headlessShellPath, args: chromiumArgs });
  const failures: string[] = [];
  try {
    await waitForServer(`${origin}/`);
    const files = await cameraPhotos(folder);
    const totalMb = files.reduce((sum, file) => sum + statSync(file).size, 0) / 1024 / 1024;
    console.log(
      `\nFive 4032x3024 camera JPEGs, ${totalMb.toFixed(1)} MB in all, to a staff vehicle page at ${phone.width} px over ` +
        `${(link.uploadThroughput * 8) / 1e6} Mbit/s up, ${link.latency} ms latency (Chromium's network emulation)`,
    );
    const results = { on: await upload(browser, files, true), off: await upload(browser, files, false) };
    console.log(
      `${"JavaScript".padEnd(12)}${"seconds".padStart(10)}${"MB photos".padStart(10)}  largest rendition widths`,
    );
    for (const [name, result] of Object.entries(results)) {
      const sent = (result.sentBytes / 1024 / 1024).toFixed(1);
      console.log(
        `${name.padEnd(12)}${result.seconds.toFixed(1).padStart(10)}${sent.padStart(10)}  ${result.widths.join(", ")}`,
      );
      if (result.widths.length !== photoCount)
        failures.push(`JavaScript ${name}: ${result.widths.length} photos stored`);
      if (result.widths.some((width) => width !== 1600))
        failures.push(`JavaScript ${name}: a rendition under 1,600 px`);
    }
    if (results.on.seconds > goalSeconds) {
      failures.push(`with JavaScript the photos took ${results.on.seconds.toFixed(1)} s (goal ${goalSeconds} s)`);
    }
  } finally {
    await browser.close();
    server.kill();
    rmSync(folder, { recursive: true, force: true });
  }
  for (const failure of failures) console.error(`BUDGET MISSED: ${failure}`);
  return failures.length > 0 ? 1 : 0;
}
