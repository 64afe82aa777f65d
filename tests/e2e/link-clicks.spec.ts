import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { isIslandAddress, pages } from "~/config/pages";
import { waitForIsland } from "../support/island";

/**
 * Every header, drawer and footer link, clicked the way a visitor clicks it: from a page scrolled
 * to the bottom, with JavaScript on and again with it off. Each click must land on the page a typed
 * address shows (same heading, never the 404 screen), scrolled to the top, with the header marking
 * where the visitor is. With JavaScript on the clicks start from a page with an island, whose script
 * runs there: every link, into any page, must still load a new document (no page runs the router).
 */

const notFoundHeading = "404 Page Not Found";
/** A page with an island and a plain one. */
const islandStart = "/contact";
const plainStart = "/about";
const islandPaths = pages.filter((page) => page.island).map((page) => page.path);

function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 0) < 1024;
}

/** The heading and final address a direct request for `href` gets, redirects followed. */
async function expectedLanding(request: APIRequestContext, href: string) {
  const response = await request.get(href);
  expect(response.status(), `${href} answers`).toBe(200);
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(await response.text())?.[1] ?? "";
  const text = heading
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .trim();
  return { heading: text, path: new URL(response.url()).pathname };
}

async function hrefsIn(scope: Locator): Promise<string[]> {
  const hrefs = await scope
    .locator("a[href^='/']")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  return [...new Set(hrefs)];
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
}

/** Where the header's links are at this width: the bar (with its menus) or the phone drawer. */
async function revealHeaderLink(page: Page, href: string): Promise<Locator> {
  if (isPhone(page)) {
    await page.getByText("Menu", { exact: true }).click();
    return page.getByRole("navigation", { name: "Mobile" }).locator(`a[href="${href}"]`);
  }
  const nav = page.getByRole("navigation", { name: "Main" });
  const link = nav.locator(`a[href="${href}"]`);
  if (!(await link.isVisible())) {
    const menu = nav.locator("details", { has: page.locator(`a[href="${href}"]`) });
    await menu.locator("summary").click();
  }
  return link;
}

/** Counts the documents the browser requests: a page rendered in place by the app makes none. */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

/** A footer link, after opening its folded group as a visitor on a phone does (wide screens show it open). */
async function revealFooterLink(page: Page, href: string): Promise<Locator> {
  const link = page.locator("footer").locator(`a[href="${href}"]`);
  if (!(await link.isVisible())) {
    await page
      .locator("footer details", { has: page.locator(`a[href="${href}"]`) })
      .locator("summary")
      .click();
  }
  return link;
}

async function clickFooterLink(page: Page, request: APIRequestContext, href: string, from: string) {
  await clickAndCheck(page, request, href, () => revealFooterLink(page, href), from);
}

async function clickAndCheck(
  page: Page,
  request: APIRequestContext,
  href: string,
  reveal: () => Promise<Locator>,
  from: string,
) {
  const expected = await expectedLanding(request, href);
  // A chain of clicks (the towns) goes on from the page the last click landed on.
  if (new URL(page.url()).pathname !== from) await page.goto(from);
  // With JavaScript on the clicks start from an island page, with its script live, so a script that
  // took over its links would be caught.
  if (isIslandAddress(from)) await waitForIsland(page);
  await scrollToBottom(page);
  const documentLoads = countDocumentLoads(page);
  const link = await reveal();
  await link.click();
  await expect(page, `${href} lands on ${expected.path}`).toHaveURL((url) => url.pathname === expected.path);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading, href).toHaveText(expected.heading);
  await expect(heading, href).not.toHaveText(notFoundHeading);
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: `${href} starts at the top` }).toBe(0);
  expect(documentLoads(), `${href} loads a new document`).toBeGreaterThan(0);
  const headerLink = page.locator(`header nav[aria-label=Main] a[href="${expected.path}"]`);
  if ((await headerLink.count()) > 0)
    await expect(headerLink, `${href} is marked current`).toHaveAttribute("aria-current", "page");
}

for (const javaScriptEnabled of [true, false]) {
  const startPage = javaScriptEnabled ? islandStart : plainStart;
  test.describe(`clicking links with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("header links (menus or drawer)", async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.goto(startPage);
      // Read from the markup: the drawer and the menus are closed until a visitor opens them.
      const hrefs = await hrefsIn(
        page.locator(isPhone(page) ? "header nav[aria-label=Mobile]" : "header nav[aria-label=Main]"),
      );
      expect(hrefs.length).toBeGreaterThanOrEqual(14);
      for (const href of hrefs) {
        await clickAndCheck(page, request, href, () => revealHeaderLink(page, href), startPage);
      }
    });

    // Like the towns below: one footer at every width, so each link is clicked with JavaScript on
    // at desktop width and off at phone width.
    test(`footer links to brands, policies and documents ${javaScriptEnabled ? "@desktop" : "@phone"}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await page.goto(startPage);
      const footer = page.locator("footer");
      const hrefs = (await hrefsIn(footer)).filter((href) => !href.endsWith("-golf-carts"));
      expect(hrefs).toEqual(expect.arrayContaining(["/privacy-policy", "/terms-of-service", "/evolution"]));
      for (const href of hrefs) await clickFooterLink(page, request, href, startPage);
    });

    test("home's featured carts open their vehicle pages", async ({ page, request }) => {
      await page.goto("/");
      const featured = page.locator("section[aria-labelledby=featured-title]");
      const hrefs = await hrefsIn(featured);
      expect(hrefs).toHaveLength(3);
      for (const href of hrefs) {
        expect(href).toMatch(/^\/vehicle\/[a-z0-9-]+$/);
        await clickAndCheck(page, request, href, async () => featured.locator(`a[href="${href}"]`), "/");
      }
    });

    // The 35 town links are one list in one footer at every width: clicked with JavaScript on at
    // desktop width and off at phone width, each is clicked in both modes and at both widths, for
    // half the clicks of all four combinations. Each town is clicked from the footer of the town
    // page the click before landed on (the first from the start page), as a visitor going from
    // town to town would: one page load a town rather than two.
    test(`footer links to every town page ${javaScriptEnabled ? "@desktop" : "@phone"}`, async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.goto(startPage);
      const hrefs = (await hrefsIn(page.locator("footer"))).filter((href) => href.endsWith("-golf-carts"));
      expect(hrefs).toHaveLength(35);
      let from = startPage;
      for (const href of hrefs) {
        await clickFooterLink(page, request, href, from);
        from = new URL(page.url()).pathname;
      }
    });

    test("Back returns to where the visitor was, from a plain page and from an island page", async ({ page }) => {
      for (const from of [plainStart, islandStart]) {
        await page.goto(from);
        await scrollToBottom(page);
        const link = await revealFooterLink(page, "/policies/return-policy");
        await link.click();
        await expect(page).toHaveURL(/\/policies\/return-policy$/);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        await page.goBack();
        await expect(page).toHaveURL((url) => url.pathname === from);
        // On a phone the link sits in a folded group: a page the browser loads anew (rather than
        // restoring it) has the group folded again, so the visitor is back at the group they opened.
        const chosen = (await link.isVisible())
          ? link
          : page
              .locator("footer details", { has: page.locator('a[href="/policies/return-policy"]') })
              .locator("summary");
        await expect(chosen, `Back to ${from} shows the link the visitor chose, or its group`).toBeInViewport();
      }
    });
  });
}

test.describe("links in the island pages' own content, with JavaScript on", () => {
  test("every link into a page without an island loads it as a document", async ({ page, request }) => {
    test.setTimeout(240_000);
    let clicked = 0;
    for (const from of islandPaths) {
      await page.goto(from);
      // Links back into an island page are the island's own (the booking page's months and carts
      // re-render in place): its own tests click those.
      const hrefs = (await hrefsIn(page.locator("main"))).filter((href) => !isIslandAddress(href));
      for (const href of hrefs) {
        await clickAndCheck(
          page,
          request,
          href,
          async () => page.locator("main").locator(`a[href="${href}"]`).first(),
          from,
        );
        clicked += 1;
      }
    }
    // The booking page links its rental policy and the rentals page, at least.
    expect(clicked).toBeGreaterThan(1);
  });
});
