import { expect, type Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the page's `<main>`. Until then a hydrated page is its plain
 * server HTML, where a click is a document load or a form post (which works, by design). A test of
 * what the page's script does waits for this first; without it a slow machine quietly turns it into
 * a test of the plain page, and it fails only sometimes.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .locator("main")
          .first()
          // React keeps its props on the elements it has hydrated, under a `__reactProps$` key.
          .evaluate((main) => Object.keys(main).some((key) => key.startsWith("__reactProps$"))),
      { message: `${new URL(page.url()).pathname} is hydrated` },
    )
    .toBe(true);
}
