/**
 * How a vehicle photo is named: the one contract between the staff tool that makes the files
 * (scripts/staff/photo-renditions.ts) and the pages that show them.
 *
 * A vehicle's `images` list holds, for each photo, the address of its largest JPEG:
 *   /photos/{vehicleId}/{hash}-{width}x{height}.jpg
 * Every other file of that photo follows from that one address (the smaller widths, the AVIF and
 * WebP versions, the social card), so the catalogue file and the export carry photos as plain
 * strings, and a page can write `srcset`, `width` and `height` without asking R2 anything.
 */
export const photoPathPrefix = "/photos/";

/** A photo's name is its content's hash, so a stored file never changes: browsers and the edge keep it a year. */
export const photoCacheControl = "public, max-age=31536000, immutable";

/** Standard widths; a photo narrower than the largest gets its own width as the top one, never an enlargement. */
export const photoWidths = [480, 960, 1600] as const;
const largestPhotoWidth = 1600;

/**
 * The widest AVIF made: Cloudflare's Images binding makes no AVIF over 1,200 pixels (it answers in
 * another format), so the command's files stop there too, and both keep the same names. A photo's
 * AVIF widths are 480, 960 and the smaller of its largest width and this.
 */
export const widestAvif = 1200;

/** In the order a `<picture>` offers them: the smallest files first, JPEG for every browser. */
export const photoFormats = [
  { extension: "avif", contentType: "image/avif" },
  { extension: "webp", contentType: "image/webp" },
  { extension: "jpg", contentType: "image/jpeg" },
] as const;
export type PhotoExtension = (typeof photoFormats)[number]["extension"];

export const photoSocialCardSize = { width: 1200, height: 630 } as const;

export interface PhotoSize {
  width: number;
  height: number;
}

export interface PhotoReference {
  vehicleId: string;
  hash: string;
  /** The largest rendition, which is also the size pages declare (its aspect ratio is the photo's). */
  width: number;
  height: number;
}

const referencePattern =
  /^\/photos\/([a-z0-9]+(?:-[a-z0-9]+)*)\/([0-9a-f]{16})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.jpg$/;

/** The photo an `images` entry names, or null when the entry is something else (a drawing, an https URL). */
export function parsePhotoReference(image: string): PhotoReference | null {
  const match = referencePattern.exec(image);
  if (!match) return null;
  const [, vehicleId, hash, width, height] = match;
  return { vehicleId: vehicleId!, hash: hash!, width: Number(width), height: Number(height) };
}

/** The largest size of a photo of `original` size: 1600 wide at most, its height in proportion. */
export function largestPhotoSize(original: PhotoSize): PhotoSize {
  const width = Math.min(original.width, largestPhotoWidth);
  return { width, height: Math.max(1, Math.round((original.height * width) / original.width)) };
}

/**
 * Every width a photo comes in as `extension`, smallest first: the standard widths below its top
 * one, then the top one, which is its largest width (for AVIF, at most `widestAvif`). Heights are
 * computed from the largest size alone, so the staff tool and the pages, which only know the
 * largest, always agree on each file's name.
 */
export function photoRenditionSizes(largest: PhotoSize, extension: PhotoExtension): PhotoSize[] {
  const top = extension === "avif" ? Math.min(largest.width, widestAvif) : largest.width;
  const widths = [...photoWidths.filter((width) => width < top), top];
  return widths.map((width) => ({
    width,
    height: Math.max(1, Math.round((largest.height * width) / largest.width)),
  }));
}

/** Every rendition of a photo, smallest first and at each width in `photoFormats` order: what is made of it. */
export function photoRenditions(largest: PhotoSize): { size: PhotoSize; extension: PhotoExtension }[] {
  const renditions = photoFormats.flatMap(({ extension }) =>
    photoRenditionSizes(largest, extension).map((size) => ({ size, extension })),
  );
  // Stable: at one width, the formats stay in their order.
  return renditions.sort((a, b) => a.size.width - b.size.width);
}

/** The R2 key of one rendition (its address is the key under /photos/). */
export function photoRenditionKey(
  photo: Pick<PhotoReference, "vehicleId" | "hash">,
  size: PhotoSize,
  extension: PhotoExtension,
): string {
  return `${photo.vehicleId}/${photo.hash}-${size.width}x${size.height}.${extension}`;
}

/** The R2 key of the photo's 1200x630 JPEG crop for social cards. */
export function photoSocialCardKey(photo: Pick<PhotoReference, "vehicleId" | "hash">): string {
  return `${photo.vehicleId}/${photo.hash}-social.jpg`;
}

/** The `images` entry for a photo: the address of its largest JPEG. */
export function photoReferencePath(photo: PhotoReference): string {
  return `${photoPathPrefix}${photoRenditionKey(photo, photo, "jpg")}`;
}

/** Every R2 key a photo is made into: each width of each format, and the social card. */
export function photoKeysMade(photo: PhotoReference): string[] {
  const keys = photoRenditions(photo).map(({ size, extension }) => photoRenditionKey(photo, size, extension));
  return [...keys, photoSocialCardKey(photo)];
}

/**
 * Every R2 key to delete with a photo: the keys it is made into, and the AVIF widths it had before
 * AVIF stopped at `widestAvif` (its 1600-wide AVIF), which a photo added earlier still has.
 */
export function photoKeysToDelete(photo: PhotoReference): string[] {
  const made = photoKeysMade(photo);
  const earlierAvif = photoRenditionSizes(photo, "jpg")
    .map((size) => photoRenditionKey(photo, size, "avif"))
    .filter((key) => !made.includes(key));
  return [...made, ...earlierAvif];
}

/** The address of one rendition. */
export function photoRenditionPath(
  photo: Pick<PhotoReference, "vehicleId" | "hash">,
  size: PhotoSize,
  extension: PhotoExtension,
): string {
  return `${photoPathPrefix}${photoRenditionKey(photo, size, extension)}`;
}

/** A `srcset` of one format: every width of the photo in it, as `/photos/... 480w, ...`. */
export function photoSrcSet(photo: PhotoReference, extension: PhotoExtension): string {
  return photoRenditionSizes(photo, extension)
    .map((size) => `${photoRenditionPath(photo, size, extension)} ${size.width}w`)
    .join(", ");
}

/** The address of the photo's social card. */
export function photoSocialCardPath(photo: PhotoReference): string {
  return `${photoPathPrefix}${photoSocialCardKey(photo)}`;
}
