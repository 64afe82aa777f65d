/**
 * A vehicle's (or dealer place's) photo list changed from the Worker: what a staff page's actions
 * call. The statements and their order are the staff command's (photo-list-sql.ts), so a run that
 * stops part-way, here or there, is cleaned up by the next run of either.
 *
 * `who` is the staff member making the change (the Access identity the page was reached with). It
 * is taken now so the catalogue's change history, which another branch adds, can be written from
 * here without changing any caller.
 */
import { forgetKnownVersions } from "~/server/page-cache.server";
import { isDealerPlace } from "./dealer-places";
import { maxPhotosPerVehicle, photoSizeProblem, PhotoRefusal } from "./photo-intake";
import {
  abandonStatement,
  dropRecordsStatement,
  leftoverRecordsStatement,
  readPicturesStatement,
  recordPendingStatement,
  replacePicturesStatement,
  splitPictures,
  type OwnerPictures,
  type PhotoStatement,
} from "./photo-list-sql";
import { parsePhotoReference, photoKeysToDelete } from "./photo-names";
import { deletePhotoFiles, makePhotoFiles, storePhotoFiles, type MadePhoto } from "./photo-processing.server";

export type PhotoEnv = Pick<Env, "DB" | "PHOTOS" | "IMAGES">;

/** The staff member changing the list, as the history will name them. */
export type StaffMember = string;

export type PhotoFileOutcome =
  | { name: string; outcome: "added"; path: string; number: number }
  | { name: string; outcome: "refused"; message: string };

/** A change's outcome: the photos after it, and the place (1 is first) the photo had before it. */
export type PhotoListOutcome = { ok: true; photos: string[]; number: number } | { ok: false; message: string };

const bind = (db: D1Database, { sql, params }: PhotoStatement) => db.prepare(sql).bind(...params);

/** The owner's list as stored, and a vehicle's version (null for a dealer place). */
async function readPictures(
  db: D1Database,
  ownerId: string,
): Promise<(OwnerPictures & { version: number | null }) | null> {
  const row = await bind(db, readPicturesStatement(ownerId)).first<{ images: string; version: number | null }>();
  return row ? { ...splitPictures(JSON.parse(row.images) as string[]), version: row.version } : null;
}

const unknownOwner = (ownerId: string) =>
  isDealerPlace(ownerId)
    ? `The dealer's photo place "${ownerId}" is missing (a migration not applied yet); nothing was changed.`
    : `No vehicle has the id "${ownerId}"; nothing was changed.`;

const changedMeanwhile = (ownerId: string) =>
  `The photos of ${ownerId} changed while this was saved (another staff member, or an import); nothing was changed. Look at them again and retry.`;

/**
 * Writes `after` if the list is still `before`, recorded under `who`; true when it applied. This
 * isolate's pages show it at once, others within the page cache's few seconds.
 */
async function replacePictures(
  db: D1Database,
  ownerId: string,
  before: string[],
  after: string[],
  who: StaffMember,
  shownVersion?: number,
) {
  const row = await bind(db, replacePicturesStatement(ownerId, before, after, who, shownVersion)).first();
  if (row !== null) forgetKnownVersions();
  return row !== null;
}

/**
 * Deletes what earlier runs left: the files of recorded photos no list names. Records of photos a
 * list does name (the run failed after its update) are only dropped.
 */
export async function removeLeftoverPhotos(env: Pick<PhotoEnv, "DB" | "PHOTOS">): Promise<number> {
  const { results } = await bind(env.DB, leftoverRecordsStatement()).all<{ path: string; listed: number }>();
  const orphans = results.filter((row) => !row.listed).map((row) => parsePhotoReference(row.path));
  await deletePhotoFiles(
    env.PHOTOS,
    orphans.flatMap((photo) => (photo ? photoKeysToDelete(photo) : [])),
  );
  if (results.length > 0) await bind(env.DB, dropRecordsStatement(results.map((row) => row.path))).run();
  return orphans.length;
}

async function readFile(file: File): Promise<Uint8Array<ArrayBuffer>> {
  // Checked before reading, so a mistaken video does not fill the isolate's memory first.
  const tooLarge = photoSizeProblem(file.name, file.size);
  if (tooLarge) throw new PhotoRefusal(tooLarge);
  return new Uint8Array(await file.arrayBuffer());
}

/** Why `adding` more photos would take the owner past the limit, or null when they fit. */
function tooManyPhotos(ownerId: string, existing: number, adding: number): string | null {
  if (existing + adding <= maxPhotosPerVehicle) return null;
  const room = maxPhotosPerVehicle - existing;
  const choose = room > 0 ? `choose at most ${room}` : "remove some first";
  return `${adding} photos would give ${ownerId} ${existing + adding}; a vehicle may have at most ${maxPhotosPerVehicle} photos (it has ${existing}): ${choose}. Nothing was added.`;
}

/**
 * Adds photos after the owner's others. More than the owner has room for (the 24-photo limit) are
 * all refused at once, before any is read. Otherwise each is judged on its own: a file that is not a
 * photo, too large, or a copy of one already there is refused by its name and nothing of it is kept;
 * the rest are added, so one bad file never costs a staff member the others.
 */
export async function addVehiclePhotos(
  env: PhotoEnv,
  ownerId: string,
  files: readonly File[],
  who: StaffMember,
): Promise<PhotoFileOutcome[]> {
  const before = await readPictures(env.DB, ownerId);
  if (!before) return files.map((file) => ({ name: file.name, outcome: "refused", message: unknownOwner(ownerId) }));
  // Counted before any file is read or encoded: thirty photos cost a minute of encoding only to be
  // refused past the limit.
  const tooMany = tooManyPhotos(ownerId, before.photos.length, files.length);
  if (tooMany) return files.map((file) => ({ name: file.name, outcome: "refused", message: tooMany }));

  const outcomes = new Map<File, PhotoFileOutcome>();
  const accepted: { file: File; photo: MadePhoto }[] = [];
  for (const file of files) {
    try {
      const photo = await makePhotoFiles(env.IMAGES, await readFile(file), ownerId, file.name);
      const taken = [...before.photos, ...accepted.map((entry) => entry.photo.path)];
      const sameAs = taken.indexOf(photo.path);
      if (sameAs >= 0) throw new PhotoRefusal(`${file.name} is already photo ${sameAs + 1} of ${ownerId}.`);
      if (taken.length >= maxPhotosPerVehicle) {
        throw new PhotoRefusal(
          `${file.name} would be photo ${taken.length + 1} of ${ownerId}; it may have ${maxPhotosPerVehicle}. Remove some first.`,
        );
      }
      accepted.push({ file, photo });
    } catch (error) {
      if (!(error instanceof PhotoRefusal)) throw error;
      outcomes.set(file, { name: file.name, outcome: "refused", message: error.message });
    }
  }

  if (accepted.length > 0) {
    const paths = accepted.map(({ photo }) => photo.path);
    await removeLeftoverPhotos(env);
    await bind(env.DB, recordPendingStatement(paths, ownerId, "adding")).run();
    let listed = false;
    try {
      await storePhotoFiles(
        env.PHOTOS,
        accepted.flatMap(({ photo }) => photo.made),
      );
      listed = await replacePictures(
        env.DB,
        ownerId,
        before.images,
        [...before.photos, ...paths, ...before.others],
        who,
      );
    } catch (error) {
      // The files stay recorded as abandoned; the next photo change, here or by the command, deletes them.
      await bind(env.DB, abandonStatement(paths))
        .run()
        .catch(() => undefined);
      throw error;
    }
    if (listed) {
      await bind(env.DB, dropRecordsStatement(paths)).run();
    } else {
      // Nobody lists these files: they go now, and their records with them.
      await deletePhotoFiles(
        env.PHOTOS,
        accepted.flatMap(({ photo }) => photo.made.map((made) => made.key)),
      );
      await bind(env.DB, dropRecordsStatement(paths)).run();
    }
    accepted.forEach(({ file, photo }, index) =>
      outcomes.set(
        file,
        listed
          ? { name: file.name, outcome: "added", path: photo.path, number: before.photos.length + index + 1 }
          : { name: file.name, outcome: "refused", message: changedMeanwhile(ownerId) },
      ),
    );
  }
  return files.map((file) => outcomes.get(file)!);
}

/** Where a button's photo may go: first, or one place up or down. */
export type PhotoMove = "first" | "up" | "down";

/** The photo a staff page's button names, where it is now, and the list it is in. */
type Located = { ok: true; before: OwnerPictures; index: number } | { ok: false; message: string };

/**
 * The photo `photo` (its address, as the page's button carries it) in the owner's list, read at
 * `shownVersion`, the version the page was shown with (null for a dealer place, which has none).
 * Acting on the photo's name rather than its place means a repeated post cannot reach another
 * photo, and on the version means a post from a page older than the last change changes nothing.
 */
async function locate(db: D1Database, ownerId: string, photo: string, shownVersion: number | null): Promise<Located> {
  const before = await readPictures(db, ownerId);
  if (!before) return { ok: false, message: unknownOwner(ownerId) };
  if (before.version !== null && before.version !== shownVersion) {
    return {
      ok: false,
      message: `${ownerId} changed since this page was shown (version ${shownVersion ?? "none"}, now ${before.version}); nothing was changed. Look at its photos again and retry.`,
    };
  }
  const index = before.photos.indexOf(photo);
  if (index < 0) {
    return {
      ok: false,
      message: `That photo is not one of the photos of ${ownerId} now; nothing was changed. Look at them again.`,
    };
  }
  return { ok: true, before, index };
}

/** Moves the photo named `photo` first, or a place up or down, the others keeping their order. */
export async function movePhoto(
  env: Pick<PhotoEnv, "DB">,
  ownerId: string,
  photo: string,
  move: PhotoMove,
  shownVersion: number | null,
  who: StaffMember,
): Promise<PhotoListOutcome> {
  const found = await locate(env.DB, ownerId, photo, shownVersion);
  if (!found.ok) return found;
  const { before, index } = found;
  const to = move === "first" ? 0 : move === "up" ? index - 1 : index + 1;
  if (to < 0 || to >= before.photos.length) {
    return {
      ok: false,
      message: `Photo ${index + 1} of ${ownerId} is already ${to < 0 ? "first" : "last"}; nothing was changed.`,
    };
  }
  const photos = before.photos.filter((_, at) => at !== index);
  photos.splice(to, 0, photo);
  const applied = await replacePictures(
    env.DB,
    ownerId,
    before.images,
    [...photos, ...before.others],
    who,
    shownVersion ?? undefined,
  );
  if (!applied) return { ok: false, message: changedMeanwhile(ownerId) };
  return { ok: true, photos, number: index + 1 };
}

/** Takes the photo named `photo` off the list, then deletes its files. */
export async function removePhoto(
  env: Pick<PhotoEnv, "DB" | "PHOTOS">,
  ownerId: string,
  photo: string,
  shownVersion: number | null,
  who: StaffMember,
): Promise<PhotoListOutcome> {
  const found = await locate(env.DB, ownerId, photo, shownVersion);
  if (!found.ok) return found;
  const { before, index } = found;
  const photos = before.photos.filter((_, at) => at !== index);
  // Off the page and recorded in one batch (one transaction); the files go after, and if that
  // fails, the next photo change deletes them.
  const [, update] = await env.DB.batch([
    bind(env.DB, recordPendingStatement([photo], ownerId, "removing")),
    bind(
      env.DB,
      replacePicturesStatement(ownerId, before.images, [...photos, ...before.others], who, shownVersion ?? undefined),
    ),
  ]);
  if (!update?.results.length) {
    await bind(env.DB, dropRecordsStatement([photo])).run();
    return { ok: false, message: changedMeanwhile(ownerId) };
  }
  forgetKnownVersions();
  await deletePhotoFiles(env.PHOTOS, photoKeysToDelete(parsePhotoReference(photo)!));
  await bind(env.DB, dropRecordsStatement([photo])).run();
  return { ok: true, photos, number: index + 1 };
}
