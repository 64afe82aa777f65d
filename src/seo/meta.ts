import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";
import { breadcrumbJsonLd, type Breadcrumb } from "./breadcrumb";
import { absoluteUrl } from "./urls";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the page's canonical address, e.g. "/rentals". */
  path: string;
  /** The page's own social card, a PNG or JPEG of the size it declares; the site card when omitted. */
  image?: SocialImage;
  type?: "website" | "product" | "article";
  /** The page's name in the breadcrumb trail, which always starts at Home and ends at `path`. */
  breadcrumb?: string;
  /** Crumbs between Home and this page, e.g. Inventory above a vehicle. */
  trail?: readonly Breadcrumb[];
  /** JSON-LD objects describing the page. */
  structuredData?: readonly object[];
}

/** An og:image: a raster (Facebook and X show no SVG) whose declared size is the file's. */
export interface SocialImage {
  path: string;
  width: number;
  height: number;
  /** What the card shows, for people who cannot see it (og:image:alt and twitter:image:alt). */
  alt: string;
}

/** The site card (public/social-card.png, made from scripts/social-card.html, whose words these are). */
export const defaultSocialImage: SocialImage = {
  path: "/social-card.png",
  width: 1200,
  height: 630,
  alt: `${site.name}: electric golf cart sales, rentals, service and financing in ${site.county}, PA`,
};

/** Title, description, canonical link, Open Graph, Twitter card and JSON-LD for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(input.path);
  const title = input.title.includes(site.name) ? input.title : `${input.title} | ${site.name}`;
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    ...socialCardMeta(input.image),
    ...structuredData(input).map((data) => ({ "script:ld+json": data })),
  ];
}

/**
 * The social card's tags alone: what a link to the page shows when it is pasted into a message,
 * the site card unless the page has its own. Private pages (a booking's, an alert's) carry it too,
 * since their links are the ones customers forward.
 */
export function socialCardMeta(card: SocialImage = defaultSocialImage): MetaDescriptor[] {
  const image = absoluteUrl(card.path);
  return [
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(card.width) },
    { property: "og:image:height", content: String(card.height) },
    { property: "og:image:alt", content: card.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: card.alt },
  ];
}

function structuredData(input: PageMetaInput): readonly object[] {
  if (!input.breadcrumb) return input.structuredData ?? [];
  const trail = [{ name: "Home", path: "/" }, ...(input.trail ?? []), { name: input.breadcrumb, path: input.path }];
  return [breadcrumbJsonLd(trail), ...(input.structuredData ?? [])];
}
