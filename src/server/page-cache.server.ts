import { readConsent } from "~/lib/consent";
import { createNonce } from "~/server/security-headers";

/**
 * Edge cache for rendered pages and catalogue API answers. An answer is made once per build and
 * catalogue version (and, for pages, consent choice), stored in the Workers Cache API of the visitor's data
 * centre, and held in the isolate's memory so that repeat requests skip even the cache lookup. A
 * staff update bumps the version (a D1 trigger), which changes every key, so nothing stale is
 * served once the version is read again (every 30 seconds at most). The build is part of the key
 * because a page names its script files by hash: after a deploy, copies made by the previous build
 * would point at files that no longer exist.
 *
 * Every response gets a fresh script nonce. An answer is made with its own nonce; the stored copy
 * has it swapped for a placeholder, and each answer served from a copy puts a new nonce in its
 * place, so a cached page never repeats a nonce.
 */

const storedForSeconds = 60 * 60 * 24;
const versionTtlMs = 30_000;
/** Enough for every page and API answer of the site a few times over, well inside isolate memory. */
const heldBytesLimit = 8 * 1024 * 1024;
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
    const value = String(row?.version ?? 0);
    if (knownVersion && knownVersion.value !== value) heldCopies.clear();
    knownVersion = { value, readAt: now };
    return value;
  } catch {
    return null;
  }
}

/** Makes the next request read the version again. */
export function forgetCatalogueVersion(): void {
  knownVersion = null;
}

/**
 * A stored answer with its header values and its body cut at each placeholder nonce, ready to be
 * joined with a new one. The body is kept as bytes, so serving a copy is a copy of bytes rather than
 * a string join and re-encoding of the whole page.
 */
interface Copy {
  status: number;
  headers: [name: string, valueParts: string[]][];
  bodyParts: Uint8Array[];
  etag: string | null;
  bytes: number;
}

const encoder = new TextEncoder();
const encodedPlaceholder = encoder.encode(placeholderNonce);

function joinBytes(parts: Uint8Array[], separator: Uint8Array): Uint8Array<ArrayBuffer> {
  const total = parts.reduce((sum, part) => sum + part.byteLength, separator.byteLength * (parts.length - 1));
  const joined = new Uint8Array(total);
  let offset = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      joined.set(separator, offset);
      offset += separator.byteLength;
    }
    joined.set(part, offset);
    offset += part.byteLength;
  });
  return joined;
}

/** Copies held in this isolate, oldest use first (a Map keeps insertion order). */
const heldCopies = new Map<string, Copy>();
let heldBytes = 0;

function hold(key: string, copy: Copy): void {
  const previous = heldCopies.get(key);
  if (previous) heldBytes -= previous.bytes;
  heldCopies.delete(key);
  heldCopies.set(key, copy);
  heldBytes += copy.bytes;
  for (const [oldestKey, oldest] of heldCopies) {
    if (heldBytes <= heldBytesLimit) break;
    heldCopies.delete(oldestKey);
    heldBytes -= oldest.bytes;
  }
}

function heldCopy(key: string): Copy | undefined {
  const copy = heldCopies.get(key);
  if (copy) hold(key, copy);
  return copy;
}

/** Empties this isolate's memory of cached answers (the Cache API copies stay). */
export function forgetHeldCopies(): void {
  heldCopies.clear();
  heldBytes = 0;
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

function cacheKey(request: Request, build: string, version: string): string {
  const url = new URL(request.url);
  url.searchParams.set("__build", build);
  url.searchParams.set("__catalogue", version);
  url.searchParams.set("__consent", readConsent(request.headers.get("Cookie")) ?? "unset");
  return url.toString();
}

function copyOf(status: number, headers: Headers, body: string, nonce: string | null): Copy {
  const withPlaceholder = (text: string) => (nonce ? text.replaceAll(nonce, placeholderNonce) : text);
  const bodyParts = withPlaceholder(body)
    .split(placeholderNonce)
    .map((part) => encoder.encode(part));
  return {
    status,
    headers: [...headers].map(([name, value]) => [name, withPlaceholder(value).split(placeholderNonce)]),
    bodyParts,
    etag: headers.get("ETag"),
    bytes: bodyParts.reduce((sum, part) => sum + part.byteLength, 0),
  };
}

async function fromEdgeCache(cache: Cache, key: string): Promise<Copy | undefined> {
  const hit = await cache.match(key);
  if (!hit) return undefined;
  return copyOf(hit.status, hit.headers, await hit.text(), null);
}

function toEdgeCache(cache: Cache, key: string, copy: Copy): Promise<void> {
  const headers = new Headers();
  for (const [name, valueParts] of copy.headers) headers.append(name, valueParts.join(placeholderNonce));
  headers.set("Cache-Control", `public, max-age=${storedForSeconds}`);
  return cache.put(key, new Response(joinBytes(copy.bodyParts, encodedPlaceholder), { status: copy.status, headers }));
}

function answerFrom(copy: Copy, nonce: string, browserCacheControl: string, edgeCache: "HIT" | "MISS"): Response {
  const headers = new Headers();
  for (const [name, valueParts] of copy.headers) headers.append(name, valueParts.join(nonce));
  headers.set("Cache-Control", browserCacheControl);
  headers.set("X-Edge-Cache", edgeCache);
  return new Response(joinBytes(copy.bodyParts, encoder.encode(nonce)), { status: copy.status, headers });
}

export interface CachedAnswerOptions {
  request: Request;
  db: D1Database;
  ctx: ExecutionContext;
  /** Names the code that makes the answers (React Router's asset manifest version). */
  build: string;
  /** Makes the answer when no copy exists, putting `scriptNonce` on every script it renders. */
  produce: (scriptNonce: string) => Promise<Response>;
  /** What browsers are told about caching the answer themselves. */
  browserCacheControl: string;
}

/** Serves a copy when one exists, otherwise produces the answer and keeps a copy. */
export async function cachedAnswer({
  request,
  db,
  ctx,
  build,
  produce,
  browserCacheControl,
}: CachedAnswerOptions): Promise<Response> {
  const nonce = createNonce();
  if (!isCacheableRequest(request)) return produce(nonce);
  const version = await catalogueVersion(db);
  if (version === null) return produce(nonce);
  // The DOM typings (shared with browser code) lack the Workers-only `caches.default`.
  const cache = (caches as unknown as { default: Cache }).default;
  const key = cacheKey(request, build, version);

  let copy = heldCopy(key);
  if (!copy) {
    copy = await fromEdgeCache(cache, key);
    if (copy) hold(key, copy);
  }
  if (copy) {
    if (copy.etag && request.headers.get("If-None-Match") === copy.etag) {
      return new Response(null, { status: 304, headers: { ETag: copy.etag, "Cache-Control": browserCacheControl } });
    }
    return answerFrom(copy, nonce, browserCacheControl, "HIT");
  }

  const response = await produce(nonce);
  if (!isCacheableResponse(response)) return response;
  const made = copyOf(response.status, response.headers, await response.text(), nonce);
  hold(key, made);
  ctx.waitUntil(toEdgeCache(cache, key, made));
  return answerFrom(made, nonce, browserCacheControl, "MISS");
}
