import { expect, type Page } from "@playwright/test";

/**
 * Resolves once the page's island (its one script, a `*.island.ts` beside its feature) has made it live.
 * Until then a scripted page is its plain server HTML, where a click is a document load or a form
 * post (which works, by design). A test of what the page's script does waits for this first;
 * without it a slow machine quietly turns it into a test of the plain page, and it fails only
 * sometimes.
 */
export async function waitForIsland(page: Page): Promise<void> {
  await expect
    .poll(
      // src/ui/island-ready.ts sets it once the island's listeners are attached.
      () => page.evaluate(() => document.documentElement.dataset.island === "live"),
      { message: `${new URL(page.url()).pathname} is live` },
    )
    .toBe(true);
}
