/**
 * 256 random bits, URL-safe (base64url, 43 characters): the part of a customer's private link
 * nobody can guess. Web Crypto only, so the Worker and a page's island make tokens the same way.
 */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
