// Relative import with its extension and nothing else: the build step (scripts/lib/vehicle-rasters.ts,
// loaded from vite.config.ts) imports this file outside the "~/" alias.
import { placeholderImage } from "./vehicle-status.ts";

/**
 * Vehicle drawings (public/images/vehicles/*.svg, 640x400) are what the pages show, but social
 * networks and Merchant Center take no SVG. The build renders two PNGs of every drawing, at the
 * addresses below: a social card and a plain raster of the drawing.
 */

/** The Open Graph card size Facebook and X show large; the site card has it too. */
export const socialCardSize = { width: 1200, height: 630 } as const;
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

/** og:image of a vehicle picture: its drawing's card, or null for the site card (a photo's size is unknown). */
export function socialCardOf(image: string): string | null {
  return drawingRenditions(image)?.card ?? null;
}

/**
 * An image Merchant Center accepts for a vehicle picture: a drawing's raster; a photo as it is when
 * its address ends in a raster extension (JPEG, PNG, GIF, WebP, BMP, TIFF); else the placeholder's raster.
 */
export function feedImageOf(image: string): string {
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
