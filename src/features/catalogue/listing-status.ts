/** draft and hidden are staff-only; for-sale and sold are listed (migration 0022). */
export const listingStatuses = ["draft", "for-sale", "sold", "hidden"] as const;
export type ListingStatus = (typeof listingStatuses)[number];
/** What public pages, feeds, the sitemap and the API may ever show. */
export const publicStatuses = ["for-sale", "sold"] as const satisfies readonly ListingStatus[];
