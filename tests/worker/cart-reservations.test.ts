import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { outTheDoorPrice } from "~/features/catalogue/out-the-door";
import {
  bookingWithReference,
  changeBookingStatus,
  expireStaleBookings,
  findBooking,
  type BookingDecision,
} from "~/features/bookings/capacity.server";
import { placeReservation, type ReservationInput } from "~/features/reservations/reservation-bookings.server";
import { database } from "~/server/db.server";
import { api } from "../../worker/api";
import { freshClientIp } from "./contact-support";
import { runSql } from "./run-sql";

/**
 * Cart reservations on the real local D1: the capacity engine's one conditional INSERT per hold, in
 * the vehicle's pool of units, so a vehicle never has more active reservations than units on the
 * lot, and the API refuses with a status and a sentence.
 */
const origin = "https://dealer.test";
const usedCart = "ezgo-rxv-2019";
const db = () => database(env.DB);

const buyer = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "570-555-0199" };

const today = "2026-11-25";

function input(vehicleId = usedCart): ReservationInput {
  return {
    vehicle: { id: vehicleId, name: "Cart" },
    delivery: { type: "pickup" },
    price: outTheDoorPrice({ name: "Cart", price: 9000, roadClass: "golf-cart" }, null),
    ...buyer,
  };
}

function post(vehicleId: string, body: unknown, headers: Record<string, string> = {}) {
  return api.fetch(
    new Request(`${origin}/vehicles/${vehicleId}/reservations`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": freshClientIp(), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    env,
  );
}

async function units(vehicleId: string) {
  return env.DB.prepare("SELECT units_in_stock AS units, in_stock AS inStock FROM vehicles WHERE id = ?")
    .bind(vehicleId)
    .first<{ units: number; inStock: number }>();
}

const catalogueVersion = async () =>
  (await env.DB.prepare("SELECT version FROM catalogue_state WHERE id = 1").first<{ version: number }>())!.version;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM bookings").run();
  await env.DB.prepare("DELETE FROM contact_messages").run();
  await runSql(upsertVehiclesSql(seedCatalogue));
  await env.DB.prepare("UPDATE vehicles SET units_in_stock = 1, in_stock = 1 WHERE id = ?").bind(usedCart).run();
});

const decide = (reference: string, decision: BookingDecision) =>
  changeBookingStatus(db(), bookingWithReference(reference), decision);

describe("holding a unit", () => {
  it("holds each unit once, then refuses", async () => {
    await env.DB.prepare("UPDATE vehicles SET units_in_stock = 2 WHERE id = 'denago-ev-city'").run();
    const first = await placeReservation(db(), today, input("denago-ev-city"));
    const second = await placeReservation(db(), today, input("denago-ev-city"));
    const third = await placeReservation(db(), today, input("denago-ev-city"));
    expect([first.placed, second.placed, third.placed]).toEqual([true, true, false]);
    // A vehicle not in stock, or one the catalogue does not have, has no unit to hold.
    expect((await placeReservation(db(), today, input("no-such-cart"))).placed).toBe(false);
    await env.DB.prepare("UPDATE vehicles SET units_in_stock = 0, in_stock = 0 WHERE id = ?").bind(usedCart).run();
    expect((await placeReservation(db(), today, input())).placed).toBe(false);
  });

  it("follows the catalogue: more units in stock make room at once", async () => {
    expect((await placeReservation(db(), today, input())).placed).toBe(true);
    expect((await placeReservation(db(), today, input())).placed).toBe(false);
    await env.DB.prepare("UPDATE vehicles SET units_in_stock = 2 WHERE id = ?").bind(usedCart).run();
    expect((await placeReservation(db(), today, input())).placed).toBe(true);
  });

  it("gives the last unit to exactly one of 20 concurrent requests", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => placeReservation(db(), today, input())));
    expect(results.filter((result) => result.placed)).toHaveLength(1);
  });

  it("frees the unit on decline and on expiry, keeps it on confirm, and a sale takes it off the lot", async () => {
    const placed = await placeReservation(db(), today, input());
    if (!placed.placed) throw new Error("not placed");
    expect(await decide(placed.reference, "decline")).toMatchObject({ changed: true });
    const again = await placeReservation(db(), today, input());
    if (!again.placed) throw new Error("the declined unit was not freed");

    // Placed more than 48 hours before `at`: the cron job releases it; a confirmed one it never touches.
    const later = new Date(Date.now() + 49 * 3_600_000);
    expect((await expireStaleBookings(db(), later)).map((row) => row.reference)).toEqual([again.reference]);
    const kept = await placeReservation(db(), today, input());
    if (!kept.placed) throw new Error("the expired unit was not freed");
    await decide(kept.reference, "confirm");
    expect(await expireStaleBookings(db(), later)).toEqual([]);
    expect((await placeReservation(db(), today, input())).placed).toBe(false);

    const versionBefore = await catalogueVersion();
    expect(await decide(kept.reference, "sold")).toMatchObject({ changed: true });
    expect(await units(usedCart)).toEqual({ units: 0, inStock: 0 });
    expect(await catalogueVersion()).toBeGreaterThan(versionBefore);
    expect((await findBooking(db(), kept.reference.toLowerCase()))?.status).toBe("sold");
  });

  it("moves the holds' versions, never the catalogue's, when a hold is placed or ends", async () => {
    // The catalogue version keys every cached page and checks staff's exported files: a hold changes
    // neither the vehicles nor any page but those showing holds (migration 0017).
    const versions = async () =>
      (await env.DB.prepare(
        `SELECT version AS catalogue, holds_version AS holds,
          coalesce((SELECT version FROM vehicle_hold_versions WHERE vehicle_id = ?), 0) AS vehicle
        FROM catalogue_state WHERE id = 1`,
      )
        .bind(usedCart)
        .first<{ catalogue: number; holds: number; vehicle: number }>())!;
    const before = await versions();
    const placed = await placeReservation(db(), today, input());
    if (!placed.placed) throw new Error("not placed");
    const held = { catalogue: before.catalogue, holds: before.holds + 1, vehicle: before.vehicle + 1 };
    expect(await versions()).toEqual(held);
    // Confirmed, the cart is held as it was: no page changes.
    await decide(placed.reference, "confirm");
    expect(await versions()).toEqual(held);
    await decide(placed.reference, "cancel");
    expect(await versions()).toEqual({ ...held, holds: held.holds + 1, vehicle: held.vehicle + 1 });
    // Another vehicle's hold moves only the list's count.
    await env.DB.prepare("UPDATE vehicles SET units_in_stock = 2, in_stock = 1 WHERE id = 'denago-ev-city'").run();
    const other = await versions();
    expect((await placeReservation(db(), today, input("denago-ev-city"))).placed).toBe(true);
    expect(await versions()).toEqual({ ...other, holds: other.holds + 1 });
  });

  it("answers a second decision by the status the reservation has", async () => {
    const placed = await placeReservation(db(), today, input());
    if (!placed.placed) throw new Error("not placed");
    await decide(placed.reference, "confirm");
    expect(await decide(placed.reference, "confirm")).toEqual({ changed: false, status: "confirmed" });
    expect(await decide("C-NOSUCH", "decline")).toEqual({ changed: false, status: null });
  });
});

describe("POST /api/vehicles/{id}/reservations", () => {
  const body = { ...buyer, delivery: { type: "delivery", town: "hallstead" } };

  it("holds the cart and answers its reference, private link and out-the-door price; staff hear of it", async () => {
    const response = await post(usedCart, body);
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const answer = (await response.json()) as {
      reference: string;
      status: string;
      statusUrl: string;
      price: { total: number; lines: { label: string }[] };
    };
    expect(answer.reference).toMatch(/^C-[2-9A-HJKMNP-Z]{6}$/);
    expect(answer.status).toBe("requested");
    expect(answer.statusUrl).toMatch(/^https:\/\/dealer\.test\/reservations\/[\w-]{43}$/);
    expect(answer.price.lines[1]!.label).toMatch(/^Delivery to Hallstead/);
    const announced = await env.DB.prepare(
      "SELECT interest, vehicle_id AS vehicleId, message FROM contact_messages WHERE booking_reference = ?",
    )
      .bind(answer.reference)
      .first<{ interest: string; vehicleId: string; message: string }>();
    expect(announced).toMatchObject({ interest: "sales", vehicleId: usedCart });
    expect(announced!.message).toContain(`npm run bookings -- confirm ${answer.reference} --remote`);
  });

  it("refuses once every unit is held, with 409 and a sentence, holding nothing more", async () => {
    expect((await post(usedCart, body)).status).toBe(201);
    const refused = await post(usedCart, body);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/reserved by another buyer/);
  });

  it("names every wrong field with a 400, and holds nothing", async () => {
    const response = await post(usedCart, {
      firstName: "",
      lastName: "Lovelace",
      email: "not-an-address",
      phone: "12",
      delivery: { type: "delivery", town: "atlantis" },
    });
    expect(response.status).toBe(400);
    const refusal = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(refusal.fields).sort()).toEqual(["delivery", "email", "firstName", "phone"]);
    const held = await env.DB.prepare("SELECT COUNT(*) AS count FROM bookings").first<{ count: number }>();
    expect(held!.count).toBe(0);
  });

  it("keeps the contact endpoint's rules: other sites, other body types and oversized bodies are refused", async () => {
    expect((await post(usedCart, body, { Origin: "https://evil.example" })).status).toBe(403);
    expect(
      (await post(usedCart, "firstName=Ada", { "Content-Type": "application/x-www-form-urlencoded" })).status,
    ).toBe(415);
    expect((await post(usedCart, { ...body, lastName: "x".repeat(5000) })).status).toBe(413);
    expect((await post("no-such-cart", body)).status).toBe(404);
  });
});
