import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../../worker/api";

describe("the /api router", () => {
  it("answers unknown API paths with a JSON 404, not an HTML page", async () => {
    const response = await api.request("/no-such-endpoint", {}, env);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  it("reports health", async () => {
    const response = await api.request("/health", {}, env);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe("the test database", () => {
  it("has every table the migrations create", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{
      name: string;
    }>();
    expect(results.map((row) => row.name)).toEqual(expect.arrayContaining(["contact_messages", "vehicles"]));
  });
});
