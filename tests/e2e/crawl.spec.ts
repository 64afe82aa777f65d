import { expect, test } from "@playwright/test";

// A visitor who follows every link from the home page never meets a broken one.
test("every internal link on every page answers 200 @desktop", async ({ request }) => {
  test.setTimeout(240_000);
  const queue = ["/"];
  const seen = new Set(queue);
  const broken: string[] = [];
  while (queue.length > 0 && seen.size < 500) {
    const path = queue.shift()!;
    const response = await request.get(path);
    if (response.status() !== 200) {
      broken.push(`${path} → ${response.status()}`);
      continue;
    }
    if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
    const html = await response.text();
    for (const [tag, href] of html.matchAll(/<a\b[^>]*\shref="([^"]+)"[^>]*>/g)) {
      if (!href || !href.startsWith("/") || href.startsWith("//")) continue;
      // The booking calendar's day and month links (rel=nofollow) are one page asked thousands of ways.
      if (/\srel="[^"]*\bnofollow\b/.test(tag)) continue;
      const target = href.replaceAll("&amp;", "&").split("#")[0]!;
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  console.log(`Crawled ${seen.size} internal addresses.`);
  expect(seen.size).toBeGreaterThan(100);
  expect(broken).toEqual([]);
});
