import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { vehicleSchema, type Vehicle } from "~/features/catalogue/vehicle";
import { api } from "../../worker/api";
import { runSql } from "./run-sql";

beforeAll(async () => {
  await runSql(upsertVehiclesSql(seedCatalogue));
});

describe("GET /api/vehicles", () => {
  it("lists every vehicle in the spec's shape", async () => {
    const response = await api.request("/vehicles", {}, env);
    expect(response.status).toBe(200);
    const vehicles = (await response.json()) as Vehicle[];
    expect(vehicles).toHaveLength(seedCatalogue.length);
    for (const vehicle of vehicles) expect(vehicleSchema.safeParse(vehicle).success).toBe(true);
    expect(vehicles.map((vehicle) => vehicle.id)).toEqual(
      expect.arrayContaining(["evolution-d6-max-xt4", "denago-ev-city"]),
    );
  });

  it("carries an ETag and answers 304 when the browser already has that version", async () => {
    const first = await api.request("/vehicles", {}, env);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=60, must-revalidate");
    const again = await api.request("/vehicles", { headers: { "If-None-Match": etag! } }, env);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("changes its ETag when a price changes", async () => {
    const before = (await api.request("/vehicles", {}, env)).headers.get("ETag");
    await env.DB.prepare("UPDATE vehicles SET price = price + 100 WHERE id = 'denago-ev-city'").run();
    const after = (await api.request("/vehicles", {}, env)).headers.get("ETag");
    expect(after).not.toBe(before);
    const stale = await api.request("/vehicles", { headers: { "If-None-Match": before! } }, env);
    expect(stale.status).toBe(200);
  });
});

describe("GET /api/vehicles/{id}", () => {
  it("answers one vehicle", async () => {
    const response = await api.request("/vehicles/evolution-d6-max-xt4", {}, env);
    expect(response.status).toBe(200);
    const vehicle = (await response.json()) as Vehicle;
    expect(vehicle).toMatchObject({ id: "evolution-d6-max-xt4", brand: "EVOLUTION", price: 15595 });
    expect(vehicle.specifications.seatingCapacity).toBe(4);
    expect(response.headers.get("ETag")).toBeTruthy();
  });

  it("answers 404 with the spec's error for an unknown id", async () => {
    const response = await api.request("/vehicles/no-such-cart", {}, env);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Vehicle not found" });
  });

  it("answers 400 naming the field for a malformed id", async () => {
    for (const bad of ["Bad_ID", "a--b", "-x", `${"a".repeat(81)}`, "%27%20OR%201%3D1"]) {
      const response = await api.request(`/vehicles/${bad}`, {}, env);
      expect(response.status, bad).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(body.error).toBe("Invalid vehicle id");
      expect(body.fields.id).toBeTruthy();
    }
  });
});
