import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";
import { parsePhotoReference } from "~/features/photos/photo-names";
import { pageMeta } from "~/seo/meta";
import { dealerId, offerTermsJsonLd } from "~/seo/structured-data";
import { absoluteUrl } from "~/seo/urls";
import type { Vehicle } from "./vehicle";
import { canonicalVehiclePath } from "./vehicle-address";
import { feedImageOf, socialCardOf, socialCardSize } from "./vehicle-images";
import { placeholderImage, shownImages, vehicleImage } from "./vehicle-status";

/**
 * The Product's pictures, first the same raster as the product feed (Google matches the two), then
 * the vehicle's other staff photos; one address alone, as before photos, when there is no other.
 */
function productImages(vehicle: Vehicle): string | string[] {
  const others = shownImages(vehicle)
    .slice(1)
    .filter((image) => parsePhotoReference(image));
  const images = [feedImageOf(vehicleImage(vehicle)), ...others].map((image) => absoluteUrl(image));
  return images.length === 1 ? images[0]! : images;
}

/** Search and social metadata for a vehicle page; the canonical address is /vehicle/{id}. */
export function vehicleMeta(vehicle: Vehicle): MetaDescriptor[] {
  const path = canonicalVehiclePath(vehicle.id);
  const availability = vehicle.inStock ? "in stock" : "out of stock";
  const condition = vehicle.isNew ? "new" : "used";
  const picture = vehicleImage(vehicle);
  const card = socialCardOf(picture);
  const cardAlt =
    picture === placeholderImage.src
      ? `${vehicle.name}: photo coming soon`
      : `${parsePhotoReference(picture) ? "Photo" : "Drawing"} of the ${vehicle.name}`;
  const product = {
    "@context": "https://schema.org",
    "@type": ["Product", "Vehicle"],
    name: vehicle.name,
    description: vehicle.description,
    sku: vehicle.id,
    brand: { "@type": "Brand", name: vehicle.brand },
    model: vehicle.category,
    image: productImages(vehicle),
    seatingCapacity: vehicle.specifications.seatingCapacity,
    vehicleConfiguration: vehicle.category,
    itemCondition: vehicle.isNew ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
    offers: {
      "@type": "Offer",
      url: absoluteUrl(path),
      price: vehicle.price,
      priceCurrency: "USD",
      availability: vehicle.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: vehicle.isNew ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
      seller: { "@type": "AutoDealer", "@id": dealerId, name: site.name },
      ...offerTermsJsonLd(vehicle),
    },
  };
  return [
    ...pageMeta({
      title: `${vehicle.name} for Sale`,
      description: `${vehicle.name}: ${vehicle.description}`.slice(0, 300),
      path,
      // A staff photo's crop or the drawing's card; the site card for an https photo, whose size is unknown.
      image: card ? { path: card, ...socialCardSize, alt: cardAlt } : undefined,
      type: "product",
      breadcrumb: vehicle.name,
      trail: [{ name: "Inventory", path: "/inventory" }],
      structuredData: [product],
    }),
    { property: "product:price:amount", content: String(vehicle.price) },
    { property: "product:price:currency", content: "USD" },
    { property: "product:availability", content: availability },
    { property: "product:condition", content: condition },
  ];
}
