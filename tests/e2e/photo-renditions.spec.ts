import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { PhotoRefusal, preparePhoto } from "../../scripts/staff/photo-renditions";

/**
 * What the staff's photo command makes of a phone photo, checked on real images (Node and sharp
 * only, no browser): upright, stripped of the GPS position and every other tag, in every size and
 * format the pages offer. Desktop only: nothing here depends on the page width.
 */

/** A landscape 2400x1800 JPEG as a phone stores a portrait shot: orientation 6, GPS in IFD3. */
async function phonePhoto(): Promise<Buffer> {
  const left = await sharp({ create: { width: 1200, height: 1800, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#2e86c1" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .withExif({
      IFD0: { Make: "Phone", Model: "Camera 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 50/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "75/1 52/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

test("a phone photo becomes upright renditions with no metadata, at every width and format @desktop", async () => {
  const input = await phonePhoto();
  const before = await sharp(input).metadata();
  expect(before.orientation).toBe(6);
  expect(before.exif?.toString("latin1")).toContain("Camera 15");
  // The GPS IFD pointer (tag 0x8825, little-endian as sharp writes it): the photo carries a position.
  expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

  const photo = await preparePhoto("denago-ev-city", input, "IMG_0042.jpg");
  // Orientation 6 means "rotate 90 degrees clockwise to view": the 2400x1800 pixels stand 1800x2400.
  expect(photo.original).toEqual({ width: 1800, height: 2400 });
  const { hash } = photo.reference;
  // The largest JPEG is what the vehicle's image list holds; every other name follows from it.
  expect(photo.path).toBe(`/photos/denago-ev-city/${hash}-1600x2133.jpg`);
  // AVIF stops at 1200 wide, as the Worker's Images binding makes it on Cloudflare; heights follow the largest size.
  expect(photo.renditions.map((rendition) => rendition.key)).toEqual([
    ...["480x640", "960x1280"].flatMap((size) =>
      ["avif", "webp", "jpg"].map((format) => `denago-ev-city/${hash}-${size}.${format}`),
    ),
    `denago-ev-city/${hash}-1200x1600.avif`,
    `denago-ev-city/${hash}-1600x2133.webp`,
    `denago-ev-city/${hash}-1600x2133.jpg`,
  ]);
  for (const rendition of [...photo.renditions, photo.socialCrop]) {
    const made = await sharp(rendition.bytes).metadata();
    expect(made.exif, rendition.key).toBeUndefined();
    expect(made.xmp, rendition.key).toBeUndefined();
    expect(made.orientation ?? 1, rendition.key).toBe(1);
    expect({ width: made.width, height: made.height }, rendition.key).toEqual({
      width: rendition.width,
      height: rendition.height,
    });
    expect(made.format, rendition.key).toBe(
      rendition.format === "jpg" ? "jpeg" : rendition.format === "avif" ? "heif" : "webp",
    );
    if (rendition !== photo.socialCrop) expect(rendition.height, rendition.key).toBeGreaterThan(rendition.width);
  }
  expect(photo.socialCrop).toMatchObject({ key: `denago-ev-city/${hash}-social.jpg`, width: 1200, height: 630 });

  // Upright: the red half that was on the left of the stored pixels is now on top.
  const smallest = photo.renditions.find((rendition) => rendition.key.endsWith("-480x640.jpg"))!;
  const { data, info } = await sharp(smallest.bytes).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
  const [topRed] = pixel(info.width / 2, 10);
  const [bottomRed] = pixel(info.width / 2, info.height - 10);
  expect(topRed).toBeGreaterThan(150);
  expect(bottomRed).toBeLessThan(100);
});

test("files that are not a JPEG, PNG or WebP photo are refused by their bytes, with what to do @desktop", async () => {
  const refusal = (file: Buffer, name: string) => preparePhoto("denago-ev-city", file, name).catch((error) => error);

  const text = await refusal(Buffer.from("this is a note, not a photo\n"), "note.jpg");
  expect(text).toBeInstanceOf(PhotoRefusal);
  expect(text.message).toBe("note.jpg is not an image (its contents are not JPEG, PNG or WebP).");

  const avif = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#888" } })
    .avif()
    .toBuffer();
  expect((await refusal(avif, "IMG_0043.jpg")).message).toMatch(/^IMG_0043\.jpg is in AVIF format; convert it to JPEG/);

  const tiny = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#888" } })
    .jpeg()
    .toBuffer();
  expect((await refusal(tiny, "thumb.jpg")).message).toBe(
    "thumb.jpg is 300x200 pixels; a photo must be at least 480x320.",
  );

  const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#888" } })
    .png()
    .toBuffer();
  const photo = await preparePhoto("denago-ev-city", small, "lot.png");
  // Nothing is enlarged: an 800-pixel photo comes at 480 and at its own 800.
  expect(new Set(photo.renditions.map((rendition) => `${rendition.width}x${rendition.height}`))).toEqual(
    new Set(["480x360", "800x600"]),
  );
  expect(photo.path).toBe(`/photos/denago-ev-city/${photo.reference.hash}-800x600.jpg`);
});
