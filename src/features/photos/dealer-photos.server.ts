import { inArray } from "drizzle-orm";
import { dealerPhotos } from "~/db/schema";
import type { Database } from "~/server/db.server";
import type { DealerPlace } from "./dealer-places";
import { parsePhotoReference, type PhotoReference } from "./photo-names";

/**
 * The first photo staff added for the first of `places` that has one (a page with none of its own
 * falls back on the showroom's), or null: the page then shows the featured carts. A database that
 * cannot answer (a page pre-rendered at build time) counts as no photo.
 */
export async function leadingDealerPhoto(db: Database, places: readonly DealerPlace[]): Promise<PhotoReference | null> {
  try {
    const rows = await db
      .select()
      .from(dealerPhotos)
      .where(inArray(dealerPhotos.place, [...places]));
    for (const place of places) {
      const images = rows.find((row) => row.place === place)?.images ?? [];
      const photo = images.map(parsePhotoReference).find((reference) => reference !== null);
      if (photo) return photo;
    }
    return null;
  } catch {
    return null;
  }
}
