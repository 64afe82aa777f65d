import { describe, expect, it } from "vitest";
import { googleProductTaxonomy, taxonomyCategories } from "~/features/catalogue/google-product-taxonomy";
import { feedLeftOutNotice, feedTitle, productFeedXml } from "~/features/catalogue/product-feed";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";

const itemsOf = (xml: string) => [...xml.matchAll(/<item>(.*?)<\/item>/g)].map((match) => match[1]!);
const valueOf = (item: string, name: string) => new RegExp(`<g:${name}>([^<]*)</g:${name}>`).exec(item)?.[1];

/** The seed's street-legal LSVs, which Shopping ads do not allow, and its golf carts, which they do. */
const lsvs = seedCatalogue.filter((vehicle) => vehicle.roadClass === "lsv");
const golfCarts = seedCatalogue.filter((vehicle) => vehicle.roadClass !== "lsv");
/** The golf carts without a picture: the "Photo coming soon" placeholder would stand in for one. */
const withoutPicture = golfCarts.filter((vehicle) => vehicle.images.length === 0);
/** The whole seed as golf carts, to see the feed's items for the new models too. */
const allAsGolfCarts = seedCatalogue.map((vehicle) => ({ ...vehicle, roadClass: "golf-cart" as const }));

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

  it("lists every golf cart that has a picture, with price, availability and condition", () => {
    expect(withoutPicture.length).toBeGreaterThan(0);
    expect(xml.match(/<item>/g)).toHaveLength(golfCarts.length - withoutPicture.length);
    expect(xml).toContain("<g:id>club-car-onward-2021</g:id>");
    expect(xml).toContain("<g:condition>used</g:condition>");
    expect(xml).toContain("<g:link>https://www.example.com/vehicle/club-car-onward-2021</g:link>");
    const models = productFeedXml(allAsGolfCarts);
    expect(models).toContain("<g:id>denago-ev-city</g:id>");
    expect(models).toMatch(/<g:price>11995\.00 USD<\/g:price>/);
    expect(models).toContain("<g:availability>out_of_stock</g:availability>");
    expect(models).toContain("<g:condition>new</g:condition>");
  });

  it("leaves out every street-legal LSV, which Shopping ads do not allow, and tells staff how many", () => {
    expect(lsvs.length).toBeGreaterThan(0);
    for (const vehicle of lsvs) expect(xml).not.toContain(`<g:id>${vehicle.id}</g:id>`);
    expect(feedLeftOutNotice(seedCatalogue)).toContain(
      `${lsvs.length} street-legal LSV(s) are left out of the product feed: Google's Shopping ads do not allow vehicles for public roads.`,
    );
    const [lsv] = lsvs;
    expect(productFeedXml([lsv!])).not.toContain("<item>");
    expect(productFeedXml([{ ...lsv!, roadClass: "golf-cart" }])).toContain(`<g:id>${lsv!.id}</g:id>`);
  });

  it("links every item to a raster image Merchant Center accepts, never an SVG or the placeholder", () => {
    const links = [...xml.matchAll(/<g:image_link>([^<]*)<\/g:image_link>/g)].map((match) => match[1]!);
    expect(links).toHaveLength(golfCarts.length - withoutPicture.length);
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
    expect(feedLeftOutNotice(seedCatalogue)).toMatch(/^\d+ vehicle\(s\) have no photo/);
  });

  it("titles items in title case, keeping model codes and acronyms, as Google's editorial rules ask", () => {
    const models = productFeedXml(allAsGolfCarts);
    for (const item of itemsOf(models)) {
      const title = valueOf(item, "title")!;
      expect(title, title).not.toMatch(/\b[A-Z]{4,}\b/);
    }
    expect(models).toContain("<g:title>Evolution D5 Ranger 4</g:title>");
    expect(models).toContain("<g:title>Denago EV Nomad XL</g:title>");
    expect(feedTitle("EVOLUTION D6 MAX GT4")).toBe("Evolution D6 Max GT4");
    expect(feedTitle("EVOLUTION D5 RANGER 2+2")).toBe("Evolution D5 Ranger 2+2");
    expect(feedTitle("EZ-GO RXV Elite (2019)")).toBe("EZ-GO RXV Elite (2019)");
  });

  it("escapes text so a description cannot break the XML", () => {
    const [first] = golfCarts;
    const feed = productFeedXml([{ ...first!, description: `Fits <4> & "more"` }]);
    expect(feed).toContain("Fits &#60;4&#62; &#38; &#34;more&#34;");
  });
});
