/**
 * Plain-http requests are sent to the same address over https (Mozilla Observatory's
 * `redirection-missing`): HSTS only protects a browser that has already had one https answer.
 * Requests to this machine itself are answered as they are, so `npm start`, `vite preview` and
 * the tests keep working over http.
 */
const thisMachine = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A 301 to the https address, or null when the request may be answered as it is. */
export function httpsRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.protocol !== "http:" || thisMachine.has(url.hostname)) return null;
  url.protocol = "https:";
  return new Response(null, { status: 301, headers: { Location: url.toString() } });
}
