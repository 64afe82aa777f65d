import { describe, expect, it } from "vitest";
import { drawingRenditions, feedImageOf, socialCardOf, socialCardSize } from "~/features/catalogue/vehicle-images";
import { vehicleMeta } from "~/features/catalogue/vehicle-meta";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";

function metaContent(meta: ReturnType<typeof vehicleMeta>, property: string): unknown {
  const entry = meta.find((descriptor) => "property" in descriptor && descriptor.property === property);
  return entry && "content" in entry ? entry.content : undefined;
}

describe("raster renditions of the vehicle drawings", () => {
  it("names a card and a raster PNG for every drawing", () => {
    expect(drawingRenditions("/images/vehicles/cart-4-seat.svg")).toEqual({
      card: "/images/social/cart-4-seat.png",
      raster: "/images/vehicles/cart-4-seat.png",
    });
    expect(socialCardOf("/images/vehicles/placeholder.svg")).toBe("/images/social/placeholder.png");
    expect(socialCardSize).toEqual({ width: 1200, height: 630 });
  });

  it("has no card for pictures that are not drawings, so the site card stands in", () => {
    for (const image of [
      "https://cdn.example.org/photos/cart.jpg",
      "https://cdn.example.org/images/vehicles/cart-4-seat.svg",
      "/images/photos/cart.jpg",
      "/images/vehicles/Cart 4.svg",
    ]) {
      expect(drawingRenditions(image), image).toBeNull();
      expect(socialCardOf(image), image).toBeNull();
    }
  });

  it("gives a staff photo its own social crop, and its largest JPEG to the feed", () => {
    const photo = "/photos/denago-ev-city/0123456789abcdef-1200x1600.jpg";
    expect(socialCardOf(photo)).toBe("/photos/denago-ev-city/0123456789abcdef-social.jpg");
    expect(feedImageOf(photo)).toBe(photo);
    expect(drawingRenditions(photo)).toBeNull();
  });

  it("gives the feed a raster: a drawing's PNG, a raster photo as it is, else the placeholder's PNG", () => {
    expect(feedImageOf("/images/vehicles/cart-used.svg")).toBe("/images/vehicles/cart-used.png");
    expect(feedImageOf("https://cdn.example.org/cart.JPG?width=1200")).toBe(
      "https://cdn.example.org/cart.JPG?width=1200",
    );
    expect(feedImageOf("https://cdn.example.org/cart.webp")).toBe("https://cdn.example.org/cart.webp");
    expect(feedImageOf("https://cdn.example.org/cart.svg")).toBe("/images/vehicles/placeholder.png");
    expect(feedImageOf("https://cdn.example.org/photo/123")).toBe("/images/vehicles/placeholder.png");
  });

  it("declares a vehicle page's own 1200x630 card, or the site card for a photo", () => {
    const drawn = seedCatalogue.find((vehicle) => vehicle.images[0]?.endsWith(".svg"))!;
    const card = socialCardOf(drawn.images[0]!)!;
    const meta = vehicleMeta(drawn);
    expect(metaContent(meta, "og:image")).toBe(`https://www.example.com${card}`);
    expect(metaContent(meta, "og:image:width")).toBe("1200");
    expect(metaContent(meta, "og:image:height")).toBe("630");

    const photographed = vehicleMeta({ ...drawn, images: ["https://cdn.example.org/photos/cart.jpg"] });
    expect(metaContent(photographed, "og:image")).toBe("https://www.example.com/social-card.png");
    expect(metaContent(photographed, "og:image:width")).toBe("1200");
    expect(metaContent(photographed, "og:image:height")).toBe("630");
  });
});
