/**
 * Puts and deletes files of the local photo bucket in one runtime: `node local-photo-files.ts
 * STATE_DIR` with `{ put, delete }` as JSON on standard input (put: the key, a file holding its
 * bytes, and its content type). wrangler starts a runtime per run, `r2 bulk put` takes one content
 * type per run and `r2 object delete` one file: a photo's files took three runs to upload (about 10 s
 * of CPU) and ten to delete. Through the bucket binding the same local storage is written, with the
 * metadata the Worker and `wrangler r2 bulk put` give a photo file. STATE_DIR is the folder
 * `--persist-to` names (wrangler keeps v3 inside it). The caller (photo-bucket.ts) tries it again
 * when the runtime fails on the way: every bucket write here is repeatable.
 *
 * Run by Node itself (its type stripping), not tsx: it imports nothing of the project, and tsx
 * would start a second Node and a compiler first (about a second of CPU).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy } from "wrangler";

export interface LocalPhotoFileWork {
  put: { key: string; file: string; contentType: string }[];
  delete: string[];
  cacheControl: string;
}

const projectRoot = path.resolve(import.meta.dirname, "../..");
const [stateDirectory] = process.argv.slice(2);
const work = JSON.parse(readFileSync(0, "utf8")) as LocalPhotoFileWork;
const proxy = await getPlatformProxy<{ PHOTOS: R2Bucket }>({
  configPath: path.join(projectRoot, "wrangler.toml"),
  persist: { path: path.join(path.resolve(projectRoot, stateDirectory!), "v3") },
});
try {
  // One at a time, as the Worker stores a photo's files: the local runtime is the machine's, and the
  // files are small.
  for (const { key, file, contentType } of work.put) {
    await proxy.env.PHOTOS.put(key, readFileSync(file), {
      httpMetadata: { contentType, cacheControl: work.cacheControl },
    });
  }
  for (let start = 0; start < work.delete.length; start += 1000)
    await proxy.env.PHOTOS.delete(work.delete.slice(start, start + 1000));
} catch (error) {
  // One line in wrangler's own form, which the caller reads (failureText) to decide on another try.
  console.error(`✘ [ERROR] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await proxy.dispose();
}
