import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { addressesOf, holdsShownAt, pages, type HoldsAtAddress } from "~/config/pages";
import { bookingWithReference, changeBookingStatus, expireStaleBookings } from "~/features/bookings/capacity.server";
import { outTheDoorPrice } from "~/features/catalogue/out-the-door";
import { placeReservation } from "~/features/reservations/reservation-bookings.server";
import { database } from "~/server/db.server";
import { cachedAnswer, forgetKnownVersions } from "~/server/page-cache.server";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { api } from "../../worker/api";
import { answerPage, loadedData } from "./registry-pages";
import { freshClientIp } from "./contact-support";
import { runSql } from "./run-sql";

/**
 * A buyer's hold, and its release, re-render only the pages that show it: the held vehicle's own
 * pages and the lists with "Reserved" badges. Every other page keeps being served from its copy,
 * so a bot placing reservations cannot make the whole site cost a render again. Real pages from
 * the registry's route modules, real D1, the real Cache API.
 */

const origin = "https://dealer.test";
/** Featured on the home page, and the registry's example vehicle page. */
const heldCart = "evolution-d6-max-xt4";
const otherCart = "denago-ev-city";
const today = "2026-11-25";
const db = () => database(env.DB);

/** The answer the Worker makes for `path`: the API's, a resource's, or the page's HTML. */
async function made(path: string): Promise<Response> {
  const url = new URL(path, origin);
  if (url.pathname.startsWith("/api/")) {
    return api.fetch(new Request(new URL(path.slice("/api".length), origin)), env, createExecutionContext());
  }
  return answerPage(new Request(url), env);
}

/** What the Worker keys `path` by (worker/index.ts): the API shows no hold, a page what the registry says. */
function holdsOf(path: string): HoldsAtAddress {
  const { pathname } = new URL(path, origin);
  return pathname.startsWith("/api/") ? { shows: "none" } : holdsShownAt(pathname);
}

/** A copy made by another build is never served: each test starts with none. */
let build = "";
const renders = new Map<string, number>();

async function ask(path: string) {
  const ctx = createExecutionContext();
  const response = await cachedAnswer({
    request: new Request(new URL(path, origin)),
    db: env.DB,
    ctx,
    build,
    workerVersion: env.CF_VERSION_METADATA,
    produce: async () => {
      renders.set(path, (renders.get(path) ?? 0) + 1);
      return made(path);
    },
    browserCacheControl: "no-cache",
    holds: holdsOf(path),
  });
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { cache: response.headers.get("X-Edge-Cache"), reserved: text.includes('data-testid="reserved"') };
}

/** The pages that show the held cart's state. */
const showingTheHold = [
  `/vehicle/${heldCart}`,
  `/vehicles/${heldCart}`,
  "/inventory",
  "/inventory?brand=EVOLUTION",
  "/",
];

/**
 * Pages and answers that show no hold of it: another cart's page, the pages about the dealer, the
 * brand lines, the comparison, the product feed (availability is the units on the lot) and the API.
 */
const showingNoHold = [
  `/vehicle/${otherCart}`,
  "/about",
  "/contact",
  "/showroom",
  "/denago",
  "/evolution",
  `/compare?ids=${heldCart},${otherCart}`,
  "/feeds/products.xml",
  "/api/vehicles",
  `/api/vehicles/${heldCart}`,
];

async function warmEveryPage() {
  for (const path of [...showingTheHold, ...showingNoHold]) {
    expect((await ask(path)).cache, path).toBe("MISS");
    expect((await ask(path)).cache, path).toBe("HIT");
  }
  renders.clear();
}

/** As every isolate does once its versions are 10 seconds old. */
const versionsRunOut = forgetKnownVersions;

async function expectOnlyTheHoldShown(reserved: boolean) {
  for (const path of showingTheHold) {
    const answer = await ask(path);
    expect(answer.cache, path).toBe("MISS");
    expect(answer.reserved, path).toBe(reserved);
  }
  for (const path of showingNoHold) expect((await ask(path)).cache, path).toBe("HIT");
}

const buyer = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "570-555-0199" };

async function holdTheLastUnit(): Promise<string> {
  const placed = await placeReservation(db(), today, {
    vehicle: { id: heldCart, name: "Cart" },
    delivery: { type: "pickup" },
    price: outTheDoorPrice({ name: "Cart", price: 9000, roadClass: "golf-cart" }, null),
    ...buyer,
  });
  if (!placed.placed) throw new Error("not placed");
  return placed.reference;
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM bookings").run();
  await runSql(upsertVehiclesSql(seedCatalogue));
  await env.DB.prepare("UPDATE vehicles SET in_stock = 1, units_in_stock = 1 WHERE id = ?").bind(heldCart).run();
  await env.DB.prepare("UPDATE vehicles SET in_stock = 1, units_in_stock = 2 WHERE id = ?").bind(otherCart).run();
  build = `build-${crypto.randomUUID()}`;
  renders.clear();
  forgetKnownVersions();
});

describe("a reservation and its release", () => {
  const releases = {
    "staff decline it": (reference: string) => changeBookingStatus(db(), bookingWithReference(reference), "decline"),
    "staff cancel it": (reference: string) => changeBookingStatus(db(), bookingWithReference(reference), "cancel"),
    "the cron job expires it": () => expireStaleBookings(db(), new Date(Date.now() + 49 * 3_600_000)),
  };

  for (const [release, run] of Object.entries(releases)) {
    it(`re-render only the held cart's pages and the lists when placed and when ${release}`, async () => {
      await warmEveryPage();
      const reference = await holdTheLastUnit();
      versionsRunOut();
      await expectOnlyTheHoldShown(true);

      await run(reference);
      versionsRunOut();
      await expectOnlyTheHoldShown(false);
      for (const path of showingTheHold) expect(renders.get(path), path).toBe(2);
      for (const path of showingNoHold) expect(renders.get(path), path).toBeUndefined();
    });
  }

  it("leave every page as it was when staff confirm it, since the cart was held before and after", async () => {
    const reference = await holdTheLastUnit();
    await warmEveryPage();
    await changeBookingStatus(db(), bookingWithReference(reference), "confirm");
    versionsRunOut();
    for (const path of [...showingTheHold, ...showingNoHold]) expect((await ask(path)).cache, path).toBe("HIT");
  });

  it("re-render every page once staff mark it sold: the unit leaves the lot, a catalogue change", async () => {
    const reference = await holdTheLastUnit();
    await warmEveryPage();
    await changeBookingStatus(db(), bookingWithReference(reference), "sold");
    versionsRunOut();
    for (const path of [...showingTheHold, ...showingNoHold]) expect((await ask(path)).cache, path).toBe("MISS");
  });

  it("show Reserved on the buyer's next page at once in the isolate that took the hold", async () => {
    await warmEveryPage();
    const response = await api.fetch(
      new Request(`${origin}/vehicles/${heldCart}/reservations`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": freshClientIp() },
        body: JSON.stringify({ ...buyer, delivery: { type: "pickup" } }),
      }),
      env,
    );
    expect(response.status).toBe(201);
    // No `versionsRunOut()`: the versions this isolate read are still fresh.
    await expectOnlyTheHoldShown(true);
  });
});

describe("the page registry's word on holds", () => {
  /** Everything a page shows comes from its loader, whose data goes into the page's HTML as well. */
  const loadedDataOf = (path: string) => loadedData(new Request(new URL(path, origin)), env);

  it("is true of every address it knows: only the pages it says show holds load anything else after one", async () => {
    const addresses = pages
      .filter((page) => page.kind === "rendered" || page.kind === "resource")
      .flatMap((page) => [
        ...addressesOf(page).map((address) => address.path),
        ...(page.example ? [page.example] : []),
      ]);
    expect(addresses).toContain(`/vehicle/${heldCart}`);

    const before = new Map<string, string>();
    for (const path of addresses) before.set(path, await loadedDataOf(path));
    await holdTheLastUnit();
    for (const path of addresses) {
      const holds = holdsShownAt(path);
      const showsThisHold =
        holds.shows === "holds" || (holds.shows === "vehicle-holds" && holds.vehicleId === heldCart);
      const after = await loadedDataOf(path);
      expect(after !== before.get(path), `${path} changed with the hold`).toBe(showsThisHold);
    }
  });
});
