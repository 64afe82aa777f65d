import { escapeMarkup } from "~/lib/escape-markup";
import { site } from "~/config/site";
import { absoluteUrl } from "~/seo/urls";
import type { Vehicle } from "./vehicle";
import { canonicalVehiclePath } from "./vehicle-address";
import { feedImageOf } from "./vehicle-images";
import { vehicleImage } from "./vehicle-status";

/** Google's product taxonomy: Vehicles & Parts > Vehicles > Motor Vehicles > Golf Carts. */
export const googleGolfCartCategory = 3101;

function element(name: string, value: string | number): string {
  return `<${name}>${escapeMarkup(String(value))}</${name}>`;
}

/** The catalogue as a Google Merchant Center feed (RSS 2.0 with the g: namespace). */
export function productFeedXml(vehicles: readonly Vehicle[]): string {
  const items = vehicles.map((vehicle) =>
    [
      "<item>",
      element("g:id", vehicle.id),
      element("g:title", vehicle.name),
      element("g:description", vehicle.description),
      element("g:link", absoluteUrl(canonicalVehiclePath(vehicle.id))),
      element("g:image_link", absoluteUrl(feedImageOf(vehicleImage(vehicle)))),
      element("g:availability", vehicle.inStock ? "in_stock" : "out_of_stock"),
      element("g:condition", vehicle.isNew ? "new" : "used"),
      element("g:price", `${vehicle.price.toFixed(2)} USD`),
      element("g:brand", vehicle.brand),
      element("g:google_product_category", googleGolfCartCategory),
      element("g:product_type", `Golf Carts > ${vehicle.brand} > ${vehicle.category}`),
      element("g:identifier_exists", "no"),
      "</item>",
    ].join(""),
  );
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
