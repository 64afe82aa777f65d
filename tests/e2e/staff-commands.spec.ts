import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readmeCommands } from "../support/readme";

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
function priceOnPage(id: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // agent: false: a kept-alive socket left idle through a staff command can be closed by the
    // server just as it is reused, which would fail the request rather than tell us about the page.
    const request = http.get(`${site}/vehicle/${id}`, { agent: false }, (response) => {
      let html = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (html += chunk));
      response.on("end", () => resolve(/data-testid="vehicle-price"[^>]*>([^<]+)</.exec(html)?.[1] ?? "(no price)"));
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

test("Updating vehicles: export, change a price, dry run, import, and a bad file @desktop", async () => {
  test.setTimeout(240_000);
  const [exportCommand, dryRunCommand, importCommand, ...others] = readmeCommands("Updating vehicles");
  expect(others).toEqual([]);
  expect(exportCommand).toMatch(/^npm run catalogue -- export \S+$/);
  expect(dryRunCommand).toMatch(/^npm run catalogue -- import \S+ --dry-run$/);
  expect(importCommand).toMatch(/^npm run catalogue -- import \S+$/);
  const file = path.join(copy, exportCommand!.split(" ").at(-1)!);

  const exported = type(exportCommand!);
  expect(exported.status, exported.output).toBe(0);
  const catalogue = JSON.parse(readFileSync(file, "utf8")) as { id: string; price: number }[];
  expect(catalogue.length).toBe(34);
  const cart = catalogue.find((vehicle) => vehicle.id === "denago-ev-city")!;
  expect(await priceOnPage(cart.id)).toBe("$11,995");

  cart.price = 10_995;
  writeFileSync(file, JSON.stringify(catalogue, null, 2));
  const dryRun = type(dryRunCommand!);
  expect(dryRun.status, dryRun.output).toBe(0);
  expect(dryRun.output).toContain("nothing written");
  expect(await priceOnPage(cart.id)).toBe("$11,995");

  const imported = type(importCommand!);
  expect(imported.status, imported.output).toBe(0);
  // The README promises the pages show a change within a minute.
  await expect.poll(() => priceOnPage(cart.id), { timeout: 60_000, intervals: [1000] }).toBe("$10,995");

  writeFileSync(
    file,
    JSON.stringify([
      { ...cart, price: 9_995 },
      { ...catalogue[1], id: "Bad Id", price: -1 },
    ]),
  );
  const refused = type(importCommand!);
  expect(refused.status).not.toBe(0);
  expect(refused.output).toContain("nothing was written");
  expect(refused.output).toMatch(/Bad Id\s+id:/);
  expect(refused.output).toMatch(/Bad Id\s+price:/);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await priceOnPage(cart.id)).toBe("$10,995");
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
