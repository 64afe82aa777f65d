/**
 * What a staff photo may be and which files are made of it, decided from its bytes alone: the one
 * plan the staff command (Sharp, in Node) and the Worker (the Images binding) both carry out, so
 * either writes the same files under the same names (photo-names.ts). No Node or Worker API here.
 */
import {
  largestPhotoSize,
  photoFormats,
  photoReferencePath,
  photoRenditionKey,
  photoRenditions,
  photoSocialCardKey,
  photoSocialCardSize,
  photoWidths,
  type PhotoExtension,
  type PhotoReference,
  type PhotoSize,
} from "./photo-names";

/** What one photo may be: a phone's full-size JPEG fits, a poster scan or a thumbnail does not. */
export const photoLimits = {
  maxBytes: 25 * 1024 * 1024,
  minWidth: photoWidths[0],
  minHeight: 320,
  maxSide: 12_000,
} as const;

/** Photos one vehicle or dealer place may have: a full walk-around and details, and a page that still loads fast. */
export const maxPhotosPerVehicle = 24;

/** A photo the staff tools cannot take, with the sentence that tells staff what to do. */
export class PhotoRefusal extends Error {
  override name = "PhotoRefusal";
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;

/** The size limit as staff read it on the upload form and in a refusal: "25 MB". */
export const photoSizeLimit = megabytes(photoLimits.maxBytes);

/** Why a file of `bytes` is too large to be a photo, or null when it is not. */
export function photoSizeProblem(name: string, bytes: number): string | null {
  if (bytes <= photoLimits.maxBytes) return null;
  return `${name} is ${megabytes(bytes)}; the limit is ${photoSizeLimit}.`;
}

/** Why an upright photo of `size` is no use on a page, or null when it will do. */
export function photoDimensionsProblem(name: string, { width, height }: PhotoSize): string | null {
  if (width < photoLimits.minWidth || height < photoLimits.minHeight) {
    return `${name} is ${width}x${height} pixels; a photo must be at least ${photoLimits.minWidth}x${photoLimits.minHeight}.`;
  }
  if (Math.max(width, height) > photoLimits.maxSide) {
    return `${name} is ${width}x${height} pixels; no side may be over ${photoLimits.maxSide}.`;
  }
  return null;
}

export type PhotoKind = "jpeg" | "png" | "webp" | "heic" | "avif";

const kindNames: Record<PhotoKind, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", heic: "HEIC", avif: "AVIF" };

/** "x is not an image (its contents are not JPEG, PNG or WebP)." for the kinds a tool takes. */
export function notAPhotoMessage(name: string, accepted: readonly PhotoKind[]): string {
  const names = accepted.map((kind) => kindNames[kind]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
  return `${name} is not an image (its contents are not ${list}).`;
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** HEIF brands of HEVC-coded photos, as iPhones and other phones write them. */
const heicBrands = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
const avifBrands = new Set(["avif", "avis"]);

/**
 * What the bytes are, whatever the file is called or the browser says (Windows Chrome labels HEIF
 * application/octet-stream): the format's signature at the start of the file, or null.
 */
export function sniffPhotoKind(bytes: Uint8Array): PhotoKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 4) === "ftyp") {
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length);
    // The major brand, then the compatible brands after the minor version.
    const brands = [ascii(bytes, 8, 4)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, 4));
    if (brands.some((brand) => avifBrands.has(brand))) return "avif";
    if (brands.some((brand) => heicBrands.has(brand)) || brands[0] === "mif1" || brands[0] === "msf1") return "heic";
  }
  return null;
}

/** The EXIF orientation (1-8) in TIFF-structured EXIF data, or 1 when it has none. */
function tiffOrientation(bytes: Uint8Array, start: number, end: number): number {
  if (ascii(bytes, start, 6) === "Exif\0\0") start += 6;
  if (end - start < 8) return 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const little = ascii(bytes, start, 2) === "II";
  if (!little && ascii(bytes, start, 2) !== "MM") return 1;
  const ifd = start + view.getUint32(start + 4, little);
  if (ifd + 2 > end) return 1;
  const entries = view.getUint16(ifd, little);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Where a JPEG's segments before its image data are: marker and the span of its payload. */
function jpegSegments(bytes: Uint8Array): { marker: number; start: number; end: number }[] {
  const segments: { marker: number; start: number; end: number }[] = [];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // Start of scan: the compressed image follows, and no metadata segment comes after it that matters.
    if (marker === 0xda) break;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    segments.push({ marker, start: at + 4, end: Math.min(at + 2 + length, bytes.length) });
    at += 2 + length;
  }
  return segments;
}

/**
 * The orientation tag of a JPEG, PNG or WebP (1-8; 1 when it has none). HEIF photos carry theirs
 * in an `irot` box that decoders apply; their upright size is checked against the engine instead.
 */
export function exifOrientation(bytes: Uint8Array, kind: PhotoKind): number {
  if (kind === "jpeg") {
    const exif = jpegSegments(bytes).find(
      (segment) => segment.marker === 0xe1 && ascii(bytes, segment.start, 6) === "Exif\0\0",
    );
    return exif ? tiffOrientation(bytes, exif.start, exif.end) : 1;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  if (kind === "png") {
    for (let at = 8; at + 12 <= bytes.length;) {
      const length = view.getUint32(at);
      if (ascii(bytes, at + 4, 4) === "eXIf") return tiffOrientation(bytes, at + 8, at + 8 + length);
      if (ascii(bytes, at + 4, 4) === "IDAT") return 1;
      at += 12 + length;
    }
  }
  if (kind === "webp") {
    for (let at = 12; at + 8 <= bytes.length;) {
      const length = view.getUint32(at + 4, true);
      if (ascii(bytes, at, 4) === "EXIF") return tiffOrientation(bytes, at + 8, at + 8 + length);
      at += 8 + length + (length % 2);
    }
  }
  return 1;
}

/** The size as the photo is meant to be seen: orientations 5-8 turn it a quarter. */
export function uprightSize(stored: PhotoSize, orientation: number): PhotoSize {
  return orientation >= 5 ? { width: stored.height, height: stored.width } : stored;
}

/** The first 16 hex digits of the original file's SHA-256: its photo's name, the same file always the same name. */
export async function photoHash(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface PlannedFile {
  /** The R2 key, also the path under /photos/. */
  key: string;
  extension: PhotoExtension;
  contentType: string;
  width: number;
  height: number;
  /**
   * "fill": stretched to the exact computed size (at most half a pixel of stretch, and the file is
   * exactly the size its name and the page's width and height attributes say); "cover": the social
   * card's crop.
   */
  fit: "fill" | "cover";
}

export interface PhotoPlan {
  reference: PhotoReference;
  /** What goes in the vehicle's `images`: the address of the largest JPEG. */
  path: string;
  /** Each width of each format (AVIF no wider than `widestAvif`, photo-names.ts), smallest first, then the social card. */
  files: PlannedFile[];
}

/** Every file one photo of `ownerId` becomes, named as the pages expect them. */
export function planPhotoFiles(ownerId: string, hash: string, upright: PhotoSize): PhotoPlan {
  const reference: PhotoReference = { vehicleId: ownerId, hash, ...largestPhotoSize(upright) };
  const contentTypes = new Map(photoFormats.map(({ extension, contentType }) => [extension, contentType]));
  const renditions = photoRenditions(reference).map(({ size, extension }): PlannedFile => ({
    key: photoRenditionKey(reference, size, extension),
    extension,
    contentType: contentTypes.get(extension)!,
    ...size,
    fit: "fill",
  }));
  const socialCard: PlannedFile = {
    key: photoSocialCardKey(reference),
    extension: "jpg",
    contentType: "image/jpeg",
    ...photoSocialCardSize,
    fit: "cover",
  };
  return { reference, path: photoReferencePath(reference), files: [...renditions, socialCard] };
}

/**
 * The JPEG without its metadata segments: EXIF and XMP (APP1, where a phone writes the GPS
 * position), IPTC (APP13), comments and every other application segment but JFIF (APP0) and the
 * colour profile (APP2 ICC_PROFILE), which say how to show the pixels and nothing of who took them.
 * Applied to every JPEG the Worker stores: Cloudflare keeps a JPEG's copyright tag unless told not
 * to, and the binding's output takes no such option.
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  const segments = jpegSegments(bytes);
  const last = segments.at(-1);
  if (!last) return bytes;
  const isMetadata = ({ marker, start }: { marker: number; start: number }) => {
    if (marker === 0xfe) return true;
    if (marker === 0xe0) return ascii(bytes, start, 5) !== "JFIF\0";
    if (marker === 0xe2) return ascii(bytes, start, 12) !== "ICC_PROFILE\0";
    return marker >= 0xe1 && marker <= 0xef;
  };
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  for (const segment of segments) if (!isMetadata(segment)) parts.push(bytes.subarray(segment.start - 4, segment.end));
  parts.push(bytes.subarray(last.end));
  const stripped = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    stripped.set(part, at);
    at += part.length;
  }
  return stripped;
}

/** The markers of a JPEG's segments before its image data ("APP0", "APP1", "DQT"...): what a test checks is gone. */
export function jpegSegmentNames(bytes: Uint8Array): string[] {
  return jpegSegments(bytes).map(({ marker }) =>
    marker >= 0xe0 && marker <= 0xef ? `APP${marker - 0xe0}` : marker === 0xfe ? "COM" : `0x${marker.toString(16)}`,
  );
}
