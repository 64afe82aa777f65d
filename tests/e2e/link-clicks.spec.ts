import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/**
 * Every header, drawer and footer link, clicked the way a visitor clicks it: from a page scrolled
 * to the bottom, with JavaScript on and again with it off. Each click must land on the page a typed
 * address shows (same heading, never the 404 screen), scrolled to the top.
 */

const notFoundHeading = "404 Page Not Found";
const startPage = "/about";

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

async function clickAndCheck(
  page: Page,
  request: APIRequestContext,
  href: string,
  reveal: () => Promise<Locator>,
  from = startPage,
) {
  const expected = await expectedLanding(request, href);
  await page.goto(from);
  await scrollToBottom(page);
  const link = await reveal();
  await link.click();
  await expect(page, `${href} lands on ${expected.path}`).toHaveURL((url) => url.pathname === expected.path);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading, href).toHaveText(expected.heading);
  await expect(heading, href).not.toHaveText(notFoundHeading);
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: `${href} starts at the top` }).toBe(0);
}

for (const javaScriptEnabled of [true, false]) {
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
      for (const href of hrefs) await clickAndCheck(page, request, href, () => revealHeaderLink(page, href));
    });

    test("footer links to brands, policies and documents", async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.goto(startPage);
      const footer = page.locator("footer");
      const hrefs = (await hrefsIn(footer)).filter((href) => !href.endsWith("-golf-carts"));
      expect(hrefs).toEqual(expect.arrayContaining(["/privacy-policy", "/terms-of-service", "/evolution"]));
      for (const href of hrefs) {
        await clickAndCheck(page, request, href, async () => page.locator("footer").locator(`a[href="${href}"]`));
      }
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

    test("footer links to every town page", async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.goto(startPage);
      const hrefs = (await hrefsIn(page.locator("footer"))).filter((href) => href.endsWith("-golf-carts"));
      expect(hrefs).toHaveLength(35);
      for (const href of hrefs) {
        await clickAndCheck(page, request, href, async () => page.locator("footer").locator(`a[href="${href}"]`));
      }
    });
  });
}
