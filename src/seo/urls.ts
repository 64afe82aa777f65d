import { site } from "~/config/site";

/** A site path as the full address search engines and social cards need. */
export function absoluteUrl(path: string): string {
  return new URL(path, site.website).toString();
}
