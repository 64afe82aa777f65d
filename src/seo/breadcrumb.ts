import { absoluteUrl } from "./urls";

/**
 * The breadcrumb trail's JSON-LD, apart from the other builders: every page's meta uses it, and the
 * scripted pages' meta runs in the browser too, where the rest (the dealer, offers with their return
 * and delivery terms) would add kilobytes of script they never use.
 */
export interface Breadcrumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: readonly Breadcrumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}
