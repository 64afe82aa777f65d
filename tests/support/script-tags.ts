/**
 * The tags in a page's HTML that make the browser run or fetch a script: `<script>` elements and
 * module preloads. Structured data (`application/ld+json`) is data, not a script, so it is left out.
 */
export function scriptTagsIn(html: string): string[] {
  return (html.match(/<script\b[^>]*>|<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? []).filter(
    (tag) => !tag.includes("application/ld+json"),
  );
}
