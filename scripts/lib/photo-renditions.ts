/**
 * Turns a staff member's phone photo into the files the site serves (issue 15): upright, with every
 * piece of metadata gone (phone photos carry the GPS position of where they were taken, often a
 * home), at three widths in AVIF, WebP and JPEG, plus a 1200x630 JPEG crop for social cards. Names
 * are content-hashed, so a served photo never changes and browsers may keep it for a year.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";

export const photoWidths = [480, 960, 1600] as const;

export const photoFormats = {
  avif: { contentType: "image/avif" },
  webp: { contentType: "image/webp" },
  jpg: { contentType: "image/jpeg" },
} as const;
export type PhotoFormat = keyof typeof photoFormats;

export const socialCropSize = { width: 1200, height: 630 } as const;

/** What one photo may be: a phone's full-size JPEG fits, a poster scan or a thumbnail does not. */
export const photoLimits = {
  maxBytes: 25 * 1024 * 1024,
  minWidth: photoWidths[0],
  minHeight: 320,
  maxSide: 12_000,
} as const;

/** A photo the staff tool cannot take, with the sentence that tells staff what to do. */
export class PhotoRefusal extends Error {
  override name = "PhotoRefusal";
}

export interface Rendition {
  /** The R2 key, also the path under /photos/. */
  key: string;
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface PreparedPhoto {
  /** The first 16 hex digits of the SHA-256 of the upright, metadata-free pixels' source file. */
  hash: string;
  /** The upright photo's own size, which pages use for width and height (no layout shift). */
  width: number;
  height: number;
  renditions: Rendition[];
  socialCrop: Rendition;
}

const acceptedInputs = new Set(["jpeg", "png", "webp"]);

/** Reads what the bytes are, not what the name says; refuses anything but a JPEG, PNG or WebP photo. */
async function checkedInput(file: Buffer, name: string) {
  if (file.byteLength > photoLimits.maxBytes) {
    throw new PhotoRefusal(`${name} is ${(file.byteLength / 1024 / 1024).toFixed(1)} MB; the limit is 25 MB.`);
  }
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

function encode(image: Sharp, format: PhotoFormat): Sharp {
  if (format === "avif") return image.avif({ quality: 50, effort: 4 });
  if (format === "webp") return image.webp({ quality: 75 });
  return image.jpeg({ quality: 80, mozjpeg: true });
}

/**
 * Every file the site needs for one photo of `vehicleId`. Widths above the photo's own are left
 * out rather than enlarged; sharp drops all metadata unless told to keep it, and `autoOrient`
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
  const upright = () => sharp(file).autoOrient();

  const widths = photoWidths.filter((candidate) => candidate <= width);
  const renditions: Rendition[] = [];
  for (const targetWidth of widths) {
    for (const format of Object.keys(photoFormats) as PhotoFormat[]) {
      const { data, info } = await encode(upright().resize({ width: targetWidth }), format).toBuffer({
        resolveWithObject: true,
      });
      renditions.push({
        key: `${vehicleId}/${hash}-${targetWidth}.${format}`,
        format,
        width: info.width,
        height: info.height,
        bytes: data,
      });
    }
  }
  const crop = await upright()
    .resize({ ...socialCropSize, fit: "cover", position: sharp.strategy.attention })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  return {
    hash,
    width,
    height,
    renditions,
    socialCrop: { key: `${vehicleId}/${hash}-social.jpg`, format: "jpg", ...socialCropSize, bytes: crop },
  };
}
