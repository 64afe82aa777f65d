import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { basename } from "node:path";
import { pages } from "~/config/pages";
import { plainAddresses, pageTypes } from "../support/page-types";
import { javaScriptBudgets } from "../support/script-budgets";
import { scriptTagsIn } from "../support/script-tags";

/**
 * What each page type costs a visitor in JavaScript and CSS, gzip-compressed as the browser
 * receives it. Plain pages ship none; the pages that need a script load only their island, in one
 * file (tests/support/script-budgets.ts has the budgets).
 */
const cssBudget = 20 * 1024;

/**
 * Text only the page registry holds (src/config/pages.ts): a script that contains it ships the
 * registry, with every town and staff page, which no island needs.
 */
const registryOnlyTexts = ["Test drive calendar file", "Service booking calendar file"];

/** The built chunk names of the route modules and of the app's own entry: an island loads none of them. */
const appChunkNames = new Set([
  ...pages.map((page) => basename(page.module).replace(/\.tsx?$/, "")),
  "entry.client",
  "root",
  "manifest",
  "react-dom",
]);

/** "contact" for /assets/contact-C65w4L53.js. */
function chunkName(url: string): string {
  return basename(new URL(url).pathname).replace(/-[\w-]{8}\.js$/, "");
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

test("every page type stays within its JavaScript and CSS budget, an island in one file @desktop", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const rows: string[] = [];
  const failures: string[] = [];
  for (const { name, path, isPlain } of pageTypes) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sizes = { script: 0, stylesheet: 0 };
    const pending: Promise<void>[] = [];
    const scripts: { url: string; body: string }[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      pending.push(
        response.body().then(
          (body) => {
            sizes[type] += gzipSync(body).length;
            if (type === "script") scripts.push({ url: response.url(), body: body.toString("utf8") });
          },
          () => undefined,
        ),
      );
    });
    await page.goto(path, { waitUntil: "networkidle" });
    await Promise.all(pending);
    await context.close();
    rows.push(
      `${name.padEnd(22)} ${(isPlain ? "plain" : "island").padEnd(9)} ${path.padEnd(32)} ${String(scripts.length).padStart(8)} ${kilobytes(sizes.script).padStart(10)} ${kilobytes(sizes.stylesheet).padStart(10)}`,
    );
    // One file: an island split into chunks makes the browser find its imports only after it
    // arrives, a round trip per level on a phone's link before the form or calculator is live.
    if (!isPlain && scripts.length !== 1)
      failures.push(
        `${path} loads its island in ${scripts.length} script files: ${scripts.map((script) => chunkName(script.url)).join(", ")}`,
      );
    if (isPlain && sizes.script > 0)
      failures.push(`${path} ships ${kilobytes(sizes.script)} of JavaScript; it should ship none`);
    const javaScriptBudget = javaScriptBudgets[name] ?? 0;
    if (!isPlain && !(name in javaScriptBudgets)) failures.push(`${path} (${name}) has a script but no budget here`);
    if (sizes.script > javaScriptBudget)
      failures.push(`${path} ships ${kilobytes(sizes.script)} of JavaScript (budget ${kilobytes(javaScriptBudget)})`);
    if (!isPlain && sizes.script === 0) failures.push(`${path} loads no script: its island is missing`);
    for (const script of scripts) {
      if (registryOnlyTexts.some((text) => script.body.includes(text)))
        failures.push(`${path} loads the page registry in ${script.url}`);
      if (appChunkNames.has(chunkName(script.url)))
        failures.push(`${path} loads ${script.url}, a route module or the app's entry`);
    }
    if (sizes.stylesheet > cssBudget)
      failures.push(`${path} ships ${kilobytes(sizes.stylesheet)} of CSS (budget ${kilobytes(cssBudget)})`);
  }
  console.log(
    `\nPage weight (gzip)\n${"page".padEnd(22)} ${"kind".padEnd(9)} ${"path".padEnd(32)} ${"JS files".padStart(8)} ${"JS".padStart(10)} ${"CSS".padStart(10)}\n${rows.join("\n")}\n`,
  );
  expect(failures).toEqual([]);
});

test("every plain address in the page registry names no script file @desktop", async ({ request }) => {
  test.setTimeout(120_000);
  const withScripts: string[] = [];
  for (const path of plainAddresses) {
    const scripts = scriptTagsIn(await (await request.get(path)).text());
    if (scripts.length > 0) withScripts.push(`${path}: ${scripts.join(" ")}`);
  }
  console.log(`${plainAddresses.length} plain addresses checked for script files`);
  expect(plainAddresses.length).toBeGreaterThan(40);
  expect(withScripts).toEqual([]);
});

test("an island page names every script its island loads, so none waits for another to arrive @desktop", async ({
  browser,
  request,
}) => {
  const islandTypes = pageTypes.filter((type) => !type.isPlain);
  expect(islandTypes.length).toBeGreaterThan(0);
  const unnamed: string[] = [];
  for (const { path } of islandTypes) {
    const named = new Set(
      scriptTagsIn(await (await request.get(path)).text()).map((tag) => /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1]),
    );
    const context = await browser.newContext();
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "script") loaded.push(new URL(sent.url()).pathname);
    });
    await page.goto(path, { waitUntil: "networkidle" });
    await context.close();
    expect(loaded.length, `${path} loads its island`).toBeGreaterThan(0);
    for (const script of loaded) if (!named.has(script)) unnamed.push(`${path} loads ${script}, not named in its HTML`);
  }
  expect(unnamed).toEqual([]);
});
