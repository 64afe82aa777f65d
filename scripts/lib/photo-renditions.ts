/**
 * Turns a staff member's phone photo into the files the site serves (issue 15): upright, with every
 * piece of metadata gone (phone photos carry the GPS position of where they were taken, often a
 * home), at three widths in AVIF, WebP and JPEG, plus a 1200x630 JPEG crop for social cards. Names
 * are content-hashed, so a served photo never changes and browsers may keep it for a year.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import {
  largestPhotoSize,
  photoFormats,
  photoReferencePath,
  photoRenditionKey,
  photoRenditionSizes,
  photoSocialCardKey,
  photoSocialCardSize,
  photoWidths,
  type PhotoExtension,
  type PhotoReference,
} from "../../src/features/photos/photo-names.ts";

/** What one photo may be: a phone's full-size JPEG fits, a poster scan or a thumbnail does not. */
export const photoLimits = {
  maxBytes: 25 * 1024 * 1024,
  minWidth: photoWidths[0],
  minHeight: 320,
  maxSide: 12_000,
} as const;

/** Why a file of `bytes` is too large to be a photo, or null when it is not. */
export function photoSizeProblem(name: string, bytes: number): string | null {
  if (bytes <= photoLimits.maxBytes) return null;
  const megabytes = (n: number) => (n / 1024 / 1024).toFixed(1).replace(/\.0$/, "");
  return `${name} is ${megabytes(bytes)} MB; the limit is ${megabytes(photoLimits.maxBytes)} MB.`;
}

/** A photo the staff tool cannot take, with the sentence that tells staff what to do. */
export class PhotoRefusal extends Error {
  override name = "PhotoRefusal";
}

export interface Rendition {
  /** The R2 key, also the path under /photos/. */
  key: string;
  format: PhotoExtension;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface PreparedPhoto {
  /** The vehicle, the first 16 hex digits of the original file's SHA-256, and the largest size. */
  reference: PhotoReference;
  /** What goes in the vehicle's `images`: the address of the largest JPEG. */
  path: string;
  /** The photo's own size, upright. */
  original: { width: number; height: number };
  renditions: Rendition[];
  socialCrop: Rendition;
}

const acceptedInputs = new Set(["jpeg", "png", "webp"]);

/** Reads what the bytes are, not what the name says; refuses anything but a JPEG, PNG or WebP photo. */
async function checkedInput(file: Buffer, name: string) {
  const tooLarge = photoSizeProblem(name, file.byteLength);
  if (tooLarge) throw new PhotoRefusal(tooLarge);
  let metadata: Metadata;
  try {
    metadata = await sharp(file).metadata();
  } catch {
    throw new PhotoRefusal(`${name} is not an image (its contents are not JPEG, PNG or WebP).`);
  }
  if (!metadata.format || !acceptedInputs.has(metadata.format)) {
    const kind = metadata.format === "heif" ? (metadata.compression === "av1" ? "AVIF" : "HEIC") : metadata.format;
    throw new PhotoRefusal(
      `${name} is in ${String(kind).toUpperCase()} format; convert it to JPEG first (on an iPhone: Settings > Camera > Formats > Most Compatible).`,
    );
  }
  return metadata;
}

/** Width and height as the photo is meant to be seen, after its EXIF orientation is applied. */
function uprightSize(metadata: Metadata): { width: number; height: number } {
  return metadata.autoOrient ?? { width: metadata.width ?? 0, height: metadata.height ?? 0 };
}

function encode(image: Sharp, format: PhotoExtension): Sharp {
  if (format === "avif") return image.avif({ quality: 50, effort: 2 });
  if (format === "webp") return image.webp({ quality: 75 });
  return image.jpeg({ quality: 80, mozjpeg: true });
}

/**
 * Every file the site needs for one photo of `vehicleId`. A photo is never enlarged; sharp drops all metadata unless told to keep it, and `autoOrient`
 * turns the pixels upright first, so nothing depends on a viewer reading the orientation tag.
 */
export async function preparePhoto(vehicleId: string, file: Buffer, name: string): Promise<PreparedPhoto> {
  const metadata = await checkedInput(file, name);
  const { width, height } = uprightSize(metadata);
  if (width < photoLimits.minWidth || height < photoLimits.minHeight) {
    throw new PhotoRefusal(
      `${name} is ${width}x${height} pixels; a photo must be at least ${photoLimits.minWidth}x${photoLimits.minHeight}.`,
    );
  }
  if (Math.max(width, height) > photoLimits.maxSide) {
    throw new PhotoRefusal(`${name} is ${width}x${height} pixels; no side may be over ${photoLimits.maxSide}.`);
  }
  const hash = createHash("sha256").update(file).digest("hex").slice(0, 16);
  const reference: PhotoReference = { vehicleId, hash, ...largestPhotoSize({ width, height }) };
  const upright = () => sharp(file).autoOrient();

  // All encodes at once: each is mostly one thread, and sharp queues them on libuv's pool (four
  // threads unless UV_THREADPOOL_SIZE says otherwise), so every core works and no more than four
  // decoded copies of the photo are in memory. A dozen photos took 42 s one encode at a time.
  const [crop, ...renditions] = await Promise.all([
    upright()
      .resize({ ...photoSocialCardSize, fit: "cover", position: sharp.strategy.attention })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer(),
    ...photoRenditionSizes(reference).flatMap((size) =>
      photoFormats.map(async ({ extension }): Promise<Rendition> => {
        // "fill" to the exact computed height: at most half a pixel of stretch, and the file is
        // exactly the size its name and the page's width/height attributes say.
        const bytes = await encode(upright().resize({ ...size, fit: "fill" }), extension).toBuffer();
        return { key: photoRenditionKey(reference, size, extension), format: extension, ...size, bytes };
      }),
    ),
  ]);
  return {
    reference,
    path: photoReferencePath(reference),
    original: { width, height },
    renditions,
    socialCrop: { key: photoSocialCardKey(reference), format: "jpg", ...photoSocialCardSize, bytes: crop },
  };
}
