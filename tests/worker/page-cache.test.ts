import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import {
  cachedAnswer,
  catalogueVersion,
  forgetCatalogueVersion,
  forgetHeldCopies,
  placeholderNonce,
} from "~/server/page-cache.server";

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

async function ask(
  url: string,
  produce: (nonce: string) => Promise<Response>,
  headers: HeadersInit = {},
  build = "build-1",
) {
  const ctx = createExecutionContext();
  const response = await cachedAnswer({
    request: new Request(url, { headers }),
    db: env.DB,
    ctx,
    build,
    produce,
    browserCacheControl: "no-cache",
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
  forgetCatalogueVersion();
}

beforeEach(() => {
  produced = 0;
  forgetCatalogueVersion();
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
    await ask(url, page("<script src=/assets/a-1.js></script>"), {}, "build-1");
    const deployed = await ask(url, page("<script src=/assets/a-2.js></script>"), {}, "build-2");
    expect(deployed.text).toContain("a-2.js");
    expect(produced).toBe(2);
  });

  it("keeps one copy per consent choice", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(url, page("<p>no choice</p>"));
    const granted = await ask(url, page("<p>maps</p>"), { Cookie: "embed_consent=granted" });
    expect(granted.text).toBe("<p>maps</p>");
    expect(produced).toBe(2);
  });

  it("never stores answers that set cookies or requests that carry other cookies", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(url, page("<p>a</p>", { headers: { "Set-Cookie": "x=1" } }));
    await ask(url, page("<p>a</p>", { headers: { "Set-Cookie": "x=1" } }));
    expect(produced).toBe(2);
    const other = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(other, page(), { Cookie: "session=abc" });
    await ask(other, page(), { Cookie: "session=abc" });
    expect(produced).toBe(4);
  });

  it("answers 304 from the cache when the browser already has that version", async () => {
    const url = `https://dealer.test/cache-${crypto.randomUUID()}`;
    await ask(url, page("{}", { headers: { ETag: '"v1"', "Content-Type": "application/json" } }));
    const again = await ask(url, page(), { "If-None-Match": '"v1"' });
    expect(again.response.status).toBe(304);
    expect(produced).toBe(1);
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
      expect(text).not.toContain(placeholderNonce);
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
    expect(nonceOf(second.response, second.text)).not.toBe(nonceOf(first.response, first.text));
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
    const options = { request, db: broken, ctx, build: "build-1", produce, browserCacheControl: "no-cache" };
    await cachedAnswer(options);
    const again = await cachedAnswer(options);
    expect(await again.text()).toBe("<p>static</p>");
    expect(made).toBe(2);
  });
});
