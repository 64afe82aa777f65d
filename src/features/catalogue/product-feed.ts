import { escapeMarkup } from "~/lib/escape-markup";
import { site } from "~/config/site";
import { absoluteUrl } from "~/seo/urls";
import { golfCartsCategory } from "./google-product-taxonomy";
import type { Vehicle } from "./vehicle";
import { canonicalVehiclePath } from "./vehicle-address";
import { roadClassOf } from "./vehicle-facts";
import { feedImageOf } from "./vehicle-images";
import { placeholderImage, vehicleImage } from "./vehicle-status";

/**
 * Capitalised words a feed title keeps as they are. Google's editorial rules refuse titles in
 * capitals, so every other word written in capitals alone ("EVOLUTION", "RANGER", "MAX") is put in
 * title case; a word with a digit or other sign in it ("D5", "GT4", "2+2", "(2019)") is a model
 * code and stays. Add an acronym here when a new model name has one.
 */
export const feedTitleAcronyms: readonly string[] = ["EV", "XL", "XXL", "RXV", "TXT", "EZ-GO", "LSV", "UTV"];

const shouted = /^[A-Z]+(?:-[A-Z]+)*$/;

/** A vehicle's name as a feed title: "EVOLUTION D5 RANGER 4" becomes "Evolution D5 Ranger 4". */
export function feedTitle(name: string): string {
  return name
    .split(" ")
    .map((word) => {
      if (!shouted.test(word) || feedTitleAcronyms.includes(word)) return word;
      return word
        .toLowerCase()
        .replace(/(^|-)([a-z])/g, (_, start: string, letter: string) => start + letter.toUpperCase());
    })
    .join(" ");
}

const placeholderRaster = feedImageOf(placeholderImage.src);

/**
 * The picture Merchant Center gets for a vehicle, or null when it has none Merchant Center
 * accepts: the "Photo coming soon" placeholder gets an item disapproved, so such a vehicle is left
 * out of the feed until staff add a photo.
 */
export function feedPictureOf(vehicle: Pick<Vehicle, "images">): string | null {
  const picture = feedImageOf(vehicleImage(vehicle));
  return picture === placeholderRaster ? null : picture;
}

/**
 * Whether Shopping ads may show the vehicle at all. Google's "Unsupported Shopping content" policy
 * (https://support.google.com/merchants/answer/6150006) refuses "motor or sail-powered vehicles
 * used for transport of people on public access ways" (cars, trucks, motorcycles, mopeds, …),
 * except cars, trucks and RVs in its separate Vehicle ads program. A street-legal LSV is such a
 * vehicle, so it stays out of this feed; a golf cart, which Pennsylvania keeps off its roads
 * (75 Pa.C.S. § 77A01), is what the feed's Golf Carts category is for (docs/decisions.md).
 */
export function allowedInShoppingAds(vehicle: Pick<Vehicle, "roadClass">): boolean {
  return roadClassOf(vehicle) !== "lsv";
}

/** The vehicles Shopping ads allow that the feed leaves out, for want of a picture. */
export function leftOutOfFeed<T extends Pick<Vehicle, "images" | "roadClass">>(vehicles: readonly T[]): T[] {
  return vehicles.filter((vehicle) => allowedInShoppingAds(vehicle) && feedPictureOf(vehicle) === null);
}

/** What the staff's catalogue commands say about the feed, or null when every vehicle is in it. */
export function feedLeftOutNotice(
  vehicles: readonly Pick<Vehicle, "id" | "name" | "images" | "roadClass">[],
): string | null {
  const left = leftOutOfFeed(vehicles);
  const lsvs = vehicles.filter((vehicle) => !allowedInShoppingAds(vehicle)).length;
  const notice: string[] = [];
  if (left.length > 0) {
    notice.push(
      `${left.length} vehicle(s) have no photo Google Merchant Center accepts, so the product feed (/feeds/products.xml)`,
      "leaves them out until they have one:",
      ...left.map((vehicle) => `  ${vehicle.id}  ${vehicle.name}`),
      "Add a photo with: npm run catalogue -- photos add ID FILE...",
    );
  }
  if (lsvs > 0) {
    notice.push(
      `${lsvs} street-legal LSV(s) are left out of the product feed: Google's Shopping ads do not allow vehicles for public roads.`,
    );
  }
  return notice.length > 0 ? notice.join("\n") : null;
}

function element(name: string, value: string | number): string {
  return `<${name}>${escapeMarkup(String(value))}</${name}>`;
}

/** The catalogue as a Google Merchant Center feed (RSS 2.0 with the g: namespace). */
export function productFeedXml(vehicles: readonly Vehicle[]): string {
  const items = vehicles.flatMap((vehicle) => {
    if (!allowedInShoppingAds(vehicle)) return [];
    const picture = feedPictureOf(vehicle);
    if (picture === null) return [];
    return [
      "<item>",
      element("g:id", vehicle.id),
      element("g:title", feedTitle(vehicle.name)),
      element("g:description", vehicle.description),
      element("g:link", absoluteUrl(canonicalVehiclePath(vehicle.id))),
      element("g:image_link", absoluteUrl(picture)),
      element("g:availability", vehicle.inStock ? "in_stock" : "out_of_stock"),
      element("g:condition", vehicle.isNew ? "new" : "used"),
      element("g:price", `${vehicle.price.toFixed(2)} USD`),
      element("g:brand", vehicle.brand),
      element("g:google_product_category", golfCartsCategory.id),
      element("g:product_type", `Golf Carts > ${vehicle.brand} > ${vehicle.category}`),
      element("g:identifier_exists", "no"),
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    element("title", `${site.name} inventory`),
    element("link", site.website),
    element("description", site.tagline),
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
