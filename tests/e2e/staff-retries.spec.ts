import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { site } from "~/config/site";
import { addDays, localMoment } from "~/lib/calendar-days";
import { anHourAgo } from "../support/dealer-clock";
import { readmeCommands } from "../support/readme";
import { expect, test, type StaffProject } from "../support/staff-project";

/**
 * The staff's commands when wrangler or the local runtime fails for a moment, as it does on a busy
 * computer ("Network connection lost" from the runtime wrangler starts): the README's commands typed
 * into the copy of the project that runs `npm start`, with wrangler replaced by a stand-in that
 * fails the calls a test names and runs the real wrangler for the rest. A read is tried again; a
 * write whose answer was lost is looked for before anything is sent again, so it is made once; and
 * a command that gives up says which step failed, what wrangler said, and what to do.
 */

let project: StaffProject;
const sql = <Row>(statement: string): Promise<Row[]> => project.sql<Row>(statement);

test.describe.configure({ mode: "serial" });

test.beforeAll(({ staffProject }) => {
  project = staffProject;
});

/**
 * What the stand-in does on each call, in order; calls past the list run the real wrangler.
 * "lose-before": answers as wrangler does when the runtime drops the connection, without running.
 * "lose-after": runs the real wrangler (the statement is applied), then answers the same way, as
 * when the connection drops after the database did the work.
 */
type Call = "real" | "lose-before" | "lose-after";

const standInSource = `#!/usr/bin/env node
import { spawnSync } from "node:child_process";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
const folder = import.meta.dirname;
const planFile = path.join(folder, "plan.json");
const plan = JSON.parse(readFileSync(planFile, "utf8"));
const call = plan.shift() ?? "real";
writeFileSync(planFile, JSON.stringify(plan));
const args = process.argv.slice(2);
appendFileSync(path.join(folder, "calls.log"), JSON.stringify({ call, args }) + "\\n");
// What wrangler d1 execute --json prints when the local runtime drops its connection.
const lost = () => {
  process.stdout.write(JSON.stringify({ error: { text: "Network connection lost." } }, null, 2) + "\\n");
  process.exit(1);
};
if (call === "lose-before") lost();
const real = spawnSync("wrangler", args, { stdio: call === "real" ? "inherit" : "pipe", maxBuffer: 1 << 28 });
if (call === "lose-after") lost();
process.exit(real.status ?? 1);
`;

/** A wrangler stand-in of the test's own: the variable that puts it in wrangler's place, and what it was asked. */
function wranglerStandIn(plan: Call[]) {
  const folder = mkdtempSync(path.join(tmpdir(), "wrangler-stand-in-"));
  const program = path.join(folder, "wrangler-stand-in.mjs");
  writeFileSync(program, standInSource);
  chmodSync(program, 0o755);
  writeFileSync(path.join(folder, "plan.json"), JSON.stringify(plan));
  writeFileSync(path.join(folder, "calls.log"), "");
  return {
    env: { STAFF_TOOLS_TEST_ONLY_WRANGLER_STAND_IN: program },
    /** Each call: what the stand-in did, and wrangler's arguments as one line. */
    calls: () =>
      readFileSync(path.join(folder, "calls.log"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { call: Call; args: string[] })
        .map(({ call, args }) => ({ call, line: args.join(" ") })),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** The README's command matching `pattern` in one of its sections. */
function readmeCommand(section: string, pattern: RegExp): string {
  const matching = readmeCommands(section).filter((command) => pattern.test(command));
  expect(matching, `README "${section}" should have one command matching ${pattern}`).toHaveLength(1);
  return matching[0]!;
}

/** What a staff member would call a crash: a JavaScript stack trace instead of a message. */
const stackTrace = /^\s+at .+[(:]\d+/m;

test("a read the runtime drops is tried again: the README's export writes the catalogue @desktop", async () => {
  test.setTimeout(120_000);
  const exportCommand = readmeCommand("Updating vehicles", /^npm run catalogue -- export \S+\.json$/);
  const file = path.join(project.folder, exportCommand.split(" ").at(-1)!);
  rmSync(file, { force: true });
  const standIn = wranglerStandIn(["lose-before"]);
  try {
    const exported = await project.type(exportCommand, standIn.env);
    expect(exported).toExitWith(0);
    expect(exported.output).toContain(
      "wrangler failed while reading the catalogue from the local database (Network connection lost.); trying again in 0.5 s (try 2 of 3).",
    );
    expect(standIn.calls().map(({ call }) => call)).toEqual(["lose-before", "real"]);
    const written = JSON.parse(readFileSync(file, "utf8")) as { vehicles: unknown[] };
    expect(written.vehicles.length).toBeGreaterThan(0);
  } finally {
    standIn.remove();
  }
});

test("an import whose answer was lost is found in, and not sent again @desktop", async () => {
  test.setTimeout(180_000);
  const exportCommand = readmeCommand("Updating vehicles", /^npm run catalogue -- export \S+\.json$/);
  const importCommand = readmeCommand("Updating vehicles", /^npm run catalogue -- import \S+\.json$/);
  expect(await project.type(exportCommand)).toExitWith(0);
  const imports = async () =>
    (await sql<{ count: number }>("SELECT count(*) AS count FROM catalogue_imports"))[0]!.count;
  const before = await imports();
  // The import reads the catalogue and the carts buyers hold (one batch), then sends its file: that
  // one is applied and its answer lost.
  const standIn = wranglerStandIn(["real", "lose-after"]);
  try {
    const imported = await project.type(importCommand, standIn.env);
    expect(imported).toExitWith(0);
    expect(imported.output).toContain("after the change was made; it was not sent again");
    expect(imported.output).toMatch(/Imported \S+ locally: 0 added, 0 updated/);
    expect(imported.output).not.toMatch(stackTrace);
    // The file went in once: one more import recorded, and the file sent once.
    expect(await imports()).toBe(before + 1);
    expect(standIn.calls().filter(({ line }) => line.includes("--file"))).toHaveLength(1);
  } finally {
    standIn.remove();
  }
});

test("a decision whose answer was lost is made once, whether or not the lost try went in @desktop", async () => {
  test.setTimeout(180_000);
  const confirm = readmeCommand("Bookings", /^npm run bookings -- confirm R-\w{6}$/);
  // Two requests of the test's own, far beyond any day the other staff tests look at.
  const first = addDays(localMoment(new Date(), site.timeZone).day, 400);
  const references = ["R-RETRY2", "R-RETRY3"];
  const rows = references.map(
    (reference, index) =>
      `('${reference}', 'retry-token-${index}', 'rental', 'six-seater', '${first}', '${addDays(first, 2)}', 'requested',` +
      ` '6 Seater, 2 days from ${first}', 'Booking ${reference}', 'sales', 'Rita', 'Tryagain', NULL,` +
      ` '{"delivery":{"type":"pickup"}}', '{"total":490}', 'rita@example.com', '570-555-0199', '${anHourAgo().stored}')`,
  );
  await sql(
    "INSERT INTO bookings (reference, token_hash, kind, pool, start_day, end_day, status, summary, announcement, interest," +
      ` first_name, last_name, vehicle_id, request, quote, email, phone, created_at) VALUES ${rows.join(", ")}`,
  );
  const updates = (calls: { line: string }[]) => calls.filter(({ line }) => /\bupdate "bookings"/i.test(line)).length;
  try {
    for (const [reference, lost, sent] of [
      // Applied, answer lost: found confirmed by this command, and not sent again.
      [references[0]!, "lose-after", 1],
      // Dropped before it ran: found not made, and sent again.
      [references[1]!, "lose-before", 2],
    ] as const) {
      const standIn = wranglerStandIn([lost]);
      try {
        const confirmed = await project.type(confirm.replace(/R-\w{6}$/, reference), standIn.env);
        expect(confirmed).toExitWith(0);
        expect(confirmed.output).toContain(`Confirmed: ${reference}`);
        expect(confirmed.output).not.toMatch(stackTrace);
        expect(updates(standIn.calls()), `${reference}: the UPDATE sent ${sent} time(s)`).toBe(sent);
      } finally {
        standIn.remove();
      }
      expect(await sql(`SELECT status, decided_by FROM bookings WHERE reference = '${reference}'`)).toEqual([
        { status: "confirmed", decided_by: "terminal" },
      ]);
      // The customer is told once.
      expect(await sql(`SELECT booking_event FROM contact_messages WHERE booking_reference = '${reference}'`)).toEqual([
        { booking_event: "confirmed" },
      ]);
    }
  } finally {
    for (const reference of references) {
      await sql(`DELETE FROM contact_messages WHERE booking_reference = '${reference}'`);
      await sql(`DELETE FROM bookings WHERE reference = '${reference}'`);
    }
  }
});

test("when wrangler keeps failing, the command stops and says what failed and what to do @desktop", async () => {
  test.setTimeout(120_000);
  const list = readmeCommand("Bookings", /^npm run bookings -- list --status requested$/);
  const standIn = wranglerStandIn(["lose-before", "lose-before", "lose-before"]);
  try {
    const failed = await project.type(list, standIn.env);
    expect(failed).toExitWith(1);
    expect(failed.output).toContain(
      "Reading the bookings from the local database failed 3 times, so the command stopped.",
    );
    expect(failed.output).toContain("wrangler said: Network connection lost.");
    expect(failed.output).toContain("type the same command again in a minute");
    expect(failed.output).not.toMatch(stackTrace);
    expect(standIn.calls()).toHaveLength(3);
  } finally {
    standIn.remove();
  }
});
