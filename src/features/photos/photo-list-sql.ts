/**
 * The D1 statements of a photo list, shared by the staff command (which sends them as text through
 * wrangler, values written in as literals) and the Worker (which binds them): both keep the same
 * order of work, so a run either of them leaves unfinished is cleaned up by the next run of either.
 *
 *   1. the photos are recorded in pending_photo_files (migration 0007) before their first file is stored;
 *   2. the list changes in one guarded UPDATE, only after every file is stored;
 *   3. the record is dropped.
 * Removals run the other way: off the list and recorded in one batch, the files deleted, the record dropped.
 */
import { isDealerPlace } from "./dealer-places";
import { parsePhotoReference } from "./photo-names";

/** Statement text with `?` for each value, and the values in order. */
export interface PhotoStatement {
  sql: string;
  params: (string | number)[];
}

/** A recorded photo this old is no longer being uploaded by anyone: a run takes seconds, not an hour. */
export const orphanAgeMinutes = 60;

export interface OwnerPictures {
  /** The whole list as stored. */
  images: string[];
  /** The photos in it, in order: what staff number 1, 2, 3... */
  photos: string[];
  /** Everything else (the model's drawing, https pictures): kept after the photos, untouched. */
  others: string[];
}

export function splitPictures(images: string[]): OwnerPictures {
  return {
    images,
    photos: images.filter((image) => parsePhotoReference(image) !== null),
    others: images.filter((image) => parsePhotoReference(image) === null),
  };
}

/** A vehicle's list is its `images`; a dealer place's (home, showroom, about, contact) its row of dealer_photos. */
export function isVehicleOwner(ownerId: string): boolean {
  return !isDealerPlace(ownerId);
}

const placeholders = (count: number) => Array.from({ length: count }, () => "?").join(", ");

/** The list, and a vehicle's version (a dealer place has none): what a staff page's buttons were shown at. */
export function readPicturesStatement(ownerId: string): PhotoStatement {
  return isVehicleOwner(ownerId)
    ? { sql: "SELECT images, version FROM vehicles WHERE id = ?", params: [ownerId] }
    : { sql: "SELECT images, NULL AS version FROM dealer_photos WHERE place = ?", params: [ownerId] };
}

/**
 * Writes the new list only if nobody changed it since `before` was read: no read-then-write gap in
 * which another staff member's change could be lost. Returns a row when it applied. A vehicle's list
 * is a change of the vehicle like any other: a new version (a form shown before it is stale) and a
 * history row under `who` (a staff member's address, or `terminal`), written by migration 0022's
 * trigger. With `shownVersion` (a staff page's button) it applies only while the vehicle is still at
 * the version the page showed, so a repeated or stale post changes nothing.
 */
export function replacePicturesStatement(
  ownerId: string,
  before: string[],
  after: string[],
  who: string,
  shownVersion?: number,
): PhotoStatement {
  const atVersion = shownVersion === undefined ? "" : " AND version = ?";
  return isVehicleOwner(ownerId)
    ? {
        sql: `UPDATE vehicles SET images = ?, version = version + 1, changed_by = ?,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? AND json(images) = json(?)${atVersion} RETURNING id`,
        params: [
          JSON.stringify(after),
          who,
          ownerId,
          JSON.stringify(before),
          ...(shownVersion === undefined ? [] : [shownVersion]),
        ],
      }
    : {
        sql: `UPDATE dealer_photos SET images = ?
           WHERE place = ? AND json(images) = json(?) RETURNING place`,
        params: [JSON.stringify(after), ownerId, JSON.stringify(before)],
      };
}

/** Keyed by each photo's path and replaced with the same values: repeatable. */
export function recordPendingStatement(
  paths: readonly string[],
  ownerId: string,
  reason: "adding" | "removing",
): PhotoStatement {
  return {
    sql: `INSERT OR REPLACE INTO pending_photo_files (path, vehicle_id, reason) VALUES ${paths
      .map(() => `(?, ?, '${reason}')`)
      .join(", ")}`,
    params: paths.flatMap((path) => [path, ownerId]),
  };
}

/** Marks a failed run's photos for the next run to clean up; moves 'adding' rows only, so repeatable. */
export function abandonStatement(paths: readonly string[]): PhotoStatement {
  return {
    sql: `UPDATE pending_photo_files SET reason = 'abandoned' WHERE reason = 'adding' AND path IN (${placeholders(paths.length)})`,
    params: [...paths],
  };
}

export function dropRecordsStatement(paths: readonly string[]): PhotoStatement {
  return {
    sql: `DELETE FROM pending_photo_files WHERE path IN (${placeholders(paths.length)})`,
    params: [...paths],
  };
}

/** Whether a vehicle or place lists the photo at `path` (an SQL expression). */
const listedPhoto = (path: string) =>
  `EXISTS (SELECT 1 FROM vehicles, json_each(vehicles.images) AS image WHERE image.value = ${path})
                 OR EXISTS (SELECT 1 FROM dealer_photos, json_each(dealer_photos.images) AS image WHERE image.value = ${path})`;

/**
 * Drops the records of photos that a vehicle or place now lists: in the batch of the UPDATE that
 * listed them, so they go exactly when it applied (a refused UPDATE lists none, and the records stay
 * for the caller to mark abandoned).
 */
export function dropListedRecordsStatement(paths: readonly string[]): PhotoStatement {
  return {
    sql: `DELETE FROM pending_photo_files WHERE path IN (${placeholders(paths.length)})
       AND (${listedPhoto("pending_photo_files.path")})`,
    params: [...paths],
  };
}

/**
 * The records earlier runs left: abandoned and removed photos, and 'adding' ones over an hour old
 * (a run that was stopped). `listed` says whether a vehicle or place lists the photo after all (the
 * run failed after its update): then only its record goes, not its files.
 */
export function leftoverRecordsStatement(): PhotoStatement {
  return {
    sql: `SELECT path, ${listedPhoto("pending.path")} AS listed
       FROM pending_photo_files AS pending
       WHERE created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${orphanAgeMinutes} minutes')
          OR reason IN ('abandoned', 'removing')`,
    params: [],
  };
}
