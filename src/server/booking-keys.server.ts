/**
 * The keys of anything the site holds for a customer (a rental hold, a cart reservation): a short
 * reference people read out and type, and a private link's token of which only a hash is stored.
 */

// No 0/O, 1/I/L: a reference is read out over the phone and typed from a printed e-mail.
const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const referenceLength = 6;

/** "R-7K3M9Q" for prefix "R": six characters after the prefix, each equally likely. */
export function newReference(prefix: string): string {
  // Bytes from 248 up are skipped so that every character is equally likely (248 = 8 x 31).
  const limit = 256 - (256 % referenceAlphabet.length);
  let reference = "";
  while (reference.length < referenceLength) {
    for (const byte of crypto.getRandomValues(new Uint8Array(referenceLength * 2))) {
      if (byte < limit && reference.length < referenceLength)
        reference += referenceAlphabet[byte % referenceAlphabet.length];
    }
  }
  return `${prefix}-${reference}`;
}

/** Staff type references as they hear them: lower case and stray spaces still find the booking. */
export function normalReference(reference: string): string {
  return reference.trim().toUpperCase();
}

export { newToken } from "~/lib/random-token";

/** SHA-256 in hex: what is stored of a token, so a leaked table cannot open anyone's booking. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A token of its own for a part of a booking (an additional driver's waiver link), derived from the
 * booking's token by HMAC-SHA256: as long and as unguessable as the booking's, computable only by
 * whoever holds the booking's token, and stored, like it, only as a hash.
 */
export async function derivedToken(token: string, purpose: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(token),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(purpose)));
  return btoa(String.fromCharCode(...mac))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
