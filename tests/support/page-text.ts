import { expect, type APIRequestContext } from "@playwright/test";

/** A page's markup as the words a visitor reads: tags gone, entities read, white space folded. */
export function visibleWords(html: string): string {
  return (
    html
      // React marks the seams between text nodes with <!-- -->: they are not spaces a visitor sees.
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/\s+/g, " ")
  );
}

/** The words of the page at `path`, which must answer 200. */
export async function pageWords(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return visibleWords(await response.text());
}
