/**
 * True when a POST comes from this site's own pages. Browsers send Origin on every cross-site
 * POST; a request without one is a same-origin navigation from an older browser or a tool, and
 * Sec-Fetch-Site, when present, still names a cross-site sender.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin) return origin === new URL(request.url).origin;
  return request.headers.get("Sec-Fetch-Site") !== "cross-site";
}
