/**
 * `npm run catalogue -- photos ...`: a vehicle's photos, from a staff member's phone to its page.
 *
 * The order of work is what keeps the catalogue whole when something fails part-way:
 *   1. every file is checked and made into renditions before anything is written;
 *   2. the photos are recorded in D1 (pending_photo_files) before their first file is uploaded;
 *   3. the vehicle's list changes in one guarded UPDATE, only after every upload succeeded;
 *   4. the record is dropped.
 * A run that stops between 2 and 3 leaves the vehicle as it was and a recorded orphan, whose files
 * the next photo command removes. Removals run the other way: off the list and recorded in one
 * batch, then the files deleted, then the record dropped.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parsePhotoReference, photoKeysToDelete, type PhotoReference } from "../../src/features/photos/photo-names.ts";
import { dealerPlaces, isDealerPlace } from "../../src/features/photos/dealer-places.ts";
import { terminalEditor } from "~/features/catalogue-upkeep/vehicle-edits";
import { maxPhotosPerVehicle } from "../../src/features/photos/photo-intake.ts";
import {
  abandonStatement,
  dropListedRecordsStatement,
  dropRecordsStatement,
  leftoverRecordsStatement,
  readPicturesStatement,
  recordPendingStatement,
  replacePicturesStatement,
  splitPictures,
  type OwnerPictures as VehiclePictures,
  type PhotoStatement,
} from "../../src/features/photos/photo-list-sql.ts";
import { literal } from "./catalogue-sql";
import { sendChange, D1Error, databaseName, migrateCommand, query, type D1Target } from "./d1";
import { GaveUp } from "./retry";
import { deletePhotoFiles, uploadPhotoFiles, type PhotoFile } from "./photo-bucket";
import { StaffRefusal, where } from "./staff-messages";
import {
  inspectPhoto,
  makePhotoFiles,
  photoSizeProblem,
  PhotoRefusal,
  type InspectedPhoto,
  type PreparedPhoto,
} from "./photo-renditions";

export { maxPhotosPerVehicle };

/**
 * A statement the Worker binds, as text for wrangler: each `?` is a placeholder (the statements
 * hold no other), written in as a quoted literal so no value can break out of its place.
 */
function inline({ sql, params }: PhotoStatement): string {
  let next = 0;
  return sql.replace(/\?/g, () => literal(params[next++]));
}

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en-US")} KB`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function readPictures(target: D1Target, vehicleId: string): VehiclePictures {
  const [row] = query<{ images: string }>(
    target,
    inline(readPicturesStatement(vehicleId)),
    `reading the photos of ${vehicleId} from ${databaseName(target)}`,
  );
  if (!row && isDealerPlace(vehicleId)) {
    // Every place has its row from the migration that named it, so a missing one is a missing migration.
    throw new StaffRefusal(
      `The dealer's photo place "${vehicleId}" is missing ${where(target)} (a migration not applied yet); nothing was changed. Run: ${migrateCommand(target)}`,
    );
  }
  if (!row) {
    throw new StaffRefusal(
      `No vehicle has the id "${vehicleId}" ${where(target)}; nothing was changed. Ids are in the export file; the dealer's own photos go under ${dealerPlaces.join(", ")}.`,
    );
  }
  return splitPictures(JSON.parse(row.images) as string[]);
}

/**
 * Writes the vehicle's new list only if nobody changed it since `before` was read: no read-then-write
 * gap in which another staff member's change could be lost. Runs `also` in the same batch before the
 * UPDATE, and `afterwards` after it (its own guard decides whether it applies).
 */
function replacePictures(
  target: D1Target,
  vehicleId: string,
  before: string[],
  after: string[],
  also = "",
  afterwards = "",
): void {
  const [, updated] = sendChange(
    target,
    [
      also || "SELECT 1",
      inline(replacePicturesStatement(vehicleId, before, after, terminalEditor)),
      ...(afterwards ? [afterwards] : []),
    ].join(";\n"),
    {
      doing: `changing the photo list of ${vehicleId} in ${databaseName(target)}`,
      seeWith: `npm run catalogue -- photos list ${vehicleId}`,
      // Checked: the UPDATE applies only to the list as it was read, so it cannot apply twice, but
      // after a lost answer only a read tells whether the list is now the new one (then it is done,
      // with the record in the same batch) or still the old one (then it is sent again).
      safety: {
        applied: () =>
          JSON.stringify(readPictures(target, vehicleId).images) === JSON.stringify(after)
            ? [[], [{ id: vehicleId }]]
            : undefined,
      },
    },
  );
  if (!updated || updated.length === 0) {
    throw new StaffRefusal(
      `The pictures of ${vehicleId} changed while this command ran (another staff member, or an import); nothing was changed.\n` +
        `See them with: npm run catalogue -- photos list ${vehicleId}`,
    );
  }
}

const vehicleOf = (paths: readonly string[]) => parsePhotoReference(paths[0] ?? "")?.vehicleId ?? "The vehicle";

/**
 * Marks a failed run's photos for the next run to clean up. Best effort: if D1 is what failed, the
 * rows stay 'adding' and are cleaned up once they are an hour old.
 */
function abandon(target: D1Target, paths: readonly string[], failure: unknown): void {
  try {
    sendChange(
      target,
      inline(abandonStatement(paths)),
      // Repeatable: it moves rows from 'adding' to 'abandoned' only, so a second run finds nothing more to move.
      { doing: `recording the unfinished photos in ${databaseName(target)}`, safety: { repeatable: true } },
    );
  } catch {
    // Already failing: the error the caller is about to report is the one staff need.
  }
  if (failure instanceof GaveUp && failure.changeMayHaveBeenMade) {
    // The list's change may have gone in: its files are then kept (a listed photo is no orphan).
    console.error(
      `See whether ${vehicleOf(paths)} has the new photos with: npm run catalogue -- photos list ${vehicleOf(paths)}. Files of photos it does not list are deleted by the next photos add or remove.`,
    );
    return;
  }
  console.error(
    `${vehicleOf(paths)} is as it was. Files already uploaded are recorded and the next photos add or remove deletes them.`,
  );
}

function dropRecords(target: D1Target, paths: readonly string[]): void {
  if (paths.length === 0) return;
  // Repeatable: deleting rows by their paths twice deletes nothing more.
  sendChange(target, inline(dropRecordsStatement(paths)), {
    doing: `dropping the finished photos' records in ${databaseName(target)}`,
    safety: { repeatable: true },
  });
}

/** The refusal for a database without the tables photo commands keep their records in. */
function missingMigration(target: D1Target, error: unknown): unknown {
  if (error instanceof D1Error && /no such table: (pending_photo_files|dealer_photos)/.test(error.message)) {
    return new StaffRefusal(
      `The database is missing a migration (0007 or 0013); nothing was changed. Run: ${migrateCommand(target)}`,
    );
  }
  return error;
}

/**
 * Records the photos about to be uploaded, and reads what failed runs left, in one batch: one
 * wrangler run where two cost seconds of CPU. The read comes first in the batch, so it does not
 * see this run's own records.
 */
function recordPending(
  target: D1Target,
  vehicleId: string,
  paths: readonly string[],
): { path: string; listed: number }[] {
  try {
    const [leftovers] = sendChange(
      target,
      [inline(leftoverRecordsStatement()), inline(recordPendingStatement(paths, vehicleId, "adding"))].join(";\n"),
      // Repeatable: each row is keyed by its photo's path and replaced with the same values; the
      // other statement only reads.
      { doing: `recording the new photos in ${databaseName(target)}`, safety: { repeatable: true } },
    );
    return leftovers as { path: string; listed: number }[];
  } catch (error) {
    throw missingMigration(target, error);
  }
}

/**
 * Removes what failed runs left: the files of recorded photos no vehicle lists. Records of photos a
 * vehicle does list (the run failed after its update) are only dropped. A leftover that is one of
 * this run's own photos (the same file added again after a failed run) is left alone: its record is
 * this run's now, and this run uploads its files again.
 */
function removeOrphans(
  target: D1Target,
  leftovers: readonly { path: string; listed: number }[],
  ownPaths: readonly string[],
): void {
  const rows = leftovers.filter((row) => !ownPaths.includes(row.path));
  const orphans = rows.filter((row) => !row.listed).map((row) => parsePhotoReference(row.path));
  const keys = orphans.flatMap((photo) => (photo ? photoKeysToDelete(photo) : []));
  if (keys.length > 0) {
    deletePhotoFiles(target, keys);
    console.log(`Removed ${plural(orphans.length, "photo")} left behind by an earlier run that did not finish.`);
  }
  dropRecords(
    target,
    rows.map((row) => row.path),
  );
}

function photoLine(number: number, image: string): string {
  const photo = parsePhotoReference(image)!;
  return `  ${String(number).padStart(2)}  ${image}  (${photo.width}x${photo.height})`;
}

export function listPhotos(target: D1Target, vehicleId: string): number {
  const { photos, others } = readPictures(target, vehicleId);
  if (photos.length === 0) {
    console.log(
      `${vehicleId} has no photos ${where(target)}. Add some with: npm run catalogue -- photos add ${vehicleId} FILE...`,
    );
  } else {
    console.log(
      `${vehicleId} has ${plural(photos.length, "photo")} ${where(target)}, in the order its page shows them:`,
    );
    photos.forEach((image, index) => console.log(photoLine(index + 1, image)));
  }
  if (others.length > 0) {
    console.log(`Also in its list (shown only while it has no photos): ${others.join(", ")}`);
  }
  return 0;
}

function readPhotoFile(file: string): Buffer {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new StaffRefusal(`${file} is not a file; nothing was changed.`);
    size = stat.size;
  } catch (error) {
    if (error instanceof StaffRefusal) throw error;
    throw new StaffRefusal(`Cannot read ${file}: no such file; nothing was changed.`);
  }
  // Checked before reading, so a mistaken video does not fill the memory first.
  const tooLarge = photoSizeProblem(file, size);
  if (tooLarge) throw new StaffRefusal(`${tooLarge} Nothing was changed.`);
  return readFileSync(file);
}

function describeAdded(file: string, photo: PreparedPhoto): string {
  const largest = photo.renditions.filter((rendition) => rendition.width === photo.reference.width);
  const sizes = largest.map(
    (rendition) => `${rendition.format.toUpperCase()} ${kilobytes(rendition.bytes.byteLength)}`,
  );
  return `${path.basename(file)} (${photo.original.width}x${photo.original.height}): ${photo.renditions.length + 1} files, at ${photo.reference.width}x${photo.reference.height} ${sizes.join(", ")}`;
}

export async function addPhotos(
  target: D1Target,
  vehicleId: string,
  files: readonly string[],
  dryRun: boolean,
): Promise<number> {
  const before = readPictures(target, vehicleId);
  if (before.photos.length + files.length > maxPhotosPerVehicle) {
    throw new StaffRefusal(
      `${vehicleId} has ${plural(before.photos.length, "photo")}; adding ${files.length} would make ${before.photos.length + files.length}, ` +
        `over the limit of ${maxPhotosPerVehicle}. Remove some first (photos remove ${vehicleId} N); nothing was changed.`,
    );
  }
  // Every file checked before any is encoded: a refusal comes without the seconds of encoding.
  const inspected: { file: string; photo: InspectedPhoto }[] = [];
  const problems: string[] = [];
  for (const file of files) {
    try {
      const photo = await inspectPhoto(vehicleId, readPhotoFile(file), path.basename(file));
      const sameAs = [...before.photos, ...inspected.map((entry) => entry.photo.path)].indexOf(photo.path);
      if (sameAs >= 0) problems.push(`${path.basename(file)} is already photo ${sameAs + 1} of ${vehicleId}.`);
      else inspected.push({ file, photo });
    } catch (error) {
      if (!(error instanceof PhotoRefusal || error instanceof StaffRefusal)) throw error;
      problems.push(error.message.replace(/ Nothing was changed\.$|; nothing was changed\.$/, ""));
    }
  }
  if (problems.length > 0) {
    throw new StaffRefusal([...problems, "Nothing was changed."].join("\n"));
  }
  const prepared: { file: string; photo: PreparedPhoto }[] = [];
  for (const { file, photo } of inspected) prepared.push({ file, photo: await makePhotoFiles(photo) });

  const first = before.photos.length + 1;
  const lines = prepared.map(({ file, photo }, index) => `  photo ${first + index}  ${describeAdded(file, photo)}`);
  if (dryRun) {
    console.log(
      [
        `Would add ${plural(prepared.length, "photo")} to ${vehicleId} ${where(target)} (dry run, nothing written):`,
        ...lines,
      ].join("\n"),
    );
    return 0;
  }

  const paths = prepared.map(({ photo }) => photo.path);
  removeOrphans(target, recordPending(target, vehicleId, paths), paths);
  const uploads: PhotoFile[] = prepared.flatMap(({ photo }) =>
    [...photo.renditions, photo.socialCrop].map((rendition) => ({ key: rendition.key, bytes: rendition.bytes })),
  );
  console.log(`Uploading ${uploads.length} files ${where(target)}...`);
  try {
    uploadPhotoFiles(target, uploads);
    // The records go in the UPDATE's batch, dropped only if it listed the photos: one wrangler run fewer.
    replacePictures(
      target,
      vehicleId,
      before.images,
      [...before.photos, ...paths, ...before.others],
      "",
      inline(dropListedRecordsStatement(paths)),
    );
  } catch (error) {
    abandon(target, paths, error);
    throw error;
  }
  console.log(
    [
      `Added ${plural(prepared.length, "photo")} to ${vehicleId} ${where(target)}:`,
      ...lines,
      `It now has ${plural(before.photos.length + prepared.length, "photo")}; its page shows them within a minute.`,
    ].join("\n"),
  );
  return 0;
}

/** How many of a stored `images` list (JSON text) are staff photos. */
export function vehiclePhotoCount(images: string): number {
  return splitPictures(JSON.parse(images) as string[]).photos.length;
}

/** On Cloudflare wrangler deletes one file per run, a few seconds each; locally they go at once. */
const slowDeletion = (target: D1Target) => (target.remote ? " (wrangler takes a few seconds for each file)" : "");

/**
 * Deletes the files of a removed vehicle's photos, which `removeVehicleSql` recorded as being
 * removed in the batch that deleted the vehicle; if this stops part-way, the next photo command
 * finishes it.
 */
export function deleteRemovedVehiclePhotos(target: D1Target, images: string): void {
  const { photos } = splitPictures(JSON.parse(images) as string[]);
  if (photos.length === 0) return;
  console.log(`Deleting the files of its ${plural(photos.length, "photo")}${slowDeletion(target)}...`);
  deletePhotoFiles(
    target,
    photos.flatMap((photo) => photoKeysToDelete(parsePhotoReference(photo) as PhotoReference)),
  );
  dropRecords(target, photos);
  console.log(`Deleted the files of its ${plural(photos.length, "photo")}.`);
}

/** A photo's number as staff typed it, checked against how many there are. */
function photoNumber(text: string, count: number, vehicleId: string): number {
  const number = /^[1-9][0-9]*$/.test(text) ? Number(text) : NaN;
  if (!(number >= 1 && number <= count)) {
    throw new StaffRefusal(
      count === 0
        ? `${vehicleId} has no photos; nothing was changed.`
        : `"${text}" is not a photo number of ${vehicleId}: it has ${plural(count, "photo")}, numbered 1 to ${count} (see photos list ${vehicleId}). Nothing was changed.`,
    );
  }
  return number;
}

export function removePhoto(target: D1Target, vehicleId: string, numberText: string, dryRun: boolean): number {
  const before = readPictures(target, vehicleId);
  const number = photoNumber(numberText, before.photos.length, vehicleId);
  const removed = before.photos[number - 1]!;
  const remaining = before.photos.filter((_, index) => index !== number - 1);
  if (dryRun) {
    console.log(
      `Would remove photo ${number} of ${vehicleId} ${where(target)}: ${removed} (dry run, nothing written).`,
    );
    return 0;
  }
  replacePictures(
    target,
    vehicleId,
    before.images,
    [...remaining, ...before.others],
    inline(recordPendingStatement([removed], vehicleId, "removing")),
  );
  // Off the page first; the files go after. If this fails, the next photo command deletes them.
  console.log(`Photo ${number} is off the page; deleting its files${slowDeletion(target)}...`);
  deletePhotoFiles(target, photoKeysToDelete(parsePhotoReference(removed) as PhotoReference));
  dropRecords(target, [removed]);
  console.log(
    `Removed photo ${number} of ${vehicleId} ${where(target)} (${removed}) and its files. It now has ${plural(remaining.length, "photo")}.`,
  );
  return 0;
}

export function orderPhotos(target: D1Target, vehicleId: string, orderText: string, dryRun: boolean): number {
  const before = readPictures(target, vehicleId);
  const count = before.photos.length;
  const numbers = orderText.split(",").map((part) => photoNumber(part.trim(), count, vehicleId));
  const complete = numbers.length === count && new Set(numbers).size === count;
  if (!complete) {
    throw new StaffRefusal(
      `Give every photo number of ${vehicleId} once, in the new order (it has ${plural(count, "photo")}: e.g. ${Array.from(
        { length: count },
        (_, index) => count - index,
      ).join(",")}). Nothing was changed.`,
    );
  }
  const ordered = numbers.map((number) => before.photos[number - 1]!);
  if (dryRun) {
    console.log(
      `Would put the photos of ${vehicleId} in the order ${numbers.join(",")} ${where(target)} (dry run, nothing written).`,
    );
    return 0;
  }
  replacePictures(target, vehicleId, before.images, [...ordered, ...before.others]);
  console.log(
    `Put the photos of ${vehicleId} in the order ${numbers.join(",")} ${where(target)}; photo ${numbers[0]} is now the first.`,
  );
  return 0;
}
