import { describe, expect, it } from "vitest";
import { productFeedXml } from "~/features/catalogue/product-feed";
import { seedCatalogue } from "../../scripts/lib/seed-catalogue";

describe("the Merchant Center product feed", () => {
  const xml = productFeedXml(seedCatalogue);

  it("lists every vehicle as a Golf Carts item with price, availability and condition", () => {
    expect(xml.match(/<item>/g)).toHaveLength(seedCatalogue.length);
    expect(xml).toContain("<g:google_product_category>3101</g:google_product_category>");
    expect(xml).toContain("<g:id>denago-ev-city</g:id>");
    expect(xml).toMatch(/<g:price>11995\.00 USD<\/g:price>/);
    expect(xml).toContain("<g:availability>out_of_stock</g:availability>");
    expect(xml).toContain("<g:condition>used</g:condition>");
    expect(xml).toContain("<g:link>https://www.example.com/vehicle/evolution-d6-max-xt4</g:link>");
  });

  it("links every item to a raster image Merchant Center accepts, never an SVG", () => {
    const links = [...xml.matchAll(/<g:image_link>([^<]*)<\/g:image_link>/g)].map((match) => match[1]!);
    expect(links).toHaveLength(seedCatalogue.length);
    for (const link of links) expect(link).toMatch(/^https:\/\/www\.example\.com\/.+\.(?:png|jpe?g)$/);
    expect(xml).toContain("<g:image_link>https://www.example.com/images/vehicles/placeholder.png</g:image_link>");
  });

  it("escapes text so a description cannot break the XML", () => {
    const [first] = seedCatalogue;
    const feed = productFeedXml([{ ...first!, description: `Fits <4> & "more"` }]);
    expect(feed).toContain("Fits &#60;4&#62; &#38; &#34;more&#34;");
  });
});
