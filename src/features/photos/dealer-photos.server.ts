import { inArray } from "drizzle-orm";
import { dealerPhotos } from "~/db/schema";
import type { Database } from "~/server/db.server";
import type { DealerPlace } from "./dealer-places";
import { parsePhotoReference, type PhotoReference } from "./photo-names";

/**
 * The photo leading the page of `place`: the first one staff added for it, else the showroom's first
 * (the one place every page about the dealer falls back on), or null: the page then shows the
 * featured carts. A database that cannot answer (a page pre-rendered at build time) counts as no photo.
 */
export async function leadingDealerPhoto(db: Database, place: DealerPlace): Promise<PhotoReference | null> {
  const places = [...new Set<DealerPlace>([place, "showroom"])];
  try {
    const rows = await db.select().from(dealerPhotos).where(inArray(dealerPhotos.place, places));
    for (const candidate of places) {
      const images = rows.find((row) => row.place === candidate)?.images ?? [];
      const photo = images.map(parsePhotoReference).find((reference) => reference !== null);
      if (photo) return photo;
    }
    return null;
  } catch {
    return null;
  }
}
