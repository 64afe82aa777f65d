import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { ifNoneMatchHolds } from "~/lib/entity-tags";
import type { ApiEnv } from "~/server/api-env";
import { database } from "~/server/db.server";
import { getVehicle, listVehicles } from "./catalogue.server";
import { outTheDoorPrice } from "./out-the-door";
import { deliveryTownProblem, townForPrice } from "./price-choice";
import { vehicleIdSchema } from "./vehicle";

/**
 * Browsers may reuse an answer for a minute and then ask again (a 304 when it is unchanged), so a
 * staff update reaches them within a minute of the edge seeing it.
 */
export const vehicleAnswerCacheControl = "public, max-age=60, must-revalidate";

/** Catalogue answers change only when staff import, so the edge keeps them until the catalogue does. */
export function isCatalogueAnswer(pathname: string): boolean {
  return pathname === "/api/vehicles" || pathname.startsWith("/api/vehicles/");
}

async function entityTag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  const hex = [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `"${hex}"`;
}

/** A JSON answer with an ETag; 304 when the browser already holds this exact body. */
async function cacheableJson(request: Request, value: unknown): Promise<Response> {
  const body = JSON.stringify(value);
  const etag = await entityTag(body);
  const headers = { ETag: etag, "Cache-Control": vehicleAnswerCacheControl };
  if (ifNoneMatchHolds(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, {
    status: 200,
    headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
  });
}

export const vehiclesApi = new Hono<ApiEnv>();

vehiclesApi.get("/", async (c) => cacheableJson(c.req.raw, await listVehicles(database(c.env.DB))));

const vehicleAddress = z.object({ id: vehicleIdSchema });

const validVehicleAddress = zValidator("param", vehicleAddress, (result, c) => {
  if (!result.success) {
    return c.json({ error: "Invalid vehicle id", fields: { id: result.error.issues[0]?.message ?? "invalid" } }, 400);
  }
});

vehiclesApi.get("/:id", validVehicleAddress, async (c) => {
  const vehicle = await getVehicle(database(c.env.DB), c.req.valid("param").id);
  if (!vehicle) return c.json({ error: "Vehicle not found" }, 404);
  return cacheableJson(c.req.raw, vehicle);
});

/** The out-the-door price: picked up without `town`, or delivered to the town of that slug. */
vehiclesApi.get("/:id/price", validVehicleAddress, async (c) => {
  const townSlug = c.req.query("town");
  const problem = deliveryTownProblem(townSlug);
  if (problem) return c.json({ error: problem, fields: { town: problem } }, 400);
  const vehicle = await getVehicle(database(c.env.DB), c.req.valid("param").id);
  if (!vehicle) return c.json({ error: "Vehicle not found" }, 404);
  return cacheableJson(c.req.raw, outTheDoorPrice(vehicle, townForPrice(townSlug)));
});
