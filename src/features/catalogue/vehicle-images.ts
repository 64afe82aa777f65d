// Relative import with its extension and nothing else: the build step (scripts/vite-plugins/vehicle-rasters.ts,
// loaded from vite.config.ts) imports this file outside the "~/" alias.
import { parsePhotoReference, photoSocialCardPath, photoSocialCardSize } from "../photos/photo-names.ts";
import { placeholderImage } from "./vehicle-status.ts";

/**
 * Vehicle drawings (public/images/vehicles/*.svg, 640x400) are what the pages show, but social
 * networks and Merchant Center take no SVG. The build renders two PNGs of every drawing, at the
 * addresses below: a social card and a plain raster of the drawing. A staff photo needs neither:
 * its entry is already a JPEG, and its social crop is one of its files (src/features/photos).
 */

/**
 * The Open Graph card size Facebook and X show large; the site card has it too, and the staff's
 * photo tool crops every photo's card to it, so one declared size fits every vehicle page.
 */
export const socialCardSize = photoSocialCardSize;
/** The raster of a drawing: twice the drawing's 640x400, so it stays sharp when shown larger. */
export const drawingRasterSize = { width: 1280, height: 800 } as const;

export interface DrawingRenditions {
  /** 1200x630 PNG: the drawing centred on the brand colour, for og:image. */
  card: string;
  /** 1280x800 PNG of the drawing, for the product feed and the Product structured data. */
  raster: string;
}

const drawing = /^\/images\/vehicles\/([a-z0-9][a-z0-9-]*)\.svg$/;
const rasterExtension = /\.(?:jpe?g|png|gif|webp|bmp|tiff?)$/i;

/** The build's PNGs of a drawing, or null when `image` is not one (an https photo, another path). */
export function drawingRenditions(image: string): DrawingRenditions | null {
  const name = drawing.exec(image)?.[1];
  if (!name) return null;
  return { card: `/images/social/${name}.png`, raster: `/images/vehicles/${name}.png` };
}

/**
 * og:image of a vehicle picture, always `socialCardSize`: a staff photo's crop or a drawing's card;
 * null for the site card (an https photo's size is unknown).
 */
export function socialCardOf(image: string): string | null {
  const photo = parsePhotoReference(image);
  if (photo) return photoSocialCardPath(photo);
  return drawingRenditions(image)?.card ?? null;
}

/**
 * An image Merchant Center accepts for a vehicle picture: a staff photo's largest JPEG (its entry);
 * a drawing's raster; an https photo as it is when its address ends in a raster extension (JPEG,
 * PNG, GIF, WebP, BMP, TIFF); else the placeholder's raster.
 */
export function feedImageOf(image: string): string {
  if (parsePhotoReference(image)) return image;
  const renditions = drawingRenditions(image);
  if (renditions) return renditions.raster;
  if (rasterExtension.test(addressPath(image))) return image;
  return drawingRenditions(placeholderImage.src)!.raster;
}

function addressPath(image: string): string {
  try {
    return new URL(image, "https://site.invalid").pathname;
  } catch {
    return image;
  }
}
