/**
 * HMAC-SHA-256 with a key of the Worker's secrets (Web Crypto): the server's word that it made a
 * value, so a value a form carries back is honoured only as the server gave it. Each use names
 * its purpose, so a signature made for one never passes for another.
 */

const encoder = new TextEncoder();

const hmacKey = (secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

const message = (purpose: string, parts: readonly (string | number)[]) =>
  encoder.encode([purpose, ...parts.map(String)].join("\n"));

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** The signature of `parts` for `purpose`, as 64 hex digits. */
export async function sign(secret: string, purpose: string, parts: readonly (string | number)[]): Promise<string> {
  return hex(await crypto.subtle.sign("HMAC", await hmacKey(secret), message(purpose, parts)));
}

/** Whether `signature` is the one `sign` gives these parts; compared by Web Crypto in constant time. */
export async function verify(
  secret: string,
  purpose: string,
  parts: readonly (string | number)[],
  signature: string,
): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const bytes = Uint8Array.from(signature.match(/../g)!, (pair) => parseInt(pair, 16));
  return crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, message(purpose, parts));
}

/** A file's SHA-256, as hex: what a signature binds rather than the file itself. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}
