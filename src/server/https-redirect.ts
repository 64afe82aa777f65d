/**
 * Plain-http requests are sent to the same address over https (Mozilla Observatory's
 * `redirection-missing`): HSTS only protects a browser that has already had one https answer.
 * Requests to this machine itself are answered as they are, so `npm start`, `vite preview` and
 * the tests keep working over http.
 */
const thisMachine = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True when `url` names this machine itself (a URL's hostname keeps IPv6's brackets). */
export function isThisMachine(url: URL): boolean {
  return thisMachine.has(url.hostname);
}

/** A 301 to the https address, or null when the request may be answered as it is. */
export function httpsRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.protocol !== "http:" || isThisMachine(url)) return null;
  url.protocol = "https:";
  return new Response(null, { status: 301, headers: { Location: url.toString() } });
}
