import { escapeMarkup } from "~/lib/escape-markup";
import { policyLinks, policyPath } from "~/features/policies/policy-list";
import { towns, townPath } from "~/features/towns/towns";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import { absoluteUrl } from "./meta";

/** Every page a search engine should index, apart from vehicles (they come from the catalogue). */
export const staticPagePaths: readonly string[] = [
  "/",
  "/inventory",
  "/rentals",
  "/services",
  "/about",
  "/showroom",
  "/contact",
  "/denago",
  "/evolution",
  "/financing",
  "/eco-impact",
  "/privacy",
  "/terms",
  ...policyLinks.map(policyPath),
  ...towns.map(townPath),
];

export function sitemapXml(vehicleIds: readonly string[]): string {
  const paths = [...staticPagePaths, ...vehicleIds.map(canonicalVehiclePath)];
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
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    `# Product feed: ${absoluteUrl("/feeds/products.xml")}`,
    "",
  ].join("\n");
}
