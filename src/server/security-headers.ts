/**
 * The security headers every HTML answer carries. The Worker adds them to rendered pages with a
 * fresh script nonce; the build writes the same policy, without scripts, into `_headers` for the
 * pre-rendered pages, which ship no JavaScript.
 */
// Relative, with its extension: vite.config.ts loads this file outside the "~/" alias.
import { imageHosts as configuredImageHosts, type ImageHost } from "../config/image-hosts.ts";

const embedOrigins = ["https://www.google.com", "https://maps.google.com"];
const turnstileOrigin = "https://challenges.cloudflare.com";

/** Images load from the site and from exactly the photo hosts the catalogue import accepts. */
export function contentSecurityPolicy(
  scriptNonce: string | null,
  imageHosts: readonly ImageHost[] = configuredImageHosts,
): string {
  const scriptSource = scriptNonce ? `'nonce-${scriptNonce}' 'strict-dynamic' ${turnstileOrigin}` : "'none'";
  return [
    "default-src 'self'",
    `script-src ${scriptSource}`,
    "style-src 'self'",
    ["img-src 'self' data:", ...imageHosts.map((host) => `https://${host}`)].join(" "),
    "font-src 'self'",
    `connect-src 'self'${scriptNonce ? ` ${turnstileOrigin}` : ""}`,
    `frame-src ${[...embedOrigins, turnstileOrigin].join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers for every response, HTML or not. */
export const baseSecurityHeaders: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

export function applySecurityHeaders(headers: Headers, scriptNonce: string | null): void {
  for (const [name, value] of Object.entries(baseSecurityHeaders)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  const isHtml = (headers.get("Content-Type") ?? "").startsWith("text/html");
  if (isHtml && !headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(scriptNonce));
  }
}

/**
 * The response with every header of `applySecurityHeaders` it lacks. Pages rendered by React
 * Router already carry their nonce policy; this covers the rest (API answers, errors).
 */
export function withSecurityHeaders(response: Response): Response {
  // A copy, because headers of some responses (from fetch or the Cache API) cannot be changed.
  const secured = new Response(response.body, response);
  applySecurityHeaders(secured.headers, null);
  return secured;
}

/** 128 random bits, base64: unguessable and fresh for every response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The `_headers` file for the asset layer: static pages and hashed build files. */
export function staticAssetHeadersFile(imageHosts: readonly ImageHost[] = configuredImageHosts): string {
  const lines = ["/*"];
  for (const [name, value] of Object.entries(baseSecurityHeaders)) lines.push(`  ${name}: ${value}`);
  lines.push(`  Content-Security-Policy: ${contentSecurityPolicy(null, imageHosts)}`);
  lines.push("", "/assets/*", "  Cache-Control: public, max-age=31536000, immutable", "");
  return lines.join("\n");
}
