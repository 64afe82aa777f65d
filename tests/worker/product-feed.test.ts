import { describe, expect, it } from "vitest";
import { googleProductTaxonomy, taxonomyCategories } from "~/features/catalogue/google-product-taxonomy";
import { feedLeftOutNotice, feedTitle, productFeedXml } from "~/features/catalogue/product-feed";
import { seedCatalogue } from "../../scripts/lib/seed-catalogue";

const itemsOf = (xml: string) => [...xml.matchAll(/<item>(.*?)<\/item>/g)].map((match) => match[1]!);
const valueOf = (item: string, name: string) => new RegExp(`<g:${name}>([^<]*)</g:${name}>`).exec(item)?.[1];

/** The seed's carts without a picture: the "Photo coming soon" placeholder would stand in for one. */
const withoutPicture = seedCatalogue.filter((vehicle) => vehicle.images.length === 0);

describe("the Merchant Center product feed", () => {
  const xml = productFeedXml(seedCatalogue);

  it("files every item under Golf Carts in Google's product taxonomy, read by its name", () => {
    expect(googleProductTaxonomy.version).toBe("2021-09-21");
    const items = itemsOf(xml);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const id = Number(valueOf(item, "google_product_category"));
      const category = taxonomyCategories.find((each) => each.id === id);
      expect(category?.name, `${valueOf(item, "id")} is filed under ${id}`).toBe(
        "Vehicles & Parts > Vehicles > Motor Vehicles > Golf Carts",
      );
    }
  });

  it("lists every vehicle that has a picture, with price, availability and condition", () => {
    expect(withoutPicture.length).toBeGreaterThan(0);
    expect(xml.match(/<item>/g)).toHaveLength(seedCatalogue.length - withoutPicture.length);
    expect(xml).toContain("<g:id>denago-ev-city</g:id>");
    expect(xml).toMatch(/<g:price>11995\.00 USD<\/g:price>/);
    expect(xml).toContain("<g:availability>out_of_stock</g:availability>");
    expect(xml).toContain("<g:condition>used</g:condition>");
    expect(xml).toContain("<g:link>https://www.example.com/vehicle/evolution-d6-max-xt4</g:link>");
  });

  it("links every item to a raster image Merchant Center accepts, never an SVG or the placeholder", () => {
    const links = [...xml.matchAll(/<g:image_link>([^<]*)<\/g:image_link>/g)].map((match) => match[1]!);
    expect(links).toHaveLength(seedCatalogue.length - withoutPicture.length);
    for (const link of links) expect(link).toMatch(/^https:\/\/www\.example\.com\/.+\.(?:png|jpe?g)$/);
    expect(xml).not.toContain("placeholder");
  });

  it("leaves out a cart until it has a picture, and tells staff which", () => {
    for (const vehicle of withoutPicture) expect(xml).not.toContain(`<g:id>${vehicle.id}</g:id>`);
    const notice = feedLeftOutNotice(seedCatalogue)!;
    for (const vehicle of withoutPicture) expect(notice).toContain(`${vehicle.id}  ${vehicle.name}`);
    expect(notice).toContain("npm run catalogue -- photos add");
    const [first] = withoutPicture;
    const withPhoto = { ...first!, images: ["/photos/x/0123456789abcdef-1600x1200.jpg"] };
    expect(productFeedXml([withPhoto])).toContain(`<g:id>${first!.id}</g:id>`);
    expect(feedLeftOutNotice([withPhoto])).toBeNull();
  });

  it("titles items in title case, keeping model codes and acronyms, as Google's editorial rules ask", () => {
    for (const item of itemsOf(xml)) {
      const title = valueOf(item, "title")!;
      expect(title, title).not.toMatch(/\b[A-Z]{4,}\b/);
    }
    expect(xml).toContain("<g:title>Evolution D5 Ranger 4</g:title>");
    expect(xml).toContain("<g:title>Denago EV Nomad XL</g:title>");
    expect(feedTitle("EVOLUTION D6 MAX GT4")).toBe("Evolution D6 Max GT4");
    expect(feedTitle("EVOLUTION D5 RANGER 2+2")).toBe("Evolution D5 Ranger 2+2");
    expect(feedTitle("EZ-GO RXV Elite (2019)")).toBe("EZ-GO RXV Elite (2019)");
  });

  it("escapes text so a description cannot break the XML", () => {
    const [first] = seedCatalogue;
    const feed = productFeedXml([{ ...first!, description: `Fits <4> & "more"` }]);
    expect(feed).toContain("Fits &#60;4&#62; &#38; &#34;more&#34;");
  });
});
