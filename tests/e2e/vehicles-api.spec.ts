import { expect, test } from "@playwright/test";

// The catalogue API through the whole Worker (edge cache, security headers), on the production
// build. A query string nobody asked for before makes a new cache entry, as every URL has after a
// deploy or a catalogue change, so the first answer is always made fresh.
for (const path of ["/api/vehicles", "/api/vehicles/evolution-d6-max-xt4"]) {
  test(`${path} answers on a cold edge cache and from the edge copy after @desktop`, async ({ request }) => {
    const url = `${path}?fresh=${crypto.randomUUID()}`;
    const first = await request.get(url);
    expect(first.status(), await first.text()).toBe(200);
    expect(first.headers()["x-edge-cache"]).toBe("MISS");
    const second = await request.get(url);
    expect(second.status()).toBe(200);
    expect(second.headers()["x-edge-cache"]).toBe("HIT");
    expect(await second.json()).toEqual(await first.json());
    for (const answer of [first, second]) {
      expect(answer.headers()["content-type"]).toContain("application/json");
      expect(answer.headers()["cache-control"]).toBe("public, max-age=60, must-revalidate");
      expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
    }

    const etag = second.headers()["etag"];
    expect(etag).toBeTruthy();
    const unchanged = await request.get(url, { headers: { "If-None-Match": etag! } });
    expect(unchanged.status()).toBe(304);
  });
}

test("an unknown vehicle is a JSON 404 with the spec's error text @desktop", async ({ request }) => {
  const answer = await request.get(`/api/vehicles/no-such-cart?fresh=${crypto.randomUUID()}`);
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toEqual({ error: "Vehicle not found" });
});

test("an unknown API address is a JSON 404, not a web page @desktop", async ({ request }) => {
  const answer = await request.get("/api/no-such-endpoint");
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toEqual({ error: "Not found" });
});
