import { isStaffPath, type HoldsAtAddress } from "~/config/pages";
import { readConsent } from "~/lib/consent";
import { ifNoneMatchHolds } from "~/lib/entity-tags";
import { createNonce } from "~/server/security-headers";
import { accessAssertionHeader } from "~/server/staff-access.server";

/**
 * Edge cache for rendered pages and catalogue API answers. An answer is made once per build, Worker
 * version and catalogue version (and, for pages, consent choice), stored in the Workers Cache API
 * of the visitor's data centre, and held in the isolate's memory so that repeat requests skip even
 * the cache lookup. A staff update bumps the catalogue version (a D1 trigger), which changes every
 * key, so nothing stale is served once the version is read again (every 10 seconds at most). The
 * client build is part of the key because a page names its script files by hash, and the Worker
 * version because it changes with every deploy and every change of a variable or secret: copies
 * made by other code or configuration are never served.
 *
 * Buyers' holds change far more often than the catalogue, and anyone can place one, so they do not
 * move the catalogue version: pages that show every vehicle's holds (lists with "Reserved" badges)
 * are keyed by a count of all hold changes as well, a vehicle's own pages by a count of that
 * vehicle's, and every other page by neither (migration 0017; which page shows what is said in the
 * page registry, src/config/pages.ts). A reservation then re-renders only the pages that show it.
 *
 * Every response gets a fresh script nonce. An answer is made with its own nonce, and its copy
 * remembers that nonce as the marker of where a nonce goes; each answer served from the copy puts a
 * new nonce in its place, so a cached page never repeats a nonce. No fixed marker: visitor text
 * echoed into a page (a search query) was written before its nonce existed, so it can never equal
 * it, and whatever a visitor learns of one copy's marker is useless for any other copy.
 */

const storedForSeconds = 60 * 60 * 24;
/**
 * How long an isolate trusts a version it read: one small D1 read per isolate per 10 seconds at
 * most (and per vehicle, for its own pages), and a change is on every page about as soon as the
 * staff member looks.
 */
export const versionTtlMs = 10_000;
/** Enough for every page and API answer of the site a few times over, well inside isolate memory. */
const heldBytesLimit = 8 * 1024 * 1024;
/** Carries a Cache API copy's marker between isolates; never sent to browsers. */
const markerHeader = "X-Page-Cache-Nonce-Marker";

interface KnownState {
  catalogue: string;
  /** Changes of every vehicle's holds. */
  holds: string;
  readAt: number;
}

let knownState: KnownState | null = null;
/** Changes of each vehicle's holds, by vehicle id, for the vehicles whose pages were asked for lately. */
const knownVehicleHolds = new Map<string, { value: string; readAt: number }>();

const isFresh = (known: { readAt: number } | null | undefined, now: number) =>
  known != null && now - known.readAt < versionTtlMs;

interface StateRow {
  catalogue: number | null;
  holds: number | null;
  vehicleHolds: number | null;
}

/**
 * Reads the catalogue state, and the holds of the vehicle named, in one D1 query: a vehicle page
 * costs no more reads than any other page when both are due. A vehicle whose holds never changed
 * has no row, which reads as 0 like any counter that has not moved.
 */
async function readState(db: D1Database, vehicleId: string | null): Promise<StateRow | null> {
  const vehicleHolds = vehicleId === null ? "NULL" : "(SELECT version FROM vehicle_hold_versions WHERE vehicle_id = ?)";
  const statement = db.prepare(
    `SELECT version AS catalogue, holds_version AS holds, ${vehicleHolds} AS vehicleHolds FROM catalogue_state WHERE id = 1`,
  );
  return (vehicleId === null ? statement : statement.bind(vehicleId)).first<StateRow>();
}

/** The versions a copy is keyed by: the catalogue's, and the holds' when the page shows any. */
export interface Versions {
  catalogue: string;
  holds?: string;
}

/**
 * The versions an answer showing `holds` is keyed by, each read from D1 at most every 10 seconds
 * per isolate; null when D1 cannot answer (then nothing is cached, and pages that need no data,
 * like those pre-rendered at build time without a database, still render).
 */
export async function currentVersions(
  db: D1Database,
  holds: HoldsAtAddress,
  now = Date.now(),
): Promise<Versions | null> {
  const vehicleId = holds.shows === "vehicle-holds" ? holds.vehicleId : null;
  if (!isFresh(knownState, now) || (vehicleId !== null && !isFresh(knownVehicleHolds.get(vehicleId), now))) {
    let row: StateRow | null;
    try {
      row = await readState(db, vehicleId);
    } catch {
      return null;
    }
    const catalogue = String(row?.catalogue ?? 0);
    // A catalogue change leaves every held copy stale, so they go at once; a hold change only the few
    // pages showing it, whose old copies age out of memory as the least used.
    if (knownState && knownState.catalogue !== catalogue) forgetHeldCopies();
    // Once per 10 seconds (when the catalogue state is due), the vehicle counts past their time go:
    // the map keeps only the vehicles asked for lately, however many addresses a crawler makes up.
    if (!isFresh(knownState, now)) {
      for (const [id, known] of knownVehicleHolds) if (!isFresh(known, now)) knownVehicleHolds.delete(id);
    }
    knownState = { catalogue, holds: String(row?.holds ?? 0), readAt: now };
    if (vehicleId !== null) knownVehicleHolds.set(vehicleId, { value: String(row?.vehicleHolds ?? 0), readAt: now });
  }
  const state = knownState!;
  if (holds.shows === "none") return { catalogue: state.catalogue };
  if (holds.shows === "holds") return { catalogue: state.catalogue, holds: state.holds };
  return { catalogue: state.catalogue, holds: knownVehicleHolds.get(holds.vehicleId)!.value };
}

/** The catalogue's version, read as `currentVersions` reads it. */
export async function catalogueVersion(db: D1Database, now = Date.now()): Promise<string | null> {
  return (await currentVersions(db, { shows: "none" }, now))?.catalogue ?? null;
}

/** Makes the next request read every version again. */
export function forgetKnownVersions(): void {
  knownState = null;
  knownVehicleHolds.clear();
}

/**
 * Makes the next request read the holds again, of every vehicle and of this one: called where a
 * hold is placed, so that the buyer's next page says Reserved rather than waiting out 10 seconds.
 */
export function forgetHoldVersions(vehicleId: string): void {
  knownState = null;
  knownVehicleHolds.delete(vehicleId);
}

/**
 * A stored answer with its header values and its body cut at each place its nonce was, ready to be
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
  // Staff pages show bookings to whoever signed in: no copy of one may be kept or served, whatever
  // the address's spelling, nor of any answer to a request Cloudflare Access let through.
  if (isStaffPath(new URL(request.url).pathname) || request.headers.has(accessAssertionHeader)) return false;
  // Any cookie but the consent choice could personalise the answer (Access's CF_Authorization among them).
  const cookies = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  return cookies.every((cookie) => cookie.startsWith("embed_consent="));
}

/**
 * A 200 without cookies, unless its route said otherwise: pages that show this moment's data (the
 * rental calendar, a booking's status) answer `Cache-Control: no-store` or `private`.
 */
function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return !/(?:^|,)\s*(?:no-store|private)\s*(?:[=,]|$)/i.test(cacheControl);
}

/** What made a copy besides its address; a copy is served only while all of it is current. */
export interface CopyOrigin {
  /** The client build, whose pages name its script files by hash. */
  build: string;
  /** The deployed Worker version: its code, variables and secrets. */
  workerVersion: WorkerVersionMetadata;
  /** The catalogue version the answer was made from. */
  catalogue: string;
  /** The version of the holds it shows, for a page that shows any. */
  holds?: string;
}

/** Campaign and click tags that links append; no page reads them, so they must not split the cache. */
const marketingParameter = /^(?:utm_.*|gclid|fbclid|msclkid)$/i;

/** The Cache API address of a request's copy: one per page whatever marketing tags or parameter order. */
export function cacheKey(request: Request, { build, workerVersion, catalogue, holds }: CopyOrigin): string {
  const url = new URL(request.url);
  for (const name of new Set(url.searchParams.keys())) {
    if (marketingParameter.test(name)) url.searchParams.delete(name);
  }
  url.searchParams.sort();
  url.searchParams.set("__build", build);
  url.searchParams.set("__worker", workerVersion.id);
  url.searchParams.set("__catalogue", catalogue);
  if (holds !== undefined) url.searchParams.set("__holds", holds);
  url.searchParams.set("__consent", readConsent(request.headers.get("Cookie")) ?? "unset");
  return url.toString();
}

/** A copy of an answer made with `marker` as its nonce, cut wherever the marker is. */
function copyOf(status: number, headers: Headers, body: string, marker: string): Copy {
  const bodyParts = body.split(marker).map((part) => encoder.encode(part));
  return {
    status,
    headers: [...headers].map(([name, value]) => [name, value.split(marker)]),
    bodyParts,
    etag: headers.get("ETag"),
    bytes: bodyParts.reduce((sum, part) => sum + part.byteLength, 0),
  };
}

async function fromEdgeCache(cache: Cache, key: string): Promise<Copy | undefined> {
  const hit = await cache.match(key);
  const marker = hit?.headers.get(markerHeader);
  // Without its marker a copy cannot be given a fresh nonce, so its scripts would be refused.
  if (!hit || !marker) return undefined;
  const headers = new Headers(hit.headers);
  headers.delete(markerHeader);
  return copyOf(hit.status, headers, await hit.text(), marker);
}

function toEdgeCache(cache: Cache, key: string, copy: Copy, marker: string): Promise<void> {
  const headers = new Headers();
  for (const [name, valueParts] of copy.headers) headers.append(name, valueParts.join(marker));
  headers.set("Cache-Control", `public, max-age=${storedForSeconds}`);
  headers.set(markerHeader, marker);
  const body = joinBytes(copy.bodyParts, encoder.encode(marker));
  return cache.put(key, new Response(body, { status: copy.status, headers }));
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
  /** Names the client build (React Router's asset manifest version). */
  build: string;
  /** The Worker's version metadata binding. */
  workerVersion: WorkerVersionMetadata;
  /** Makes the answer when no copy exists, putting `scriptNonce` on every script it renders. */
  produce: (scriptNonce: string) => Promise<Response>;
  /** What browsers are told about caching the answer themselves. */
  browserCacheControl: string;
  /** The buyers' holds the answer shows (for a page, `holdsShownAt` its path). */
  holds: HoldsAtAddress;
}

/** Serves a copy when one exists, otherwise produces the answer and keeps a copy. */
export async function cachedAnswer({
  request,
  db,
  ctx,
  build,
  workerVersion,
  produce,
  browserCacheControl,
  holds,
}: CachedAnswerOptions): Promise<Response> {
  const nonce = createNonce();
  if (!isCacheableRequest(request)) return produce(nonce);
  const versions = await currentVersions(db, holds);
  if (versions === null) return produce(nonce);
  // The DOM typings (shared with browser code) lack the Workers-only `caches.default`.
  const cache = (caches as unknown as { default: Cache }).default;
  const key = cacheKey(request, { build, workerVersion, ...versions });

  let copy = heldCopy(key);
  if (!copy) {
    copy = await fromEdgeCache(cache, key);
    if (copy) hold(key, copy);
  }
  if (copy) {
    if (ifNoneMatchHolds(request.headers.get("If-None-Match"), copy.etag)) {
      const headers = new Headers({ "Cache-Control": browserCacheControl });
      if (copy.etag) headers.set("ETag", copy.etag);
      return new Response(null, { status: 304, headers });
    }
    return answerFrom(copy, nonce, browserCacheControl, "HIT");
  }

  const response = await produce(nonce);
  if (!isCacheableResponse(response)) return response;
  const made = copyOf(response.status, response.headers, await response.text(), nonce);
  hold(key, made);
  ctx.waitUntil(toEdgeCache(cache, key, made, nonce));
  return answerFrom(made, nonce, browserCacheControl, "MISS");
}
