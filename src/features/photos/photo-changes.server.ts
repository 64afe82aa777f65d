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

export type PhotoListOutcome = { ok: true; photos: string[] } | { ok: false; message: string };

const bind = (db: D1Database, { sql, params }: PhotoStatement) => db.prepare(sql).bind(...params);

async function readPictures(db: D1Database, ownerId: string): Promise<OwnerPictures | null> {
  const row = await bind(db, readPicturesStatement(ownerId)).first<{ images: string }>();
  return row ? splitPictures(JSON.parse(row.images) as string[]) : null;
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
async function replacePictures(db: D1Database, ownerId: string, before: string[], after: string[], who: StaffMember) {
  const row = await bind(db, replacePicturesStatement(ownerId, before, after, who)).first();
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

/**
 * Adds photos after the owner's others, each judged on its own: a file that is not a photo, too
 * large, a copy of one already there, or past the 24-photo limit is refused by its name and nothing
 * of it is kept; the rest are added. The page sends one photo per request, so one bad file never
 * costs a staff member the others.
 */
export async function addVehiclePhotos(
  env: PhotoEnv,
  ownerId: string,
  files: readonly File[],
  who: StaffMember,
): Promise<PhotoFileOutcome[]> {
  const before = await readPictures(env.DB, ownerId);
  if (!before) return files.map((file) => ({ name: file.name, outcome: "refused", message: unknownOwner(ownerId) }));

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

/** A photo's number (1 is first), checked against how many there are. */
function numberProblem(ownerId: string, number: number, count: number): string | null {
  if (Number.isInteger(number) && number >= 1 && number <= count) return null;
  return count === 0
    ? `${ownerId} has no photos; nothing was changed.`
    : `There is no photo ${number} of ${ownerId}: it has ${count}, numbered 1 to ${count}. Nothing was changed.`;
}

/** Moves photo `from` to place `to` (both numbered from 1), the others keeping their order. */
export async function movePhoto(
  env: Pick<PhotoEnv, "DB">,
  ownerId: string,
  from: number,
  to: number,
  who: StaffMember,
): Promise<PhotoListOutcome> {
  const before = await readPictures(env.DB, ownerId);
  if (!before) return { ok: false, message: unknownOwner(ownerId) };
  const problem =
    numberProblem(ownerId, from, before.photos.length) ?? numberProblem(ownerId, to, before.photos.length);
  if (problem) return { ok: false, message: problem };
  const photos = before.photos.filter((_, index) => index !== from - 1);
  photos.splice(to - 1, 0, before.photos[from - 1]!);
  if (!(await replacePictures(env.DB, ownerId, before.images, [...photos, ...before.others], who))) {
    return { ok: false, message: changedMeanwhile(ownerId) };
  }
  return { ok: true, photos };
}

/** Puts photo `number` first: the one cards, the page's main picture and social cards show. */
export function makeFirst(env: Pick<PhotoEnv, "DB">, ownerId: string, number: number, who: StaffMember) {
  return movePhoto(env, ownerId, number, 1, who);
}

/** Takes photo `number` off the list, then deletes its files. */
export async function removePhoto(
  env: Pick<PhotoEnv, "DB" | "PHOTOS">,
  ownerId: string,
  number: number,
  who: StaffMember,
): Promise<PhotoListOutcome> {
  const before = await readPictures(env.DB, ownerId);
  if (!before) return { ok: false, message: unknownOwner(ownerId) };
  const problem = numberProblem(ownerId, number, before.photos.length);
  if (problem) return { ok: false, message: problem };
  const removed = before.photos[number - 1]!;
  const photos = before.photos.filter((_, index) => index !== number - 1);
  // Off the page and recorded in one batch (one transaction); the files go after, and if that
  // fails, the next photo change deletes them.
  const [, update] = await env.DB.batch([
    bind(env.DB, recordPendingStatement([removed], ownerId, "removing")),
    bind(env.DB, replacePicturesStatement(ownerId, before.images, [...photos, ...before.others], who)),
  ]);
  if (!update?.results.length) {
    await bind(env.DB, dropRecordsStatement([removed])).run();
    return { ok: false, message: changedMeanwhile(ownerId) };
  }
  forgetKnownVersions();
  await deletePhotoFiles(env.PHOTOS, photoKeysToDelete(parsePhotoReference(removed)!));
  await bind(env.DB, dropRecordsStatement([removed])).run();
  return { ok: true, photos };
}
