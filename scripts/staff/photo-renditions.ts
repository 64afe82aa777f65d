/**
 * Turns a staff member's phone photo into the files the site serves (issue 15): upright, with every
 * piece of metadata gone (phone photos carry the GPS position of where they were taken, often a
 * home), at three widths in AVIF, WebP and JPEG (AVIF at most 1200 wide, as the Worker's Images
 * binding makes it), plus a 1200x630 JPEG crop for social cards. Names are content-hashed, so a
 * served photo never changes and browsers may keep it for a year.
 */
import type { Metadata, Sharp } from "sharp";
import {
  notAPhotoMessage,
  photoDimensionsProblem,
  photoHash,
  photoSizeProblem,
  planPhotoFiles,
  PhotoRefusal,
  type PhotoKind,
} from "../../src/features/photos/photo-intake.ts";
import type { PhotoExtension, PhotoReference } from "../../src/features/photos/photo-names.ts";

// The limits and the refusal are the Worker's too (src/features/photos/photo-intake.ts).
export { photoLimits, photoSizeProblem, PhotoRefusal } from "../../src/features/photos/photo-intake.ts";

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

/**
 * sharp, loaded by the first photo: every catalogue command loads this file (a removal deletes a
 * vehicle's photos), and sharp's native library costs the ones that make no photo a few tenths of a
 * second of CPU.
 */
const loadSharp = async () => (await import("sharp")).default;

/** Sharp as installed reads no HEIC (its libheif has no HEVC decoder), so the command takes these only. */
const commandPhotoKinds: PhotoKind[] = ["jpeg", "png", "webp"];
const acceptedInputs = new Set<string>(commandPhotoKinds);

/** Reads what the bytes are, not what the name says; refuses anything but a JPEG, PNG or WebP photo. */
async function checkedInput(file: Buffer, name: string) {
  const tooLarge = photoSizeProblem(name, file.byteLength);
  if (tooLarge) throw new PhotoRefusal(tooLarge);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(file).metadata();
  } catch {
    throw new PhotoRefusal(notAPhotoMessage(name, commandPhotoKinds));
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

/** A photo checked and its files planned, before any of them is made. */
export interface InspectedPhoto {
  file: Buffer;
  /** What goes in the vehicle's `images`, as PreparedPhoto's. */
  path: string;
  original: { width: number; height: number };
  plan: ReturnType<typeof planPhotoFiles>;
}

/**
 * Everything that can refuse a photo, and the plan of its files, without making them: a command
 * given several files refuses a bad one before spending seconds of CPU encoding the good ones.
 */
export async function inspectPhoto(vehicleId: string, file: Buffer, name: string): Promise<InspectedPhoto> {
  const metadata = await checkedInput(file, name);
  const { width, height } = uprightSize(metadata);
  const problem = photoDimensionsProblem(name, { width, height });
  if (problem) throw new PhotoRefusal(problem);
  // The plan the Worker carries out too: the same files under the same names.
  const plan = planPhotoFiles(vehicleId, await photoHash(new Uint8Array(file)), { width, height });
  return { file, path: plan.path, original: { width, height }, plan };
}

/**
 * Every file the site needs for one photo of `vehicleId`. A photo is never enlarged; sharp drops all metadata unless told to keep it, and `autoOrient`
 * turns the pixels upright first, so nothing depends on a viewer reading the orientation tag.
 */
export async function preparePhoto(vehicleId: string, file: Buffer, name: string): Promise<PreparedPhoto> {
  return makePhotoFiles(await inspectPhoto(vehicleId, file, name));
}

/** The files of a photo inspectPhoto passed. */
export async function makePhotoFiles({ file, plan, original }: InspectedPhoto): Promise<PreparedPhoto> {
  const sharp = await loadSharp();
  const upright = () => sharp(file).autoOrient();

  // All encodes at once: each is mostly one thread, and sharp queues them on libuv's pool (four
  // threads unless UV_THREADPOOL_SIZE says otherwise), so every core works and no more than four
  // decoded copies of the photo are in memory. A dozen photos took 42 s one encode at a time.
  const files = await Promise.all(
    plan.files.map(async ({ key, extension, width, height, fit }): Promise<Rendition> => {
      const bytes =
        fit === "cover"
          ? await upright()
              .resize({ width, height, fit: "cover", position: sharp.strategy.attention })
              .jpeg({ quality: 82, mozjpeg: true })
              .toBuffer()
          : await encode(upright().resize({ width, height, fit: "fill" }), extension).toBuffer();
      return { key, format: extension, width, height, bytes };
    }),
  );
  return {
    reference: plan.reference,
    path: plan.path,
    original,
    renditions: files.slice(0, -1),
    socialCrop: files.at(-1)!,
  };
}
