import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { site } from "~/config/site";
import { pageTypes } from "../support/page-types";

/**
 * Facebook and X show no SVG cards, and Merchant Center takes no SVG: every page's og:image must be
 * a PNG or JPEG of the size the page declares, and every feed image a raster the server answers.
 */

const declaredCard = { width: 1200, height: 630 };
const feedImageTypes = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/bmp", "image/tiff"];

/** The site's absolute address (https://www.example.com/...) as a path the local server answers. */
function localPath(address: string): string {
  expect(address.startsWith(`${site.website}/`), `${address} is not on ${site.website}`).toBe(true);
  return address.slice(site.website.length);
}

function metaProperty(html: string, property: string): string | undefined {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    if (tag.includes(`property="${property}"`)) return /content="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&");
  }
  return undefined;
}

/** A `<meta name=...>` tag's content (X's card tags are named, Open Graph's are properties). */
function metaName(html: string, name: string): string | undefined {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    if (tag.includes(`name="${name}"`)) return /content="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&");
  }
  return undefined;
}

/** Width and height read from a PNG's IHDR chunk or a JPEG's start-of-frame segment. */
function pixelSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    expect(bytes.toString("latin1", 12, 16)).toBe("IHDR");
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  expect(bytes.readUInt16BE(0), "neither a PNG nor a JPEG").toBe(0xffd8);
  for (let offset = 2; offset + 9 < bytes.length;) {
    const marker = bytes.readUInt16BE(offset);
    const isFrame = marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker);
    if (isFrame) return { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  throw new Error("JPEG without a start-of-frame segment");
}

async function checkSocialCard(request: APIRequestContext, pagePath: string, checked: Map<string, string>) {
  const response = await request.get(pagePath);
  const html = await response.text();
  const image = metaProperty(html, "og:image");
  // The not-found screen is no page to share; every page that is declares a card.
  if (response.status() === 404 && image === undefined) return;
  expect(image, `${pagePath} has no og:image`).toBeTruthy();
  const declared = {
    width: Number(metaProperty(html, "og:image:width")),
    height: Number(metaProperty(html, "og:image:height")),
  };
  expect(declared, `${pagePath} declares the card size`).toEqual(declaredCard);
  expect(metaProperty(html, "twitter:image") ?? image, pagePath).toBe(image);
  // Screen readers in Facebook and X read the card's alt text; without it they say "image".
  const alt = metaProperty(html, "og:image:alt");
  expect(alt, `${pagePath} has no og:image:alt`).toBeTruthy();
  expect(metaName(html, "twitter:image:alt"), `${pagePath} twitter:image:alt`).toBe(alt);
  if (checked.has(image!)) return;
  const card = await request.get(localPath(image!));
  expect(card.status(), image).toBe(200);
  expect(["image/png", "image/jpeg"], `${image} content type`).toContain(card.headers()["content-type"]);
  expect(pixelSize(await card.body()), `${image} (declared by ${pagePath})`).toEqual(declared);
  checked.set(image!, pagePath);
}

test("every page's og:image is a PNG or JPEG of the 1200x630 it declares @desktop", async ({ request }) => {
  const checked = new Map<string, string>();
  for (const { path } of pageTypes) await checkSocialCard(request, path, checked);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  const vehiclePages = [...sitemap.matchAll(/<loc>([^<]*\/vehicle\/[^<]*)<\/loc>/g)].map((match) =>
    localPath(match[1]!),
  );
  expect(vehiclePages.length).toBeGreaterThan(0);
  for (const path of vehiclePages) await checkSocialCard(request, path, checked);
  // The vehicles have their own cards, one per drawing, beside the site card the other pages use.
  expect([...checked.keys()].filter((image) => image.includes("/images/social/")).length).toBeGreaterThan(1);
});

test("the site card's alt text says what the card says @desktop", async ({ request }) => {
  const card = readFileSync(path.resolve(import.meta.dirname, "../../scripts/social-card.html"), "utf8");
  const words = [...card.matchAll(/<(h1|p)>([^<]*)<\/\1>/g)].map((match) => match[2]!.trim());
  const alt = metaProperty(await (await request.get("/about")).text(), "og:image:alt")!;
  expect(words.length).toBeGreaterThan(0);
  for (const text of words) expect(alt.toLowerCase(), alt).toContain(text.toLowerCase());
});

test("every image of the product feed is a raster Merchant Center accepts @desktop", async ({ request }) => {
  const feed = await (await request.get("/feeds/products.xml")).text();
  const links = [...feed.matchAll(/<g:image_link>([^<]*)<\/g:image_link>/g)].map((match) =>
    match[1]!.replaceAll("&#38;", "&"),
  );
  expect(links.length).toBeGreaterThan(0);
  for (const link of new Set(links)) {
    const response = await request.get(localPath(link));
    expect(response.status(), link).toBe(200);
    expect(feedImageTypes, `${link} content type`).toContain(response.headers()["content-type"]);
  }
});
