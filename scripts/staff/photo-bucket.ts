/**
 * The photo bucket (R2), reached the way staff reach D1: through wrangler, on the local emulation
 * `npm start` serves from, or on Cloudflare with --remote.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { photoCacheControl, photoFormats } from "../../src/features/photos/photo-names.ts";
import { runOnce, targetArgs, type D1Target } from "./d1";
import type { LocalPhotoFileWork } from "./local-photo-files";
import { withRetries } from "./retry";
import { projectRoot } from "../shared/run";

export const photoBucketBinding = "PHOTOS";

/** R2 or wrangler refused: the message is theirs. */
export class BucketError extends Error {
  override name = "BucketError";
}

/**
 * wrangler's API, loaded when a command first needs it: it takes about 1.4 s to load, which every
 * catalogue command (an export, an import) would otherwise pay before doing anything.
 */
const load = createRequire(import.meta.url);
const wranglerApi = () => load("wrangler") as typeof import("wrangler");

/** The bucket name bound to PHOTOS in wrangler.toml, read with wrangler's own reader. */
export function photoBucketName(): string {
  // Typed loosely by wrangler; only these two fields are read.
  const { r2_buckets: buckets } = wranglerApi().unstable_readConfig({
    config: path.join(projectRoot, "wrangler.toml"),
  }) as {
    r2_buckets: { binding: string; bucket_name?: string }[];
  };
  const bucket = buckets.find((entry) => entry.binding === photoBucketBinding)?.bucket_name;
  if (!bucket) throw new BucketError(`wrangler.toml binds no R2 bucket to ${photoBucketBinding}.`);
  return bucket;
}

/**
 * One wrangler run on the bucket, tried again after a failure on the way. Every bucket write here is
 * repeatable: a file's name is made from its contents, so putting it again writes the same bytes
 * under the same name, and deleting a file already gone is no error in R2.
 */
function wrangler(target: D1Target, args: string[], doing: string): void {
  withRetries({ doing, remote: target.remote, write: { repeatable: true } }, () =>
    runOnce(args, (text) => new BucketError(text)),
  );
}

const bucketName = (target: D1Target) => (target.remote ? "the photo bucket on Cloudflare" : "the local photo bucket");

export interface PhotoFile {
  key: string;
  bytes: Buffer;
}

/**
 * Puts and deletes files of the local bucket in one runtime beside the running site's, which shares
 * the local bucket's storage (local-photo-files.ts). Its own process: on a loaded machine a runtime
 * has lost its connection ("Network connection lost"), and a second run, which the same work makes
 * repeatable, finishes what the first began.
 */
function localPhotoFiles(target: D1Target, work: Omit<LocalPhotoFileWork, "cacheControl">, doing: string): void {
  const script = path.join(import.meta.dirname, "local-photo-files.ts");
  const state = target.persistTo ?? path.join(".wrangler", "state");
  const input: LocalPhotoFileWork = { ...work, cacheControl: photoCacheControl };
  withRetries({ doing, remote: false, write: { repeatable: true } }, () =>
    runOnce([script, state], (text) => new BucketError(text), {
      program: process.execPath,
      input: JSON.stringify(input),
    }),
  );
}

/**
 * Uploads files: locally all of them in one runtime (localPhotoFiles); on Cloudflare one `wrangler
 * r2 bulk put` per content type (the flag is per run, not per file). Throws at the first failed run;
 * the caller has recorded the photos, so a later run can remove whatever did get written.
 */
export function uploadPhotoFiles(target: D1Target, files: readonly PhotoFile[]): void {
  const folder = mkdtempSync(path.join(tmpdir(), "photos-"));
  try {
    if (!target.remote) {
      const put = files.map((file, index) => {
        const local = path.join(folder, `${index}`);
        writeFileSync(local, file.bytes);
        const { contentType } = photoFormats.find(({ extension }) => file.key.endsWith(`.${extension}`))!;
        return { key: file.key, file: local, contentType };
      });
      localPhotoFiles(target, { put, delete: [] }, `uploading ${files.length} photo file(s) to ${bucketName(target)}`);
      return;
    }
    const bucket = photoBucketName();
    for (const { extension, contentType } of photoFormats) {
      const ofType = files.filter((file) => file.key.endsWith(`.${extension}`));
      if (ofType.length === 0) continue;
      const manifest = ofType.map((file, index) => {
        const local = path.join(folder, `${extension}-${index}`);
        writeFileSync(local, file.bytes);
        return { key: file.key, file: local };
      });
      const manifestFile = path.join(folder, `${extension}.json`);
      writeFileSync(manifestFile, JSON.stringify(manifest));
      wrangler(
        target,
        [
          "r2",
          "bulk",
          "put",
          bucket,
          "--filename",
          manifestFile,
          "--content-type",
          contentType,
          "--cache-control",
          photoCacheControl,
          ...targetArgs(target),
        ],
        `uploading ${ofType.length} ${extension.toUpperCase()} photo file(s) to ${bucketName(target)}`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Deletes files; deleting a missing file is not an error in R2. On Cloudflare one `wrangler r2 object
 * delete` per file (wrangler has no bulk delete); locally all of them in one runtime through the
 * bucket binding, which is the same local storage wrangler writes.
 */
export function deletePhotoFiles(target: D1Target, keys: readonly string[]): void {
  if (keys.length === 0) return;
  if (!target.remote) {
    localPhotoFiles(
      target,
      { put: [], delete: [...keys] },
      `deleting ${keys.length} photo file(s) from ${bucketName(target)}`,
    );
    return;
  }
  const bucket = photoBucketName();
  for (const key of keys) {
    wrangler(
      target,
      ["r2", "object", "delete", `${bucket}/${key}`, ...targetArgs(target)],
      `deleting ${key} from ${bucketName(target)}`,
    );
  }
}
