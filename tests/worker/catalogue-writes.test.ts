import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { importSql, removeVehicleSql, upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { sqlText } from "../../scripts/staff/statement-text";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { bookingWithReference, changeBookingStatus } from "~/features/bookings/capacity.server";
import { getVehicle, listVehicleIds, listVehicles } from "~/features/catalogue/catalogue.server";
import { importStatements, removeStatements } from "~/features/catalogue-upkeep/catalogue-statements.server";
import {
  confirmExample,
  createDraft,
  getStaffVehicle,
  hideVehicle,
  importVehicles,
  publishVehicle,
  saveVehicle,
  sellOne,
  showVehicle,
  vehicleHistory,
} from "~/features/catalogue-upkeep/catalogue-writes.server";
import { outTheDoorPrice } from "~/features/catalogue/out-the-door";
import { historyChanges } from "~/features/catalogue-upkeep/vehicle-history";
import { placeReservation } from "~/features/reservations/reservation-bookings.server";
import { database } from "~/server/db.server";
import { api } from "../../worker/api";
import { runSql } from "./run-sql";

/**
 * The catalogue's one set of write statements (issue 46) on the real local D1: the staff pages' calls
 * and the commands' text make the same changes, each with its history, refused whole when stale or
 * when it would take a buyer's unit, and drafts and hidden vehicles never reach a public reader.
 */

const db = () => database(env.DB);
const cart = structuredClone(seedCatalogue.find((vehicle) => vehicle.id === "ezgo-rxv-2019")!);
const model = structuredClone(seedCatalogue.find((vehicle) => vehicle.id === "denago-ev-city")!);
const photo = "/photos/writes-cart/0123456789abcdef-1600x1200.jpg";
const staff = "ana@dealer.example";

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM bookings").run();
  await runSql(
    upsertVehiclesSql([
      { ...cart, inStock: true, unitsInStock: 1 },
      { ...model, unitsInStock: 3 },
    ]),
  );
});

async function current(id: string) {
  const vehicle = await getStaffVehicle(db(), id);
  if (!vehicle) throw new Error(`${id} is missing`);
  return vehicle;
}

async function publicApi(path: string) {
  return api.fetch(new Request(`https://dealer.test${path}`), env);
}

async function reserve(vehicleId: string) {
  const placed = await placeReservation(db(), "2026-11-25", {
    vehicle: { id: vehicleId, name: "Cart" },
    delivery: { type: "pickup" },
    price: outTheDoorPrice({ name: "Cart", price: 9000, roadClass: "golf-cart" }, null),
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.org",
    phone: "570-555-0199",
  });
  if (!placed.placed) throw new Error("the reservation was not placed");
  return placed.reference;
}

describe("a save over someone's newer change", () => {
  it("is refused with both values, and writes nothing", async () => {
    const shown = await current(model.id);
    const first = await saveVehicle(db(), model.id, shown.version, { price: 11_000 }, staff);
    expect(first.ok).toBe(true);
    const historyBefore = (await vehicleHistory(db(), model.id)).length;

    const late = await saveVehicle(
      db(),
      model.id,
      shown.version,
      { price: 10_500, colour: "Blue" },
      "bo@dealer.example",
    );
    expect(late).toMatchObject({
      ok: false,
      status: 409,
      refusals: [{ field: "version" }],
      conflicts: expect.arrayContaining([{ field: "price", yours: 10_500, theirs: 11_000 }]),
    });
    const after = await current(model.id);
    expect(after.price).toBe(11_000);
    expect(after.colour).toBeNull();
    expect(after.version).toBe(shown.version + 1);
    expect(await vehicleHistory(db(), model.id)).toHaveLength(historyBefore);
  });

  it("lets exactly one of two racing saves from the same version win", async () => {
    const shown = await current(model.id);
    const outcomes = await Promise.all([
      saveVehicle(db(), model.id, shown.version, { price: 12_001 }, "ana@dealer.example"),
      saveVehicle(db(), model.id, shown.version, { price: 12_002 }, "bo@dealer.example"),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toMatchObject([{ status: 409 }]);
    const winner = outcomes.find((outcome) => outcome.ok)!;
    const after = await current(model.id);
    expect(after.version).toBe(shown.version + 1);
    expect(after.price).toBe(winner.ok ? winner.vehicle.price : NaN);
    const prices = (await vehicleHistory(db(), model.id)).filter((row) => row.field === "price");
    expect(prices.at(-1)).toMatchObject({ before: shown.price, after: after.price });
    expect(prices.filter((row) => row.version === after.version)).toHaveLength(1);
  });

  it("names each field the import's rules refuse, and writes nothing", async () => {
    const shown = await current(model.id);
    for (const [change, field] of [
      [{ price: -1 }, "price"],
      [{ unitsInStock: 0 }, "unitsInStock"],
      [{ specifications: { range: "far" } }, "specifications.topSpeed"],
      [{ colour: 7 }, "colour"],
    ] as const) {
      const refused = await saveVehicle(db(), model.id, shown.version, change, staff);
      expect(refused).toMatchObject({ ok: false, status: 400 });
      if (!refused.ok) expect(refused.refusals.map((refusal) => refusal.field)).toContain(field);
    }
    expect((await current(model.id)).version).toBe(shown.version);
  });
});

describe("units buyers hold", () => {
  it("cannot be taken by a save, which names their reservation", async () => {
    const reference = await reserve(cart.id);
    const shown = await current(cart.id);
    const refused = await saveVehicle(db(), cart.id, shown.version, { inStock: false, unitsInStock: 0 }, staff);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    if (refused.ok) return;
    expect(refused.refusals[0]?.message).toContain(reference);
    expect(await current(cart.id)).toMatchObject({ inStock: true, unitsInStock: 1, version: shown.version });
  });

  it("cannot be taken by an import from the Worker, which names them too, nor by a stale one", async () => {
    const reference = await reserve(cart.id);
    const soldInFile = { ...cart, inStock: false, unitsInStock: 0 };
    const refused = await importVehicles(db(), {
      vehicles: [soldInFile],
      expectedVersion: null,
      who: "import sold.json",
    });
    expect(refused).toMatchObject({ ok: false, reason: "held", refusals: [{ field: `${cart.id}.unitsInStock` }] });
    if (!refused.ok) expect(refused.refusals[0]?.message).toContain(reference);
    const stale = await importVehicles(db(), {
      vehicles: [{ ...model, price: 1 }],
      expectedVersion: -1,
      who: "import old.json",
    });
    expect(stale).toMatchObject({ ok: false, reason: "stale" });
    expect(await current(model.id)).toMatchObject({ price: model.price });
    expect(await current(cart.id)).toMatchObject({ inStock: true, unitsInStock: 1 });
  });
});

describe("a walk-in sale", () => {
  it("takes one unit off the lot, and the last one off sale", async () => {
    for (const left of [2, 1]) {
      const sold = await sellOne(db(), model.id, null, "terminal");
      expect(sold).toMatchObject({ ok: true, vehicle: { unitsInStock: left, inStock: true, status: "for-sale" } });
    }
    const last = await sellOne(db(), model.id, (await current(model.id)).version, staff);
    expect(last).toMatchObject({ ok: true, vehicle: { unitsInStock: 0, inStock: false, status: "sold" } });
    expect(await sellOne(db(), model.id, null, staff)).toMatchObject({ ok: false, status: 409 });
    const shown = await getVehicle(db(), model.id);
    expect(shown).toMatchObject({ inStock: false, unitsInStock: 0 });
    const statuses = (await vehicleHistory(db(), model.id)).filter((row) => row.field === "status");
    expect(statuses.at(-1)).toMatchObject({ before: "for-sale", after: "sold", changedBy: staff });
  });

  it("follows the same rule as a reservation's sale, recorded under who marked it", async () => {
    const reference = await reserve(cart.id);
    const before = await current(cart.id);
    const change = await changeBookingStatus(db(), bookingWithReference(reference), "sold", staff);
    expect(change.changed).toBe(true);
    const after = await current(cart.id);
    expect(after).toMatchObject({ unitsInStock: 0, inStock: false, status: "sold", version: before.version + 1 });
    const rows = (await vehicleHistory(db(), cart.id)).filter((row) => row.version === after.version);
    expect(rows.map((row) => [row.field, row.before, row.after, row.changedBy])).toEqual(
      expect.arrayContaining([
        ["unitsInStock", 1, 0, staff],
        ["status", "for-sale", "sold", staff],
      ]),
    );
  });
});

describe("drafts and hidden vehicles", () => {
  it("never reach the public readers, the API or the sitemap's ids until published or shown", async () => {
    const created = await createDraft(db(), { name: "Evolution Classic 4 Pro", colour: "Sky blue" }, staff);
    expect(created).toMatchObject({ ok: true, vehicle: { id: "evolution-classic-4-pro", status: "draft" } });
    const twin = await createDraft(db(), { name: "Evolution Classic 4 Pro" }, staff);
    expect(twin).toMatchObject({ ok: true, vehicle: { id: "evolution-classic-4-pro-2" } });
    const id = "evolution-classic-4-pro";

    const unseen = async (vehicleId: string) => {
      expect(await getVehicle(db(), vehicleId)).toBeNull();
      expect((await listVehicles(db())).map((vehicle) => vehicle.id)).not.toContain(vehicleId);
      expect(await listVehicleIds(db())).not.toContain(vehicleId);
      expect((await publicApi(`/vehicles/${vehicleId}`)).status).toBe(404);
      const list = (await (await publicApi("/vehicles")).json()) as { id: string }[];
      expect(list.map((vehicle) => vehicle.id)).not.toContain(vehicleId);
    };
    await unseen(id);

    let draft = await current(id);
    const early = await publishVehicle(db(), id, draft.version, staff);
    expect(early).toMatchObject({ ok: false, status: 400 });
    if (!early.ok)
      expect(early.refusals.map((refusal) => refusal.field)).toEqual(expect.arrayContaining(["price", "images"]));

    const { id: _id, ...whole } = model;
    const filled = await saveVehicle(db(), id, draft.version, { ...whole, images: [photo], unitsInStock: 2 }, staff);
    expect(filled.ok).toBe(true);
    await unseen(id);
    draft = await current(id);
    const published = await publishVehicle(db(), id, draft.version, staff);
    expect(published).toMatchObject({ ok: true, vehicle: { status: "for-sale" } });
    if (!published.ok) return;
    expect(published.vehicle.publishedAt).not.toBeNull();
    expect(await getVehicle(db(), id)).toMatchObject({ id, colour: "Sky blue" });

    const hidden = await hideVehicle(db(), id, published.vehicle.version, staff);
    expect(hidden).toMatchObject({ ok: true, vehicle: { status: "hidden" } });
    await unseen(id);
    if (!hidden.ok) return;
    const shown = await showVehicle(db(), id, hidden.vehicle.version, staff);
    expect(shown).toMatchObject({
      ok: true,
      vehicle: { status: "for-sale", publishedAt: published.vehicle.publishedAt },
    });
    expect((await publicApi(`/vehicles/${id}`)).status).toBe(200);
  });
});

describe("the history", () => {
  it("records who changed which field, before and after, one change per version", async () => {
    const shown = await current(model.id);
    await saveVehicle(db(), model.id, shown.version, { price: 9_999, stockNumber: "D-1042" }, staff);
    const marked = (await current(model.id)).exampleFields[0]!;
    await confirmExample(db(), model.id, shown.version + 1, marked, "terminal");
    const changes = historyChanges(await vehicleHistory(db(), model.id)).slice(-2);
    expect(changes[0]).toMatchObject({
      changedBy: staff,
      version: shown.version + 1,
      fields: expect.arrayContaining([
        { field: "price", before: String(model.price), after: "9999" },
        { field: "stockNumber", before: "(none)", after: "D-1042" },
      ]),
    });
    expect(changes[1]).toMatchObject({ changedBy: "terminal", fields: [{ field: "exampleFields" }] });
    expect(JSON.parse(changes[1]!.fields[0]!.after)).not.toContain(marked);
  });

  it("records an import under its file and a removal under terminal, through the commands' text", async () => {
    await runSql(upsertVehiclesSql([{ ...model, price: 4_321 }], "import catalogue.json"));
    const [last] = (await vehicleHistory(db(), model.id)).filter((row) => row.field === "price").slice(-1);
    expect(last).toMatchObject({
      field: "price",
      before: model.price,
      after: 4_321,
      changedBy: "import catalogue.json",
    });
    await runSql(`${removeVehicleSql(model.id)};`);
    expect(await getStaffVehicle(db(), model.id)).toBeNull();
    const [removal] = (await vehicleHistory(db(), model.id)).slice(-1);
    expect(removal).toMatchObject({ field: "status", after: "removed", changedBy: "terminal" });
  });

  it("makes the commands' text from the very statements the Worker batches", () => {
    const input = { id: "same-import", expectedVersion: 3, vehicles: [model], who: "import catalogue.json" };
    expect(importSql(input)).toBe(`${importStatements(input).map(sqlText).join(";\n")};`);
    expect(removeVehicleSql(model.id)).toBe(removeStatements(model.id, "terminal").map(sqlText).join(";\n"));
  });
});
