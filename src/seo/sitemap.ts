import { staffPathPrefix } from "~/config/pages";
import { escapeMarkup } from "~/lib/escape-markup";
import { absoluteUrl } from "./urls";

/** sitemap.xml for the given site paths. */
export function sitemapXml(paths: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `<url><loc>${escapeMarkup(absoluteUrl(path))}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    // Behind Cloudflare Access: a crawler gets only the sign-in page or a refusal.
    `Disallow: ${staffPathPrefix}`,
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    `# Product feed: ${absoluteUrl("/feeds/products.xml")}`,
    "",
  ].join("\n");
}
