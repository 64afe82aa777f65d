/**
 * Deletes files from the local photo bucket in one runtime: `tsx delete-local-photos.ts STATE_DIR`
 * with the keys as a JSON array on standard input. wrangler deletes one object per run and each run
 * starts a runtime (about 3 s), so a photo's ten files took half a minute; R2's own delete takes up
 * to 1,000 keys at once. STATE_DIR is the folder `--persist-to` names (wrangler keeps v3 inside it).
 * The caller (photo-bucket.ts) tries it again when the runtime fails on the way: deleting is
 * repeatable.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { projectRoot } from "./run";

const [stateDirectory] = process.argv.slice(2);
const keys = JSON.parse(readFileSync(0, "utf8")) as string[];
const proxy = await getPlatformProxy<{ PHOTOS: R2Bucket }>({
  configPath: path.join(projectRoot, "wrangler.toml"),
  persist: { path: path.join(path.resolve(projectRoot, stateDirectory!), "v3") },
});
try {
  for (let start = 0; start < keys.length; start += 1000)
    await proxy.env.PHOTOS.delete(keys.slice(start, start + 1000));
} catch (error) {
  // One line in wrangler's own form, which the caller reads (failureText) to decide on another try.
  console.error(`✘ [ERROR] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await proxy.dispose();
}
