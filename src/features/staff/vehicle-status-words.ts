import type { ListingStatus } from "~/features/catalogue/listing-status";

/** A vehicle's status as the staff pages say it. */
export const statusWords: Record<ListingStatus, string> = {
  draft: "draft",
  "for-sale": "for sale",
  sold: "sold",
  hidden: "hidden",
};
