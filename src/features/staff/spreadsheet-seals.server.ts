import { sha256Hex, sign, verify } from "~/server/signatures.server";

/**
 * The staff page's spreadsheet keeps nothing between its posts: the preview's page carries the file
 * back. What binds the Confirm to the preview is the server's seal on it: an HMAC (the secret
 * SPREADSHEET_SIGNING_KEY) over the file's SHA-256, its name, the staff member who previewed it, the
 * catalogue version the preview was planned at and when. A Confirm with another file, no seal, or
 * someone else's seal is refused; the import then runs only while the catalogue is still at that
 * version, so what is written is what the preview showed. The restamped file offered after an import
 * is sealed too, so the download answers only with a file the server itself made.
 */

export const signingKeyName = "SPREADSHEET_SIGNING_KEY";

/** A preview can be confirmed for a working day; after that it is previewed again. */
export const previewLifetimeHours = 12;

const previewPurpose = "staff spreadsheet preview";
const restampedPurpose = "staff spreadsheet restamped";

interface SealedFile {
  bytes: Uint8Array<ArrayBuffer>;
  fileName: string;
}

/** The seal a preview's Confirm carries: "<catalogue version>.<issued, ms>.<signature>". */
export async function previewSeal(
  key: string,
  {
    bytes,
    fileName,
    who,
    catalogueVersion,
    now = Date.now(),
  }: SealedFile & { who: string; catalogueVersion: number; now?: number },
): Promise<string> {
  const signature = await sign(key, previewPurpose, [who, fileName, await sha256Hex(bytes), catalogueVersion, now]);
  return `${catalogueVersion}.${now}.${signature}`;
}

export type SealCheck = { ok: true; catalogueVersion: number } | { ok: false; why: "none" | "other file" | "expired" };

/** Whether `seal` is the one a preview of exactly this file, by this staff member, was given. */
export async function checkPreviewSeal(
  key: string,
  seal: string,
  { bytes, fileName, who, now = Date.now() }: SealedFile & { who: string; now?: number },
): Promise<SealCheck> {
  const match = /^(\d{1,15})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(seal);
  if (!match) return { ok: false, why: "none" };
  const [catalogueVersion, issuedAt] = [Number(match[1]), Number(match[2])];
  const parts = [who, fileName, await sha256Hex(bytes), catalogueVersion, issuedAt];
  if (!(await verify(key, previewPurpose, parts, match[3]!))) return { ok: false, why: "other file" };
  if (now - issuedAt > previewLifetimeHours * 3_600_000 || issuedAt > now + 60_000)
    return { ok: false, why: "expired" };
  return { ok: true, catalogueVersion };
}

/** The seal of a file the server restamped after an import, for its download. */
export async function restampedSeal(key: string, { bytes, fileName }: SealedFile): Promise<string> {
  return sign(key, restampedPurpose, [fileName, await sha256Hex(bytes)]);
}

export async function checkRestampedSeal(key: string, seal: string, file: SealedFile): Promise<boolean> {
  return verify(key, restampedPurpose, [file.fileName, await sha256Hex(file.bytes)], seal);
}
