import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";
import sharp from "sharp";
import { parsePhotoReference, photoKeysMade } from "~/features/photos/photo-names";
import { expect, setUpOwnDatabase, type OwnDatabase } from "../support/staff-terminal";

/**
 * A photo upload that fails after its files reached R2 must leave the vehicle as it was, and the
 * files must not stay in the bucket for ever: wrangler cannot list a bucket, so the command records
 * them in D1 first and the next run deletes them. The failure is real: a trigger in this test's own
 * database refuses the vehicle's update, as a full disk or a lost connection would.
 * Desktop only: it is about the staff command, not the page width.
 */

let database: OwnDatabase;
const catalogue = (...args: string[]) => database.catalogue(...args);
const sql = <Row>(statement: string) => database.sql<Row>(statement);

async function photoFile(name: string, colour: string): Promise<string> {
  const file = path.join(database.folder, name);
  writeFileSync(
    file,
    await sharp({ create: { width: 960, height: 640, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );
  return file;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await setUpOwnDatabase("photo-orphans");
});

test.afterAll(() => database?.remove());

test("a failed upload leaves the vehicle as it was, and the next run deletes its files @desktop", async () => {
  test.setTimeout(240_000);
  const id = "denago-ev-nomad";
  const before = (await sql<{ images: string }>(`SELECT images FROM vehicles WHERE id = '${id}'`))[0]!.images;
  await sql(
    "CREATE TRIGGER refuse_pictures BEFORE UPDATE OF images ON vehicles BEGIN SELECT RAISE(ABORT, 'the disk is full'); END",
  );

  const failed = await catalogue("photos", "add", id, await photoFile("lot.jpg", "#2e86c1"));
  expect(failed).toExitWith(1);
  expect(failed.output).toContain("the disk is full");
  expect(failed.output).toContain(`${id} is as it was`);
  expect((await sql<{ images: string }>(`SELECT images FROM vehicles WHERE id = '${id}'`))[0]!.images).toBe(before);
  const recorded = await sql<{ path: string; reason: string }>("SELECT path, reason FROM pending_photo_files");
  expect(recorded).toHaveLength(1);
  expect(recorded[0]!.reason).toBe("abandoned");
  const orphanKeys = photoKeysMade(parsePhotoReference(recorded[0]!.path)!);
  expect(orphanKeys).toHaveLength(7);
  for (const key of [orphanKeys[0]!, orphanKeys.at(-1)!]) expect(await database.photoStored(key), key).toBe(true);

  await sql("DROP TRIGGER refuse_pictures");
  const next = await catalogue("photos", "add", id, await photoFile("front.jpg", "#c0392b"));
  expect(next).toExitWith(0);
  expect(next.output).toContain("Removed 1 photo left behind by an earlier run that did not finish.");
  expect(next.output).toContain(`Added 1 photo to ${id}`);
  for (const key of orphanKeys) expect(await database.photoStored(key), key).toBe(false);
  expect(await sql("SELECT path FROM pending_photo_files")).toEqual([]);
  const images = JSON.parse(
    (await sql<{ images: string }>(`SELECT images FROM vehicles WHERE id = '${id}'`))[0]!.images,
  );
  expect(images).toHaveLength(JSON.parse(before).length + 1);
  expect(images).not.toContain(recorded[0]!.path);
});
