import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { HoldsAtAddress } from "~/config/pages";
import {
  cacheKey,
  cachedAnswer,
  catalogueVersion,
  currentVersions,
  forgetHeldCopies,
  forgetKnownVersions,
  versionTtlMs,
} from "~/server/page-cache.server";

// The DOM typings the project shares with browser code lack the Workers-only `caches.default`.
const edgeCache = () => (caches as unknown as { default: Cache }).default;

let produced = 0;
function page(body = "<p>hello</p>", init: ResponseInit = {}) {
  return async () => {
    produced += 1;
    return new Response(body, {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
      ...init,
    });
  };
}

interface Asking {
  headers?: HeadersInit;
  build?: string;
  workerVersion?: WorkerVersionMetadata;
  holds?: HoldsAtAddress;
}

async function ask(
  url: string,
  produce: (nonce: string) => Promise<Response>,
  { headers = {}, build = "build-1", workerVersion = env.CF_VERSION_METADATA, holds = { shows: "none" } }: Asking = {},
) {
  const ctx = createExecutionContext();
  const response = await cachedAnswer({
    request: new Request(url, { headers }),
    db: env.DB,
    ctx,
    build,
    workerVersion,
    produce,
    browserCacheControl: "no-cache",
    holds,
  });
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

async function changeCatalogue() {
  await env.DB.prepare(
    "INSERT INTO vehicles (id, name, brand, category, price, description, in_stock, is_new) VALUES (?, 'Test cart', 'TEST', 'test', 1, 'x', 1, 1)",
  )
    .bind(`cart-${crypto.randomUUID().slice(0, 8)}`)
    .run();
  forgetKnownVersions();
}

beforeEach(() => {
  produced = 0;
  forgetKnownVersions();
});

describe("the edge cache", () => {
  it("renders a page once and serves the copy afterwards", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    const first = await ask(url, page());
    const second = await ask(url, page());
    expect(produced).toBe(1);
    expect(first.response.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(second.response.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(second.text).toBe("<p>hello</p>");
    expect(second.response.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("renders again once the catalogue changes", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    const before = await catalogueVersion(env.DB);
    await ask(url, page());
    await changeCatalogue();
    expect(await catalogueVersion(env.DB)).not.toBe(before);
    await ask(url, page());
    expect(produced).toBe(2);
  });

  it("renders again after a deploy, whose pages name other script files", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(url, page("<script src=/assets/a-1.js></script>"), { build: "build-1" });
    const deployed = await ask(url, page("<script src=/assets/a-2.js></script>"), { build: "build-2" });
    expect(deployed.text).toContain("a-2.js");
    expect(produced).toBe(2);
  });

  it("keeps one copy per consent choice", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(url, page("<p>no choice</p>"));
    const granted = await ask(url, page("<p>maps</p>"), { headers: { Cookie: "embed_consent=granted" } });
    expect(granted.text).toBe("<p>maps</p>");
    expect(produced).toBe(2);
  });

  it("never stores answers that set cookies or requests that carry other cookies", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(url, page("<p>a</p>", { headers: { "Set-Cookie": "x=1" } }));
    await ask(url, page("<p>a</p>", { headers: { "Set-Cookie": "x=1" } }));
    expect(produced).toBe(2);
    const other = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(other, page(), { headers: { Cookie: "session=abc" } });
    await ask(other, page(), { headers: { Cookie: "session=abc" } });
    expect(produced).toBe(4);
  });

  it("never stores an answer its route marks no-store or private, and passes that on to the browser", async () => {
    // The rental calendar and a booking's status page: a copy would offer carts already taken.
    for (const cacheControl of ["no-store", "private, max-age=0", "No-Store"]) {
      const url = `https://dealer.test/rentals/book?plan=six-seater&cache=${crypto.randomUUID()}`;
      const first = await ask(url, page("<p>2 left</p>", { headers: { "Cache-Control": cacheControl } }));
      const second = await ask(url, page("<p>full</p>", { headers: { "Cache-Control": cacheControl } }));
      expect(second.text).toBe("<p>full</p>");
      expect(first.response.headers.get("Cache-Control")).toBe(cacheControl);
      expect(second.response.headers.has("X-Edge-Cache")).toBe(false);
    }
    expect(produced).toBe(6);
    // A directive that only mentions the words is no opt-out.
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(url, page("<p>a</p>", { headers: { "Cache-Control": 'public, no-cache="private-field"' } }));
    await ask(url, page("<p>a</p>"));
    expect(produced).toBe(7);
  });

  it("never stores or serves a staff page, nor any answer to a request Cloudflare Access let through", async () => {
    // Staff pages show bookings to whoever signed in; the route's own no-store is not relied on.
    const id = crypto.randomUUID();
    for (const path of [`/staff?c=${id}`, `/Staff/day?c=${id}`, `/staff.data?c=${id}`, `/%73taff/booking?c=${id}`]) {
      await ask(`https://dealer.test${path}`, page("<p>3 bookings today</p>"));
      const again = await ask(`https://dealer.test${path}`, page("<p>3 bookings today</p>"));
      expect(again.response.headers.has("X-Edge-Cache"), path).toBe(false);
    }
    expect(produced).toBe(8);
    // A public page's copy is neither served to nor made from a request carrying Access's token.
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(url, page("<p>public</p>"));
    const signedIn: HeadersInit[] = [{ "Cf-Access-Jwt-Assertion": "a.b.c" }, { Cookie: "CF_Authorization=a.b.c" }];
    for (const headers of signedIn) {
      const answer = await ask(url, page("<p>signed in</p>"), { headers });
      expect(answer.text).toBe("<p>signed in</p>");
      expect(answer.response.headers.has("X-Edge-Cache")).toBe(false);
    }
    expect((await ask(url, page("<p>other</p>"))).text).toBe("<p>public</p>");
    expect(produced).toBe(11);
  });

  it("answers 304 from the cache when the browser already has that version", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(url, page("{}", { headers: { ETag: '"v1"', "Content-Type": "application/json" } }));
    const again = await ask(url, page(), { headers: { "If-None-Match": '"v1"' } });
    expect(again.response.status).toBe(304);
    expect(produced).toBe(1);
  });

  it("answers 304 to weak tags, lists and * as HTTP's weak comparison does, and 200 to other tags", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(url, page("{}", { headers: { ETag: 'W/"v1"', "Content-Type": "application/json" } }));
    const statusFor = async (ifNoneMatch: string) =>
      (await ask(url, page(), { headers: { "If-None-Match": ifNoneMatch } })).response.status;
    expect(await statusFor('"v1"')).toBe(304);
    expect(await statusFor('W/"v1"')).toBe(304);
    expect(await statusFor('"v0", W/"v1"')).toBe(304);
    expect(await statusFor('"a,b" ,"v1"')).toBe(304);
    expect(await statusFor("*")).toBe(304);
    expect(await statusFor('"v2", W/"v0"')).toBe(200);
    expect(await statusFor('"v1, v2"')).toBe(200);
    expect(produced).toBe(1);
  });

  it("serves one copy whatever marketing parameters a link carries and in whatever order the rest come", async () => {
    const path = `https://dealer.test/inventory-${crypto.randomUUID()}`;
    await ask(`${path}?brand=evolution&seats=4`, page("<p>4-seat Evolution carts</p>"));
    for (const variant of [
      `${path}?seats=4&brand=evolution`,
      `${path}?brand=evolution&utm_source=newsletter&seats=4&utm_campaign=spring`,
      `${path}?gclid=abc123&seats=4&brand=evolution&fbclid=xyz&msclkid=m1`,
    ]) {
      expect((await ask(variant, page("<p>made again</p>"))).text).toBe("<p>4-seat Evolution carts</p>");
    }
    expect(produced).toBe(1);
    const other = await ask(`${path}?brand=evolution&seats=6`, page("<p>6-seat Evolution carts</p>"));
    expect(other.text).toBe("<p>6-seat Evolution carts</p>");
    expect(produced).toBe(2);
  });

  it("renders again after a deploy of the Worker alone or a change of its variables (a new Worker version)", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    const running = env.CF_VERSION_METADATA;
    expect(running.id).toBeTruthy();
    await ask(url, page("<p>Call 555-0100</p>"), { workerVersion: running });
    const redeployed = { ...running, id: crypto.randomUUID(), timestamp: new Date().toISOString() };
    const after = await ask(url, page("<p>Call 555-0199</p>"), { workerVersion: redeployed });
    expect(after.text).toBe("<p>Call 555-0199</p>");
    expect(produced).toBe(2);
  });

  it("keeps holding copies in memory however often the catalogue changes", async () => {
    // A third of the memory allowance: the old count grew by each copy dropped at a catalogue
    // change, so by the third change no copy could be held any more.
    const bigPage = page(`<p>${"x".repeat(3 * 1024 * 1024)}</p>`);
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    const request = new Request(url);
    forgetHeldCopies();
    let readAt = Date.now();
    await catalogueVersion(env.DB, readAt);
    for (let change = 1; change <= 4; change += 1) {
      await env.DB.prepare(
        "INSERT INTO vehicles (id, name, brand, category, price, description, in_stock, is_new) VALUES (?, 'Test cart', 'TEST', 'test', 1, 'x', 1, 1)",
      )
        .bind(`held-${change}-${crypto.randomUUID().slice(0, 8)}`)
        .run();
      // Read the version as an isolate does when its time is up, which drops the old copies.
      readAt += versionTtlMs + 1000;
      const version = await catalogueVersion(env.DB, readAt);
      await ask(url, bigPage);
      const key = cacheKey(request, { build: "build-1", workerVersion: env.CF_VERSION_METADATA, catalogue: version! });
      // Only a copy held in this isolate's memory can answer now.
      expect(await edgeCache().delete(key)).toBe(true);
      const again = await ask(url, bigPage);
      expect(again.response.headers.get("X-Edge-Cache"), `after change ${change}`).toBe("HIT");
      expect(produced, `after change ${change}`).toBe(change);
    }
    forgetHeldCopies();
  });
});

describe("holds in the key", () => {
  const list: HoldsAtAddress = { shows: "holds" };
  const pageOf = (vehicleId: string): HoldsAtAddress => ({ shows: "vehicle-holds", vehicleId });

  /** What migration 0017's triggers do when a reservation of the vehicle is placed or ends. */
  async function holdsChange(vehicleId: string) {
    await env.DB.batch([
      env.DB.prepare("UPDATE catalogue_state SET holds_version = holds_version + 1 WHERE id = 1"),
      env.DB.prepare(
        "INSERT INTO vehicle_hold_versions (vehicle_id, version) VALUES (?, 1) ON CONFLICT (vehicle_id) DO UPDATE SET version = version + 1",
      ).bind(vehicleId),
    ]);
    forgetKnownVersions();
  }

  it("renders a list again on any hold change, a vehicle's page on its own, and other pages on none", async () => {
    const at = (name: string) => `https://dealer.test/${name}-${crypto.randomUUID()}`;
    const [plain, inventory, held, other] = [at("about"), at("inventory"), at("vehicle"), at("vehicle")];
    const askAll = async () => {
      await ask(plain, page());
      await ask(inventory, page(), { holds: list });
      await ask(held, page(), { holds: pageOf("cart-held") });
      await ask(other, page(), { holds: pageOf("cart-other") });
    };
    await askAll();
    expect(produced).toBe(4);
    await holdsChange("cart-held");
    await askAll();
    expect(produced, "the list and the held cart's page").toBe(6);
    await changeCatalogue();
    await askAll();
    expect(produced, "everything, after a catalogue change").toBe(10);
  });

  it("reads D1 once per 10 seconds for every page, and once more only for a vehicle's page not read since", async () => {
    let reads = 0;
    const counted = {
      prepare: (query: string) => {
        reads += 1;
        return env.DB.prepare(query);
      },
    } as unknown as D1Database;
    const start = Date.now();
    forgetKnownVersions();
    const versionsAt = (holds: HoldsAtAddress, later: number) => currentVersions(counted, holds, start + later);

    await versionsAt({ shows: "none" }, 0);
    await versionsAt(list, 1);
    expect(reads).toBe(1);
    await versionsAt(pageOf("cart-a"), 2);
    await versionsAt(pageOf("cart-a"), 3);
    await versionsAt(pageOf("cart-b"), 4);
    expect(reads).toBe(3);
    // Both due: the catalogue state and the vehicle's count come in one query.
    await versionsAt(pageOf("cart-a"), versionTtlMs + 10);
    await versionsAt(list, versionTtlMs + 11);
    expect(reads).toBe(4);
    await versionsAt(pageOf("cart-b"), versionTtlMs + 12);
    expect(reads).toBe(5);
  });

  it("keys a vehicle's page by that vehicle's count, which starts at 0 before any hold", async () => {
    const vehicleId = `cart-${crypto.randomUUID().slice(0, 8)}`;
    expect((await currentVersions(env.DB, pageOf(vehicleId)))?.holds).toBe("0");
    await holdsChange(vehicleId);
    await holdsChange(vehicleId);
    const versions = await currentVersions(env.DB, pageOf(vehicleId));
    expect(versions?.holds).toBe("2");
    const request = new Request("https://dealer.test/vehicle/x");
    const origin = { build: "b", workerVersion: env.CF_VERSION_METADATA, ...versions! };
    expect(new URL(cacheKey(request, origin)).searchParams.get("__holds")).toBe("2");
    expect(new URL(cacheKey(request, { ...origin, holds: undefined })).searchParams.has("__holds")).toBe(false);
  });
});

describe("fresh nonces on cached pages", () => {
  function pageWithScripts(nonce: string) {
    produced += 1;
    const html = `<script nonce="${nonce}">1</script><link rel="modulepreload" nonce="${nonce}" href="/a.js">`;
    return Promise.resolve(
      new Response(html, {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": `script-src 'nonce-${nonce}'`,
        },
      }),
    );
  }

  function nonceOf(response: Response, text: string) {
    const policyNonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    const elementNonces = [...text.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
    expect(elementNonces).toHaveLength(2);
    expect(new Set([policyNonce, ...elementNonces]).size).toBe(1);
    return policyNonce!;
  }

  it("gives every answer, fresh or from a copy, its own nonce on the policy and every element", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    const seen = new Set<string>();
    for (let round = 0; round < 3; round += 1) {
      const { response, text } = await ask(url, pageWithScripts);
      seen.add(nonceOf(response, text));
    }
    expect(produced).toBe(1);
    expect(seen.size).toBe(3);
  });

  it("serves a copy byte for byte, letters beyond ASCII included, with only the nonce changed", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    const pageWithLetters = (nonce: string) => {
      produced += 1;
      const html = `<p>Montrose · $8,995 — café</p><script nonce="${nonce}">1</script><p>Ende ✓</p>`;
      return Promise.resolve(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    };
    const first = await ask(url, pageWithLetters);
    const second = await ask(url, pageWithLetters);
    expect(produced).toBe(1);
    const withoutNonce = (text: string) => text.replace(/nonce="[^"]+"/, 'nonce=""');
    expect(withoutNonce(second.text)).toBe('<p>Montrose · $8,995 — café</p><script nonce="">1</script><p>Ende ✓</p>');
    expect(withoutNonce(second.text)).toBe(withoutNonce(first.text));
  });

  it("serves from the Cache API copy when this isolate holds none", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    const first = await ask(url, pageWithScripts);
    forgetHeldCopies();
    const second = await ask(url, pageWithScripts);
    expect(produced).toBe(1);
    expect(second.response.headers.get("X-Edge-Cache")).toBe("HIT");
    const copyNonce = nonceOf(first.response, first.text);
    expect(nonceOf(second.response, second.text)).not.toBe(copyNonce);
    // Nothing of how the copy is kept, its marker included, reaches the browser.
    expect([...second.response.headers.values()].join("\n")).not.toContain(copyNonce);
  });
});

describe("visitor text on cached pages", () => {
  /** Echoes the search box like /inventory?q=..., with scripts carrying the nonce. */
  function searchPage(nonce: string, url: string) {
    produced += 1;
    const query = new URL(url).searchParams.get("q") ?? "";
    const html = `<script nonce="${nonce}">1</script><h1>Results for ${query}</h1><input name="q" value="${query}"><script nonce="${nonce}">2</script>`;
    return Promise.resolve(
      new Response(html, {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": `script-src 'nonce-${nonce}' 'strict-dynamic'`,
        },
      }),
    );
  }

  it("never becomes the live nonce, even when it is the marker stored copies carry in place of the nonce", async () => {
    const first = `https://dealer.test/inventory-${crypto.randomUUID()}`;
    await ask(first, (nonce) => searchPage(nonce, first));
    const version = await catalogueVersion(env.DB);
    const key = cacheKey(new Request(first), {
      build: "build-1",
      workerVersion: env.CF_VERSION_METADATA,
      catalogue: version!,
    });
    const stored = await edgeCache().match(key);
    const marker = /nonce="([^"]+)"/.exec((await stored?.text()) ?? "")?.[1];
    expect(marker, "the stored copy marks where the nonce goes").toBeTruthy();

    const url = `https://dealer.test/inventory-${crypto.randomUUID()}?q=${encodeURIComponent(marker!)}`;
    for (const from of ["fresh", "memory", "Cache API"]) {
      if (from === "Cache API") forgetHeldCopies();
      const { response, text } = await ask(url, (nonce) => searchPage(nonce, url));
      const live = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
      expect(live, from).toBeTruthy();
      expect(text, from).toContain(`<h1>Results for ${marker}</h1><input name="q" value="${marker}">`);
      expect(text.split(live!).length - 1, `${from}: the live nonce appears only on the two scripts`).toBe(2);
      expect(
        [...text.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]),
        from,
      ).toEqual([live, live]);
    }
    expect(produced).toBe(2);
  });
});

describe("without a usable database", () => {
  it("still answers, uncached, so pages that need no data render", async () => {
    const broken = {
      prepare: () => ({ first: () => Promise.reject(new Error("no such table: catalogue_state")) }),
    } as unknown as D1Database;
    const ctx = createExecutionContext();
    let made = 0;
    const produce = async (_nonce: string) => {
      made += 1;
      return new Response("<p>static</p>", { headers: { "Content-Type": "text/html" } });
    };
    const request = new Request(`https://dealer.test/privacy-${crypto.randomUUID()}`);
    const options = {
      request,
      db: broken,
      ctx,
      build: "build-1",
      workerVersion: env.CF_VERSION_METADATA,
      produce,
      browserCacheControl: "no-cache",
      holds: { shows: "none" } as const,
    };
    await cachedAnswer(options);
    const again = await cachedAnswer(options);
    expect(await again.text()).toBe("<p>static</p>");
    expect(made).toBe(2);
  });
});
