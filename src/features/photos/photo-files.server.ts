import { ifNoneMatchHolds } from "~/lib/entity-tags";
import { photoCacheControl, photoFormats, photoPathPrefix } from "./photo-names";

/**
 * Vehicle photos live in R2 under content-hashed names, so a name never changes meaning: browsers
 * and the edge may keep a photo for a year without asking again, and a new photo is a new name.
 */

/** Lowercase names of letters, digits and dashes in folders, ending in an image type we make. */
const photoKeyPattern = /^(?:[a-z0-9][a-z0-9-]*\/)*[a-z0-9][a-z0-9-]*\.(?:avif|webp|jpg)$/;

const contentTypes: Record<string, string> = Object.fromEntries(
  photoFormats.map(({ extension, contentType }) => [extension, contentType]),
);

export function isPhotoPath(pathname: string): boolean {
  return pathname.startsWith(photoPathPrefix);
}

function isObjectBody(object: R2Object | R2ObjectBody): object is R2ObjectBody {
  return "body" in object;
}

function notFound(): Response {
  return Response.json({ error: "No such photo" }, { status: 404, headers: { "Cache-Control": "no-store" } });
}

/**
 * GET or HEAD /photos/{key}: the stored file with its type, a year-long immutable cache, its ETag,
 * and 304 when the browser already holds it. Any other name, or a name not stored, is a 404.
 */
export async function answerPhotoRequest(request: Request, bucket: R2Bucket): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return Response.json({ error: "Photos can only be read" }, { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  // Not decoded: a photo name needs no escapes, so one with any is not a photo name.
  const key = new URL(request.url).pathname.slice(photoPathPrefix.length);
  if (!photoKeyPattern.test(key)) return notFound();
  const stored: R2Object | R2ObjectBody | null =
    request.method === "HEAD" ? await bucket.head(key) : await bucket.get(key);
  if (!stored) return notFound();
  const headers = new Headers({
    "Content-Type": contentTypes[key.slice(key.lastIndexOf(".") + 1)]!,
    "Cache-Control": photoCacheControl,
    ETag: stored.httpEtag,
  });
  if (ifNoneMatchHolds(request.headers.get("If-None-Match"), stored.httpEtag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(stored.size));
  return new Response(isObjectBody(stored) ? stored.body : null, { status: 200, headers });
}
