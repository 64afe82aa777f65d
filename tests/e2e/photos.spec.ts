import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { capture } from "../../scripts/shared/run";
import { photoBucketName } from "../../scripts/staff/photo-bucket";

/**
 * A photo put in the local R2 bucket the way the staff tools will (wrangler, into the state the
 * server runs on) is served at /photos/{key} by the built Worker, with what browsers need to keep it.
 * Desktop only: it is about the server, and two wrangler processes writing one local bucket at once
 * trip over each other.
 */
const stateDirectory = process.env.WRANGLER_STATE_DIR ?? ".wrangler/e2e-state";
const bucket = photoBucketName();

test("a stored photo is served with its type, an immutable cache and 304s; an unknown one is a 404 @desktop", async ({
  request,
}) => {
  const key = `e2e-cart/${randomBytes(6).toString("hex")}-480.jpg`;
  const file = path.join(mkdtempSync(path.join(tmpdir(), "photo-")), "photo.jpg");
  const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
  writeFileSync(file, jpegStart);
  capture("wrangler", [
    "r2",
    "object",
    "put",
    `${bucket}/${key}`,
    "--file",
    file,
    "--local",
    "--persist-to",
    stateDirectory,
  ]);

  const photo = await request.get(`/photos/${key}`);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/jpeg");
  expect(photo.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(Buffer.from(await photo.body())).toEqual(jpegStart);

  const etag = photo.headers()["etag"]!;
  const again = await request.get(`/photos/${key}`, { headers: { "If-None-Match": `W/${etag}` } });
  expect(again.status()).toBe(304);

  const missing = await request.get("/photos/e2e-cart/missing-480.jpg");
  expect(missing.status()).toBe(404);
  expect((await missing.json()) as { error: string }).toEqual({ error: "No such photo" });
});
