/**
 * One staff photo made into the files the site serves, in the Worker, through the Cloudflare Images
 * binding (under `npm start` miniflare runs it through Sharp): the plan of photo-intake.ts, which the
 * staff command carries out with Sharp in Node, so both store the same names in the PHOTOS bucket.
 */
import { largestPhotoSize, photoCacheControl, type PhotoSize } from "./photo-names";
import {
  exifOrientation,
  notAPhotoMessage,
  photoDimensionsProblem,
  photoHash,
  photoSizeProblem,
  planPhotoFiles,
  PhotoRefusal,
  sniffPhotoKind,
  stripJpegMetadata,
  uprightSize,
  type PhotoKind,
  type PhotoPlan,
  type PlannedFile,
} from "./photo-intake";

/** What the Worker takes: an iPhone's HEIC too, which Cloudflare Images reads (locally Sharp does not). */
export const workerPhotoKinds: readonly PhotoKind[] = ["jpeg", "png", "webp", "heic"];

/** The Images binding did not do what was asked: not the photo's fault, so not a refusal by its name. */
export class PhotoEngineError extends Error {
  override name = "PhotoEngineError";
}

export interface PhotoFileBytes {
  key: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MadePhoto extends PhotoPlan {
  /** The photo's own size, upright. */
  original: PhotoSize;
  made: PhotoFileBytes[];
}

/** The encoders' settings, as close as the binding allows to the command's (scripts/staff/photo-renditions.ts). */
const quality: Record<PlannedFile["extension"], number> = { avif: 50, webp: 75, jpg: 80 };
const outputFormat = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;

const streamOf = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes]).stream();

/** The stored size, read by the binding: refuses what it cannot decode by the photo's name. */
async function storedSize(
  images: ImagesBinding,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  kind: PhotoKind,
): Promise<PhotoSize> {
  try {
    const info = await images.info(streamOf(bytes));
    if ("width" in info && info.width > 0 && info.height > 0) return { width: info.width, height: info.height };
  } catch {
    // Unreadable by the engine: refused below, as a file that is not a photo is.
  }
  throw new PhotoRefusal(
    kind === "heic"
      ? `${name} is a HEIC photo this server cannot read (the local server cannot read HEIC; Cloudflare can). Send it as a JPEG, or try again on the live site.`
      : `${name} could not be read as a ${kind.toUpperCase()} photo (the file may be damaged).`,
  );
}

/**
 * The size the engine turns the photo to when it applies the orientation: a small scale-down it
 * chooses the height of. Decides for HEIC (whose rotation is a box, not a tag) and catches an engine
 * whose `info` already reports the upright size, where reading the tag would turn it twice.
 */
async function engineUprightSize(images: ImagesBinding, bytes: Uint8Array<ArrayBuffer>, candidates: PhotoSize[]) {
  const probeWidth = 480;
  const result = await images
    .input(streamOf(bytes))
    .transform({ width: probeWidth, fit: "scale-down" })
    .output({ format: "image/jpeg", quality: 50 });
  const probe = await images.info(result.image());
  if (!("width" in probe)) throw new PhotoEngineError("The Images binding gave no size for a JPEG it made.");
  const aspect = (size: PhotoSize) => size.height / size.width;
  return candidates.reduce((best, size) =>
    Math.abs(aspect(size) - aspect(probe)) < Math.abs(aspect(best) - aspect(probe)) ? size : best,
  );
}

async function makeFile(
  images: ImagesBinding,
  bytes: Uint8Array<ArrayBuffer>,
  file: PlannedFile,
): Promise<PhotoFileBytes> {
  const transform: ImageTransform =
    file.fit === "cover"
      ? { width: file.width, height: file.height, fit: "cover", gravity: "auto" }
      : { width: file.width, height: file.height, fit: "squeeze" };
  const result = await images
    .input(streamOf(bytes))
    .transform(transform)
    .output({ format: outputFormat[file.extension], quality: quality[file.extension] });
  // Cloudflare answers in another format where it will not make the one asked for (AVIF over
  // 1,200 pixels, which the plan no longer asks for: photo-names.ts's `widestAvif`); stored under
  // the asked name it would be served with the wrong type.
  if (result.contentType() !== file.contentType) {
    throw new PhotoEngineError(
      `The Images binding made ${result.contentType()} instead of ${file.contentType} for ${file.width}x${file.height}.`,
    );
  }
  const made = new Uint8Array(await new Response(result.image()).arrayBuffer());
  return {
    key: file.key,
    contentType: file.contentType,
    bytes: file.extension === "jpg" ? stripJpegMetadata(made) : made,
  };
}

/** How many encodes run at once: each holds a decoded copy of the photo, and the isolate has 128 MB. */
const encodesAtOnce = 3;

/**
 * The checks every photo passes before anything is made of it (size, what its bytes are, its upright
 * size within the limits), throwing a PhotoRefusal naming `name`; with `damaged`, which turns an
 * engine failure while decoding into that file's refusal.
 */
async function checkedPhoto(
  images: ImagesBinding,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
): Promise<{ original: PhotoSize; damaged: (error: unknown) => Error }> {
  const tooLarge = photoSizeProblem(name, bytes.byteLength);
  if (tooLarge) throw new PhotoRefusal(tooLarge);
  const kind = sniffPhotoKind(bytes);
  if (!kind || !workerPhotoKinds.includes(kind)) throw new PhotoRefusal(notAPhotoMessage(name, workerPhotoKinds));
  const stored = await storedSize(images, bytes, name, kind);
  // A file whose header reads but whose picture breaks off (a cut-short upload, a damaged card)
  // fails only once the engine decodes it: that is the file's fault, refused by its name like any
  // other that is not a photo, never a server error. The engine answering in the wrong format stays one.
  const damaged = (error: unknown) => {
    if (error instanceof PhotoRefusal || error instanceof PhotoEngineError) return error;
    return new PhotoRefusal(`${name} could not be read as a ${kind.toUpperCase()} photo (the file may be damaged).`);
  };
  const tagged = uprightSize(stored, kind === "heic" ? 1 : exifOrientation(bytes, kind));
  const turned = { width: tagged.height, height: tagged.width };
  const original =
    tagged.width === tagged.height
      ? tagged
      : await engineUprightSize(images, bytes, [tagged, turned]).catch((error: unknown) => {
          throw damaged(error);
        });
  const problem = photoDimensionsProblem(name, original);
  if (problem) throw new PhotoRefusal(problem);
  return { original, damaged };
}

/**
 * Every file one photo of `ownerId` (a vehicle id or a dealer place) becomes, or a PhotoRefusal
 * naming `name` when it is not a photo, too large or too small. Writes nothing.
 */
export async function makePhotoFiles(
  images: ImagesBinding,
  bytes: Uint8Array<ArrayBuffer>,
  ownerId: string,
  name: string,
): Promise<MadePhoto> {
  const { original, damaged } = await checkedPhoto(images, bytes, name);
  const plan = planPhotoFiles(ownerId, await photoHash(bytes), original);
  const made: PhotoFileBytes[] = [];
  try {
    for (let at = 0; at < plan.files.length; at += encodesAtOnce) {
      made.push(
        ...(await Promise.all(plan.files.slice(at, at + encodesAtOnce).map((file) => makeFile(images, bytes, file)))),
      );
    }
  } catch (error) {
    throw damaged(error);
  }
  return { ...plan, original, made };
}

/**
 * One photo a customer sent for staff only (a trade-in's): the same checks and the same engine as a
 * staff photo, made into a single JPEG at the largest size the pages use, turned upright and with
 * every metadata segment (EXIF, GPS, XMP, comments) removed, stored under `key`. Staff look at it;
 * no page shows it, so none of the smaller widths, other formats or the social card are made.
 */
export async function makeStaffOnlyJpeg(
  images: ImagesBinding,
  bytes: Uint8Array<ArrayBuffer>,
  key: string,
  name: string,
): Promise<PhotoFileBytes> {
  const { original, damaged } = await checkedPhoto(images, bytes, name);
  const file: PlannedFile = {
    key,
    extension: "jpg",
    contentType: "image/jpeg",
    ...largestPhotoSize(original),
    fit: "fill",
  };
  return makeFile(images, bytes, file).catch((error: unknown) => {
    throw damaged(error);
  });
}

/** Every file put with its type and a year-long immutable cache: a name made from contents never changes meaning. */
export async function storePhotoFiles(bucket: R2Bucket, files: readonly PhotoFileBytes[]): Promise<void> {
  for (const file of files) {
    await bucket.put(file.key, file.bytes, {
      httpMetadata: { contentType: file.contentType, cacheControl: photoCacheControl },
    });
  }
}

/** Deleting a missing file is no error in R2, so this is repeatable. */
export async function deletePhotoFiles(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  // R2 deletes up to 1,000 keys per call.
  for (let at = 0; at < keys.length; at += 1000) await bucket.delete(keys.slice(at, at + 1000));
}
