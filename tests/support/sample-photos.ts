import sharp from "sharp";

export interface SamplePhotoOptions {
  /** The colour of the scene's left half: each sample looks different, so each is a new photo. */
  colour: string;
  width?: number;
  height?: number;
  /** EXIF orientation as a phone stores a portrait shot (6: turn 90 degrees clockwise to view). */
  orientation?: number;
  /** JPEG quality: a phone's camera writes about 95, which makes a 12-megapixel photo about 3 MB. */
  quality?: number;
}

/**
 * A stand-in for a phone photo: smooth shapes over fine grain, so the encoders have a camera
 * picture's work to do (a flat colour would compress to nothing and flatter every figure), with the
 * maker, model and a GPS position in its EXIF, as phones write them.
 */
export async function samplePhoto({
  colour,
  width = 2400,
  height = 1800,
  orientation = 1,
  quality = 85,
}: SamplePhotoOptions) {
  // Grain from a fixed xorshift sequence, softened a little as a lens would: every sample is the
  // same file, and its renditions land near a phone photo's sizes (about 100 KB of AVIF at 1600 wide).
  const grain = Buffer.alloc(width * height);
  let state = 2463534242;
  for (let index = 0; index < grain.length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    grain[index] = 140 + ((state >>> 0) % 80);
  }
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="${width}" height="${height}" fill="#dfe6e9"/>` +
      `<rect width="${width / 2}" height="${height}" fill="${colour}"/>` +
      `<circle cx="${width * 0.7}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#f1c40f"/></svg>`,
  );
  return sharp(grain, { raw: { width, height, channels: 1 } })
    .blur(1)
    .toColourspace("srgb")
    .composite([{ input: scene, blend: "multiply" }])
    .withExif({
      IFD0: { Make: "Phone", Model: "Camera 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 50/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "75/1 52/1 0/1" },
    })
    .withMetadata({ orientation })
    .jpeg({ quality })
    .toBuffer();
}
