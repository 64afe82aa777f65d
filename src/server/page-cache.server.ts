import { readConsent } from "~/features/consent/consent";

/**
 * Edge cache for rendered pages and catalogue API answers (the Workers Cache API). A response is
 * made once per catalogue version (and, for pages, consent choice), then served from the cache of
 * the visitor's data centre. A staff update bumps the version (a D1 trigger), which changes every
 * key, so nothing stale is served once the version is read again (every 30 seconds at most).
 *
 * Pages are rendered with a placeholder nonce and every response, cached or fresh, gets a new one
 * in its CSP header and on each element that carries it: a cached page never repeats a nonce.
 */

const storedForSeconds = 60 * 60 * 24;
const versionTtlMs = 30_000;
export const placeholderNonce = "cachedpagenonceplaceholder0000==";

let knownVersion: { value: string; readAt: number } | null = null;

/**
 * The catalogue's version, read from D1 at most every 30 seconds per isolate; null when D1 cannot
 * answer (then nothing is cached, and pages that need no data, like those pre-rendered at build
 * time without a database, still render).
 */
export async function catalogueVersion(db: D1Database, now = Date.now()): Promise<string | null> {
  if (knownVersion && now - knownVersion.readAt < versionTtlMs) return knownVersion.value;
  try {
    const row = await db.prepare("SELECT version FROM catalogue_state WHERE id = 1").first<{ version: number }>();
    knownVersion = { value: String(row?.version ?? 0), readAt: now };
    return knownVersion.value;
  } catch {
    return null;
  }
}

/** Makes the next request read the version again. */
export function forgetCatalogueVersion(): void {
  knownVersion = null;
}

function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.has("Authorization")) return false;
  // Any cookie but the consent choice could personalise the answer.
  const cookies = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  return cookies.every((cookie) => cookie.startsWith("embed_consent="));
}

function isCacheableResponse(response: Response): boolean {
  return response.status === 200 && !response.headers.has("Set-Cookie");
}

function cacheKey(request: Request, version: string): string {
  const url = new URL(request.url);
  url.searchParams.set("__catalogue", version);
  url.searchParams.set("__consent", readConsent(request.headers.get("Cookie")) ?? "unset");
  return url.toString();
}

/** Puts a fresh nonce wherever the placeholder stands: the CSP header and every nonce attribute. */
export function withFreshNonce(response: Response, nonce: string): Response {
  const headers = new Headers(response.headers);
  const policy = headers.get("Content-Security-Policy");
  if (policy) headers.set("Content-Security-Policy", policy.replaceAll(placeholderNonce, nonce));
  const isHtml = (headers.get("Content-Type") ?? "").startsWith("text/html");
  const fresh = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  if (!isHtml) return fresh;
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(fresh);
}

export interface CachedAnswerOptions {
  request: Request;
  db: D1Database;
  ctx: ExecutionContext;
  /** Makes the answer when the cache has none. */
  produce: () => Promise<Response>;
  /** What browsers are told about caching the answer themselves. */
  browserCacheControl: string;
}

/** Serves from the edge cache when it can, otherwise produces the answer and stores a copy. */
export async function cachedAnswer({
  request,
  db,
  ctx,
  produce,
  browserCacheControl,
}: CachedAnswerOptions): Promise<Response> {
  if (!isCacheableRequest(request)) return produce();
  // The DOM typings (shared with browser code) lack the Workers-only `caches.default`.
  const version = await catalogueVersion(db);
  if (version === null) return produce();
  const cache = (caches as unknown as { default: Cache }).default;
  const key = cacheKey(request, version);
  const hit = await cache.match(key);
  if (hit) {
    const etag = hit.headers.get("ETag");
    if (etag && request.headers.get("If-None-Match") === etag) {
      return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": browserCacheControl } });
    }
    const headers = new Headers(hit.headers);
    headers.set("Cache-Control", browserCacheControl);
    headers.set("X-Edge-Cache", "HIT");
    return new Response(hit.body, { status: hit.status, headers });
  }
  const response = await produce();
  if (!isCacheableResponse(response)) return response;
  const stored = response.clone();
  const storedHeaders = new Headers(stored.headers);
  storedHeaders.set("Cache-Control", `public, max-age=${storedForSeconds}`);
  ctx.waitUntil(cache.put(key, new Response(stored.body, { status: stored.status, headers: storedHeaders })));
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", browserCacheControl);
  headers.set("X-Edge-Cache", "MISS");
  return new Response(response.body, { status: response.status, headers });
}
