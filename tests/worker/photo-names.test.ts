import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  largestPhotoSize,
  parsePhotoReference,
  photoKeysMade,
  photoKeysToDelete,
  photoReferencePath,
  photoRenditionSizes,
  photoSocialCardPath,
  photoSrcSet,
  type PhotoReference,
} from "~/features/photos/photo-names";

const photo: PhotoReference = { vehicleId: "denago-ev-city", hash: "0123456789abcdef", width: 1600, height: 1200 };
const path = "/photos/denago-ev-city/0123456789abcdef-1600x1200.jpg";

describe("the names of a vehicle photo's files", () => {
  it("reads back the photo an images entry names", () => {
    expect(photoReferencePath(photo)).toBe(path);
    expect(parsePhotoReference(path)).toEqual(photo);
  });

  it("round-trips every photo the staff tool can name", () => {
    const reference = fc.record({
      vehicleId: fc.stringMatching(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
      hash: fc.stringMatching(/^[0-9a-f]{16}$/),
      width: fc.integer({ min: 1, max: 99_999 }),
      height: fc.integer({ min: 1, max: 99_999 }),
    });
    fc.assert(
      fc.property(reference, (ref) => {
        expect(parsePhotoReference(photoReferencePath(ref))).toEqual(ref);
      }),
    );
  });

  it("keys every width of every format, smallest first, AVIF at most 1200 wide, then the social card", () => {
    const key = (name: string) => `denago-ev-city/0123456789abcdef-${name}`;
    expect(photoKeysMade(photo)).toEqual([
      ...["480x360", "960x720"].flatMap((size) => ["avif", "webp", "jpg"].map((format) => key(`${size}.${format}`))),
      key("1200x900.avif"),
      key("1600x1200.webp"),
      key("1600x1200.jpg"),
      key("social.jpg"),
    ]);
    expect(photoSocialCardPath(photo)).toBe("/photos/denago-ev-city/0123456789abcdef-social.jpg");
  });

  it("deletes the 1600-wide AVIF a photo made before AVIF stopped at 1200 still has, as well as its files", () => {
    expect(photoKeysToDelete(photo)).toEqual([
      ...photoKeysMade(photo),
      "denago-ev-city/0123456789abcdef-1600x1200.avif",
    ]);
    // A photo no wider than 1200 has the same AVIF widths as before.
    const narrow: PhotoReference = { ...photo, width: 1200, height: 900 };
    expect(photoKeysToDelete(narrow)).toEqual(photoKeysMade(narrow));
    expect(photoKeysMade(narrow)).toHaveLength(3 * 3 + 1);
  });

  it("tops a narrower photo at its own width, never enlarging it", () => {
    for (const extension of ["avif", "webp", "jpg"] as const) {
      expect(photoRenditionSizes({ width: 1200, height: 900 }, extension)).toEqual([
        { width: 480, height: 360 },
        { width: 960, height: 720 },
        { width: 1200, height: 900 },
      ]);
      expect(photoRenditionSizes({ width: 480, height: 640 }, extension)).toEqual([{ width: 480, height: 640 }]);
      expect(photoRenditionSizes({ width: 1000, height: 750 }, extension).at(-1)).toEqual({ width: 1000, height: 750 });
    }
    // AVIF stops at 1200 wide, its height from the largest size as every other width's.
    expect(photoRenditionSizes({ width: 1600, height: 2133 }, "avif")).toEqual([
      { width: 480, height: 640 },
      { width: 960, height: 1280 },
      { width: 1200, height: 1600 },
    ]);
    expect(photoRenditionSizes({ width: 1300, height: 975 }, "avif").at(-1)).toEqual({ width: 1200, height: 900 });
    expect(photoRenditionSizes({ width: 1300, height: 975 }, "jpg").at(-1)).toEqual({ width: 1300, height: 975 });
    expect(largestPhotoSize({ width: 4032, height: 3024 })).toEqual({ width: 1600, height: 1200 });
    expect(largestPhotoSize({ width: 1200, height: 900 })).toEqual({ width: 1200, height: 900 });
  });

  it("lists every width of one format in a srcset", () => {
    expect(photoSrcSet(photo, "webp")).toBe(
      "/photos/denago-ev-city/0123456789abcdef-480x360.webp 480w, " +
        "/photos/denago-ev-city/0123456789abcdef-960x720.webp 960w, " +
        "/photos/denago-ev-city/0123456789abcdef-1600x1200.webp 1600w",
    );
    expect(photoSrcSet(photo, "avif")).toBe(
      "/photos/denago-ev-city/0123456789abcdef-480x360.avif 480w, " +
        "/photos/denago-ev-city/0123456789abcdef-960x720.avif 960w, " +
        "/photos/denago-ev-city/0123456789abcdef-1200x900.avif 1200w",
    );
  });

  it("takes nothing else for a photo", () => {
    for (const image of [
      "/photos/Denago-ev-city/0123456789abcdef-1600x1200.jpg",
      "/photos/denago-ev-city/0123456789ABCDEF-1600x1200.jpg",
      "/photos/denago-ev-city/0123456789abcdef-1600x1200.JPG",
      "/photos/denago-ev-city/0123456789abcde-1600x1200.jpg",
      "/photos/denago-ev-city/0123456789abcdef0-1600x1200.jpg",
      "/photos/../0123456789abcdef-1600x1200.jpg",
      "/photos/denago-ev-city/../0123456789abcdef-1600x1200.jpg",
      "/photos/denago-ev-city/0123456789abcdef-1600x1200.webp",
      "/photos/denago-ev-city/0123456789abcdef-0x1200.jpg",
      "/photos/denago-ev-city/0123456789abcdef-social.jpg",
      "/images/vehicles/ev-city.svg",
      "https://cdn.example.org/photos/denago-ev-city/0123456789abcdef-1600x1200.jpg",
    ]) {
      expect(parsePhotoReference(image), image).toBeNull();
    }
  });
});
