import { readmeCommands } from "../support/readme";
import { expect, test, type StaffProject } from "../support/staff-project";

/**
 * The staff's reservation commands exactly as README.md writes them, typed into the copy of the
 * project that runs `npm start`, so they act on the database the site serves.
 */

let project: StaffProject;
const type = (command: string) => project.type(command);

/** What a staff member would call a crash: a JavaScript stack trace instead of a message. */
const stackTrace = /^\s+at .+[(:]\d+/m;

test.describe.configure({ mode: "serial" });

test.beforeAll(({ staffProject }) => {
  project = staffProject;
});

/** The README's Reservations commands, each found by what it does. */
function reservationCommands() {
  const commands = readmeCommands("Reservations");
  const find = (pattern: RegExp) => {
    const matching = commands.filter((command) => pattern.test(command));
    expect(matching, `README "Reservations" should have one command matching ${pattern}`).toHaveLength(1);
    return matching[0]!;
  };
  const found = {
    listRequested: find(/^npm run reservations -- list --status requested$/),
    confirmDryRun: find(/^npm run reservations -- confirm C-\w{6} --dry-run$/),
    confirm: find(/^npm run reservations -- confirm C-\w{6}$/),
    decline: find(/^npm run reservations -- decline C-\w{6}$/),
    sold: find(/^npm run reservations -- sold C-\w{6}$/),
    listAll: find(/^npm run reservations -- list$/),
  };
  expect(commands).toHaveLength(Object.keys(found).length);
  const reference = (command: string) => command.split(" ")[5]!;
  return { ...found, confirmed: reference(found.confirm), declined: reference(found.decline) };
}

async function statusOf(reference: string) {
  return (
    await project.sql<{ status: string }>(`SELECT status FROM cart_reservations WHERE reference = '${reference}'`)
  )[0]?.status;
}

/** The vehicle page's status badge, over a fresh request as a visitor's browser would send it. */
async function shownStatus(vehicleId: string): Promise<string> {
  const html = await (await fetch(`${project.site}/vehicle/${vehicleId}`)).text();
  const status = /data-testid="vehicle-status"[^>]*>([^<]+)</.exec(html)?.[1] ?? "(none)";
  return /data-testid="reserved"/.test(html) ? `${status}, Reserved` : status;
}

test("Reservations: list, confirm, decline and sold, as the README writes them @desktop", async () => {
  test.setTimeout(300_000);
  const readme = reservationCommands();
  expect(readme.sold).toContain(readme.confirmed);
  const cart = "club-car-onward-2021";
  const other = "swift-ev-mach-4e-2022";

  const none = await type(readme.listRequested);
  expect(none.status, none.output).toBe(0);
  expect(none.output).toContain("No requested cart reservations locally.");

  const price = JSON.stringify({ total: 9535.7, lines: [{ label: "Club Car Onward (2021)", amount: 8995 }] });
  await project.sql(
    "INSERT INTO cart_reservations (reference, token_hash, vehicle_id, delivery, price, first_name, last_name, email, phone) VALUES " +
      `('${readme.confirmed}', 'hash-1', '${cart}', '{"type":"delivery","town":"hallstead"}', '${price}', 'Pat', 'Buyer', 'pat@example.org', '570-555-0101'),` +
      `('${readme.declined}', 'hash-2', '${other}', '{"type":"pickup"}', '${price}', 'Sam', 'Lee', 'sam@example.org', '570-555-0102')`,
  );

  const requested = await type(readme.listRequested);
  expect(requested.status, requested.output).toBe(0);
  const line = requested.output.split("\n").find((text) => text.includes(readme.confirmed)) ?? "";
  expect(line).toMatch(
    /requested\s+Club Car Onward 4 Passenger \(2021\)\s+delivery to Hallstead\s+Pat Buyer\s+570-555-0101/,
  );
  expect(line).toContain("$9,535.70");
  expect(requested.output).toContain(readme.declined);

  const preview = await type(readme.confirmDryRun);
  expect(preview.status, preview.output).toBe(0);
  expect(preview.output).toContain(`Would mark ${readme.confirmed}`);
  expect(preview.output).toContain("dry run, nothing written");
  expect(await statusOf(readme.confirmed)).toBe("requested");

  const confirmed = await type(readme.confirm);
  expect(confirmed.status, confirmed.output).toBe(0);
  expect(confirmed.output).toContain(`Confirmed: ${readme.confirmed}`);
  expect(await statusOf(readme.confirmed)).toBe("confirmed");
  // The held cart's one unit is spoken for: the site says Reserved (within the README's minute).
  await expect.poll(() => shownStatus(cart), { timeout: 60_000, intervals: [1000] }).toBe("In Stock, Reserved");

  const declined = await type(readme.decline);
  expect(declined.status, declined.output).toBe(0);
  expect(declined.output).toContain(`Declined: ${readme.declined}`);
  expect(await statusOf(readme.declined)).toBe("declined");

  const sold = await type(readme.sold);
  expect(sold.status, sold.output).toBe(0);
  expect(sold.output).toContain(`Sold: ${readme.confirmed}`);
  expect(
    await project.sql<{ units: number; inStock: number }>(
      `SELECT units_in_stock AS units, in_stock AS inStock FROM vehicles WHERE id = '${cart}'`,
    ),
  ).toEqual([{ units: 0, inStock: 0 }]);
  await expect.poll(() => shownStatus(cart), { timeout: 60_000, intervals: [1000] }).toBe("Out of Stock");

  // Typed again: refused by name, not a crash, and nothing changes.
  const again = await type(readme.confirm);
  expect(again.status, again.output).toBe(1);
  expect(again.output).toContain(`${readme.confirmed} is sold, so it cannot be confirmed`);
  expect(again.output).not.toMatch(stackTrace);
  const unknown = await type(readme.confirm.replace(readme.confirmed, "C-NOSUCH"));
  expect(unknown.status, unknown.output).toBe(1);
  expect(unknown.output).toContain("No cart reservation has the reference C-NOSUCH");

  const all = await type(readme.listAll);
  expect(all.status, all.output).toBe(0);
  expect(all.output).toMatch(new RegExp(`${readme.confirmed}\\s+sold`));
  expect(all.output).toMatch(new RegExp(`${readme.declined}\\s+declined`));
});
