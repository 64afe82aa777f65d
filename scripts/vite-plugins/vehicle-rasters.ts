/**
 * The raster renditions of the vehicle drawings, made at build time: social networks and Merchant
 * Center take no SVG. For every public/images/vehicles/*.svg the client build gets the 1200x630
 * social card and the 1280x800 raster that src/features/catalogue/vehicle-images.ts names.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";
import { drawingRasterSize, drawingRenditions, socialCardSize } from "../../src/features/catalogue/vehicle-images.ts";

/** --color-brand of src/styles/app.css, the site card's green. */
const cardBackground = "#14532d";
/** The drawing's size on the card: 1.25 times its own 640x400, centred. */
const cardDrawing = { width: 800, height: 500 };

/** The drawing, centred with rounded corners on the brand colour, as a 1200x630 PNG. */
export function renderSocialCard(drawing: Buffer): Promise<Buffer> {
  const { width, height } = socialCardSize;
  const x = (width - cardDrawing.width) / 2;
  const y = (height - cardDrawing.height) / 2;
  const card = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" fill="${cardBackground}"/>
  <clipPath id="frame"><rect x="${x}" y="${y}" width="${cardDrawing.width}" height="${cardDrawing.height}" rx="24"/></clipPath>
  <image x="${x}" y="${y}" width="${cardDrawing.width}" height="${cardDrawing.height}" clip-path="url(#frame)"
    href="data:image/svg+xml;base64,${drawing.toString("base64")}"/>
</svg>`;
  return sharp(Buffer.from(card)).png({ compressionLevel: 9 }).toBuffer();
}

/** The drawing alone as a 1280x800 PNG, rendered at that size rather than scaled up. */
export function renderDrawingRaster(drawing: Buffer): Promise<Buffer> {
  const { width, height } = drawingRasterSize;
  return sharp(drawing, { density: 72 * (width / 640) })
    .resize(width, height, { fit: "fill" })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Adds the renditions of every drawing to the client build (the asset layer serves them). */
export function vehicleRasters(): Plugin {
  let publicDirectory = "";
  return {
    name: "vehicle-rasters",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      publicDirectory = config.publicDir;
    },
    async generateBundle() {
      const folder = path.join(publicDirectory, "images/vehicles");
      const files = (await readdir(folder)).filter((file) => file.endsWith(".svg")).sort();
      await Promise.all(
        files.map(async (file) => {
          const renditions = drawingRenditions(`/images/vehicles/${file}`);
          if (!renditions) {
            this.error(`public/images/vehicles/${file}: drawings are named like cart-4-seat.svg (a-z, 0-9, -)`);
          }
          const drawing = await readFile(path.join(folder, file));
          const outputs: [string, Buffer][] = [
            [renditions.card, await renderSocialCard(drawing)],
            [renditions.raster, await renderDrawingRaster(drawing)],
          ];
          for (const [address, source] of outputs) {
            const fileName = address.slice(1);
            if (existsSync(path.join(publicDirectory, fileName))) {
              this.error(`public/${fileName} is made by the build from ${file}; remove it`);
            }
            this.emitFile({ type: "asset", fileName, source });
          }
        }),
      );
    },
  };
}
