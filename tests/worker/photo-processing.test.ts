import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { addVehiclePhotos, movePhoto, removePhoto } from "~/features/photos/photo-changes.server";
import { jpegSegmentNames, photoLimits, sniffPhotoKind } from "~/features/photos/photo-intake";
import { parsePhotoReference, photoKeysMade } from "~/features/photos/photo-names";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
// 1200x1000 pixels stored with EXIF orientation 6 (a portrait shot: 1000x1200 upright), a GPS
// position and the phone's make and model; made with sharp as tests/e2e/photo-renditions.spec.ts
// makes its phone photo, kept small so the Images binding's encodes take a moment.
import phonePhotoUrl from "./fixtures/phone-photo-gps-orientation-6.jpg?inline";
import { runSql } from "./run-sql";

/**
 * The Worker's photo pipeline on the real local bindings: the Images binding (miniflare runs it
 * through Sharp), R2 and D1 with every migration.
 */
const vehicle: Vehicle = { ...seedCatalogue[0]!, id: "phone-cart", name: "Phone Cart", images: ["/images/x.svg"] };
const wideVehicle: Vehicle = { ...vehicle, id: "wide-cart", name: "Wide Cart" };
const who = "staff@example.com";

function bytesOf(dataUrl: string): Uint8Array<ArrayBuffer> {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
const phonePhoto = bytesOf(phonePhotoUrl);

async function storedKeys(prefix?: string): Promise<string[]> {
  return (await env.PHOTOS.list({ prefix })).objects.map((object) => object.key).sort();
}

async function images(): Promise<string[]> {
  const row = await env.DB.prepare("SELECT images FROM vehicles WHERE id = ?")
    .bind(vehicle.id)
    .first<{ images: string }>();
  return JSON.parse(row!.images) as string[];
}

/** The vehicle's version, as its staff page would show it now. */
async function version(id = vehicle.id): Promise<number> {
  const row = await env.DB.prepare("SELECT version FROM vehicles WHERE id = ?").bind(id).first<{ version: number }>();
  return row!.version;
}

/** Byte strings phone metadata is made of: the EXIF header, the GPS IFD's tag (little-endian) and the maker's words. */
function carriesMetadata(bytes: Uint8Array): boolean {
  const text = String.fromCharCode(...bytes);
  return text.includes("Exif\0\0") || text.includes("Camera 15") || text.includes("\x25\x88");
}

beforeAll(async () => {
  await runSql(upsertVehiclesSql([vehicle, wideVehicle]));
});

describe("photos made and stored by the Worker", () => {
  it("makes upright renditions with no metadata under the command's names, and lists the photo after the others", async () => {
    expect(sniffPhotoKind(phonePhoto)).toBe("jpeg");
    expect(carriesMetadata(phonePhoto)).toBe(true);

    const [outcome] = await addVehiclePhotos(env, vehicle.id, [new File([phonePhoto], "IMG_0042.JPG")], who);
    expect(outcome).toMatchObject({ name: "IMG_0042.JPG", outcome: "added", number: 1 });
    const path = outcome!.outcome === "added" ? outcome!.path : "";
    // Orientation 6: the 1200x1000 pixels stand 1000x1200, and the largest width is the photo's own.
    // The very name `npm run catalogue -- photos add phone-cart` gives this file (its preparePhoto, run once in Node).
    expect(path).toBe("/photos/phone-cart/730e351265206154-1000x1200.jpg");
    expect(await images()).toEqual([path, "/images/x.svg"]);

    const reference = parsePhotoReference(path)!;
    const keys = photoKeysMade(reference).sort();
    expect(keys).toHaveLength(3 * 3 + 1);
    // This vehicle's files only: other files' tests share the runtime's bucket (isolate: false).
    expect(await storedKeys(`${vehicle.id}/`)).toEqual(keys);
    for (const key of keys) {
      const stored = await env.PHOTOS.get(key);
      const bytes = new Uint8Array(await stored!.arrayBuffer());
      expect(carriesMetadata(bytes), key).toBe(false);
      const info = await env.IMAGES.info(new Blob([bytes]).stream());
      const size = /-(\d+)x(\d+)\./.exec(key);
      // Every file is exactly the size its name says (upright: taller than wide), the social card 1200x630.
      expect(info, key).toMatchObject(
        size ? { width: Number(size[1]), height: Number(size[2]) } : { width: 1200, height: 630 },
      );
      expect(stored!.httpMetadata?.contentType, key).toBe(info.format);
      expect(stored!.httpMetadata?.cacheControl).toBe("public, max-age=31536000, immutable");
      if (key.endsWith(".jpg"))
        expect(jpegSegmentNames(bytes).filter((name) => /APP([1-9]|1\d)|COM/.test(name))).toEqual([]);
    }
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS pending FROM pending_photo_files").first<{ pending: number }>(),
    ).toEqual({ pending: 0 });

    const [again] = await addVehiclePhotos(env, vehicle.id, [new File([phonePhoto], "copy.jpg")], who);
    expect(again).toEqual({
      name: "copy.jpg",
      outcome: "refused",
      message: "copy.jpg is already photo 1 of phone-cart.",
    });
  });

  it("refuses by name a text file called photo.jpg and a file over 25 MB, keeping nothing of them", async () => {
    const keysBefore = await storedKeys();
    const listBefore = await images();
    const outcomes = await addVehiclePhotos(
      env,
      vehicle.id,
      [
        new File(["These are my notes, not a photo."], "photo.jpg", { type: "image/jpeg" }),
        new File([new Uint8Array(photoLimits.maxBytes + 1024 * 1024)], "video.jpg", { type: "image/jpeg" }),
      ],
      who,
    );
    expect(outcomes).toEqual([
      {
        name: "photo.jpg",
        outcome: "refused",
        message: "photo.jpg is not an image (its contents are not JPEG, PNG, WebP or HEIC).",
      },
      { name: "video.jpg", outcome: "refused", message: "video.jpg is 26 MB; the limit is 25 MB." },
    ]);
    expect(await storedKeys()).toEqual(keysBefore);
    expect(await images()).toEqual(listBefore);
  });

  it("refuses by name a photo cut short in its upload, keeping nothing of it: a damaged file is never a server error", async () => {
    const keysBefore = await storedKeys();
    const listBefore = await images();
    const cutShort = phonePhoto.slice(0, Math.floor(phonePhoto.byteLength * 0.6));
    const outcomes = await addVehiclePhotos(env, vehicle.id, [new File([cutShort], "front.jpg")], who);
    expect(outcomes).toEqual([
      {
        name: "front.jpg",
        outcome: "refused",
        message: "front.jpg could not be read as a JPEG photo (the file may be damaged).",
      },
    ]);
    expect(await storedKeys()).toEqual(keysBefore);
    expect(await images()).toEqual(listBefore);
  });

  it("moves, puts first and removes photos by name, deleting a removed photo's files", async () => {
    const [first] = await images();
    // A second photo: the same picture made smaller by the binding is another file, another hash.
    const smaller = await env.IMAGES.input(new Blob([phonePhoto]).stream())
      .transform({ width: 960 })
      .output({ format: "image/png" });
    const png = new Uint8Array(await new Response(smaller.image()).arrayBuffer());
    const [second] = await addVehiclePhotos(env, vehicle.id, [new File([png], "second.png")], who);
    expect(second).toMatchObject({ outcome: "added", number: 2 });
    const secondPath = second!.outcome === "added" ? second!.path : "";

    expect(await movePhoto(env, vehicle.id, secondPath, "first", await version(), who)).toEqual({
      ok: true,
      photos: [secondPath, first],
      number: 2,
    });
    expect(await movePhoto(env, vehicle.id, first!, "first", await version(), who)).toEqual({
      ok: true,
      photos: [first, secondPath],
      number: 2,
    });
    expect(await movePhoto(env, vehicle.id, secondPath, "down", await version(), who)).toEqual({
      ok: false,
      message: "Photo 2 of phone-cart is already last; nothing was changed.",
    });

    expect(await removePhoto(env, vehicle.id, first!, await version(), who)).toEqual({
      ok: true,
      photos: [secondPath],
      number: 1,
    });
    expect(await images()).toEqual([secondPath, "/images/x.svg"]);
    expect(await storedKeys(`${vehicle.id}/`)).toEqual(photoKeysMade(parsePhotoReference(secondPath)!).sort());
  });

  it("makes a 1600-wide photo's AVIF 1200 wide, which Cloudflare can make, and its WebP and JPEG 1600 wide", async () => {
    // 1600x1200, stretched from the phone photo by the binding (locally Sharp, which would make any width).
    const stretched = await env.IMAGES.input(new Blob([phonePhoto]).stream())
      .transform({ width: 1600, height: 1200, fit: "squeeze" })
      .output({ format: "image/jpeg" });
    const wide = new Uint8Array(await new Response(stretched.image()).arrayBuffer());
    const [added] = await addVehiclePhotos(env, wideVehicle.id, [new File([wide], "wide.jpg")], who);
    expect(added).toMatchObject({ outcome: "added", number: 1 });
    const path = added!.outcome === "added" ? added!.path : "";
    expect(path).toMatch(/^\/photos\/wide-cart\/[0-9a-f]{16}-1600x1200\.jpg$/);
    const stem = path.slice("/photos/".length, -"1600x1200.jpg".length);

    const keys = await storedKeys("wide-cart/");
    expect(keys).toEqual(photoKeysMade(parsePhotoReference(path)!).sort());
    expect(keys.filter((key) => key.endsWith(".avif"))).toEqual(
      ["1200x900", "480x360", "960x720"].map((size) => `${stem}${size}.avif`),
    );
    for (const [key, format, width] of [
      [`${stem}1200x900.avif`, "image/avif", 1200],
      [`${stem}1600x1200.webp`, "image/webp", 1600],
      [`${stem}1600x1200.jpg`, "image/jpeg", 1600],
    ] as const) {
      const bytes = await (await env.PHOTOS.get(key))!.arrayBuffer();
      expect(await env.IMAGES.info(new Blob([bytes]).stream()), key).toMatchObject({ format, width });
    }

    // A photo added before AVIF stopped at 1200 has a 1600-wide AVIF too: removing it deletes that as well.
    await env.PHOTOS.put(`${stem}1600x1200.avif`, new Uint8Array([0]));
    expect(await removePhoto(env, wideVehicle.id, path, await version(wideVehicle.id), who)).toEqual({
      ok: true,
      photos: [],
      number: 1,
    });
    expect(await storedKeys("wide-cart/")).toEqual([]);
  });
});
