import { expect, test, type Page } from "@playwright/test";

const topLinks = ["/", "/inventory", "/rentals", "/services", "/showroom", "/contact"];
const townLinks = [
  "/montrose-golf-carts",
  "/forest-city-golf-carts",
  "/susquehanna-depot-golf-carts",
  "/new-milford-golf-carts",
  "/hallstead-golf-carts",
];
const aboutLinks = ["/about", "/financing", "/eco-impact"];

function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 0) < 1024;
}

/** The navigation a visitor can use at this width: the header bar or the phone drawer. */
async function openNavigation(page: Page) {
  if (isPhone(page)) {
    await page.getByText("Menu", { exact: true }).click();
    return page.getByRole("navigation", { name: "Mobile" });
  }
  return page.getByRole("navigation", { name: "Main" });
}

test("an unknown address answers 404 with the not-found screen", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("the header offers the top links, the Towns menu and the About menu", async ({ page }) => {
  await page.goto("/");
  const nav = await openNavigation(page);
  for (const href of topLinks) await expect(nav.locator(`a[href="${href}"]`)).toBeVisible();
  if (!isPhone(page)) await nav.getByText("Towns", { exact: true }).click();
  for (const href of townLinks) await expect(nav.locator(`a[href="${href}"]`)).toBeVisible();
  if (!isPhone(page)) await nav.getByText("About", { exact: true }).click();
  for (const href of aboutLinks) await expect(nav.locator(`a[href="${href}"]`)).toBeVisible();
  await expect(nav.getByRole("link", { name: "Eco-Impact Calculator" })).toHaveAttribute("href", "/eco-impact");
});

test("at every common screen width the header keeps its round mark, a name of at most two lines and one row of links @desktop", async ({
  page,
}) => {
  // From the smallest width with the full bar to the commonest desktops, where the call button joins it.
  for (const width of [1024, 1280, 1344, 1366, 1440, 1536, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/about");
    const box = async (selector: string) => (await page.locator(`header ${selector}`).first().boundingBox())!;
    const mark = await box(".brand__mark");
    expect(Math.round(mark.width), `the mark is round at ${width}px`).toBe(Math.round(mark.height));
    const name = page.locator("header .brand__name");
    const lineHeight = await name.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await box(".brand__name")).height, `the name takes at most two lines at ${width}px`).toBeLessThanOrEqual(
      2 * lineHeight + 1,
    );
    const linkTops = await page
      .locator("header nav[aria-label=Main] > ul > li > .nav-link, header nav[aria-label=Main] > details > summary")
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
    expect(linkTops).toHaveLength(8);
    expect(new Set(linkTops.map(Math.round)).size, `the links share one row at ${width}px`).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `nothing sticks out at ${width}px`).toBe(
      width,
    );
    const call = page.locator("header .header-call");
    if (width >= 1344) await expect(call, `the call button shows at ${width}px`).toBeVisible();
  }
});

test("the current page is marked: Home only on /, others by prefix", async ({ page }) => {
  await page.goto("/");
  let nav = await openNavigation(page);
  await expect(nav.locator('a[href="/"]')).toHaveAttribute("aria-current", "page");
  await expect(nav.locator('a[href="/inventory"]')).not.toHaveAttribute("aria-current", "page");

  await page.goto("/inventory");
  nav = await openNavigation(page);
  await expect(nav.locator('a[href="/inventory"]')).toHaveAttribute("aria-current", "page");
  await expect(nav.locator('a[href="/"]')).not.toHaveAttribute("aria-current", "page");
});

test("choosing a link in a menu goes there and closes the menu", async ({ page }) => {
  await page.goto("/");
  const nav = await openNavigation(page);
  if (!isPhone(page)) await nav.getByText("Towns", { exact: true }).click();
  await nav.locator('a[href="/hallstead-golf-carts"]').click();
  await expect(page).toHaveURL(/\/hallstead-golf-carts$/);
  await expect(page.locator(".site-header details[open]")).toHaveCount(0);
});

test("the phone drawer closes after a link is chosen @phone", async ({ page }) => {
  await page.goto("/");
  const drawer = await openNavigation(page);
  await expect(drawer).toBeVisible();
  await drawer.locator('a[href="/rentals"]').click();
  await expect(page).toHaveURL(/\/rentals$/);
  await expect(drawer).toBeHidden();
});

test("every footer link answers without an error, and financing opens in a new tab", async ({ page, request }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  const hrefs = await footer
    .locator("a[href^='/']")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  for (const required of [
    "/evolution",
    "/denago",
    "/privacy",
    "/privacy-policy",
    "/terms-of-service",
    "/policies/staffing-report",
  ]) {
    expect(hrefs).toContain(required);
  }
  expect(hrefs.filter((href) => href?.endsWith("-golf-carts"))).toHaveLength(35);
  for (const href of new Set(hrefs)) {
    const response = await request.get(href!);
    expect(response.status(), href!).toBe(200);
  }
  const financing = footer.getByRole("link", { name: /^Financing/ });
  await expect(financing).toHaveAttribute("target", "_blank");
  await expect(financing).toHaveAttribute("href", /^https:\/\//);
});

test.describe("a footer a phone visitor can get past", () => {
  test.use({ javaScriptEnabled: false });

  test("closed, it is at most 1.2 screens tall at 390x844, and a tap on a group shows its links @phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const footer = page.locator("footer");
    const height = await footer.evaluate((element) => element.getBoundingClientRect().height);
    expect(height, "footer height in px").toBeLessThanOrEqual(1.2 * 844);
    const policy = footer.getByRole("link", { name: "Return Policy" });
    await expect(policy).toBeHidden();
    await footer.locator("summary", { hasText: "Policies" }).click();
    await expect(policy).toBeVisible();
    const town = footer.getByRole("link", { name: "Montrose", exact: true });
    await expect(town).toBeHidden();
    await footer.locator("summary", { hasText: "Towns we serve" }).click();
    await expect(town).toBeVisible();
  });

  test("on a wide screen every policy and town link shows without a click @desktop", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("heading", { name: "Policies" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Return Policy" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Ararat Township" })).toBeVisible();
    await expect(footer.locator("summary").first()).toBeHidden();
  });
});

test("the footer shows the showroom's and the service department's hours, each labelled", async ({ page }) => {
  await page.goto("/");
  const showroom = page.locator("footer .business-hours__department", { hasText: "Showroom" });
  await expect(showroom).toContainText("Mon-Fri");
  await expect(showroom).toContainText("9AM-5PM");
  await expect(showroom).toContainText("Sun");
  await expect(showroom).toContainText("Closed");
  const service = page.locator("footer .business-hours__department", { hasText: "Service department" });
  await expect(service).toContainText("8AM-5PM");
  await expect(service).toContainText("9AM-3PM");
  await expect(service).toContainText("Emergency only");
});

test("a new page starts at the top", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.locator("footer").getByRole("link", { name: "DENAGO" }).click();
  await expect(page).toHaveURL(/\/denago$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the menus and the drawer still open and their links work", async ({ page }) => {
    await page.goto("/");
    const nav = await openNavigation(page);
    if (!isPhone(page)) await nav.getByText("About", { exact: true }).click();
    await expect(nav.locator('a[href="/financing"]')).toBeVisible();
    await nav.locator('a[href="/financing"]').click();
    await expect(page).toHaveURL(/\/financing$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("island pages give every script the response's nonce and the browser reports no CSP violation", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // An island page: plain pages carry no script and a policy that allows none.
  const response = await page.goto("/contact");
  const policy = response?.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, "CSP has a nonce").toBeTruthy();
  expect(Buffer.from(nonce!, "base64").length).toBeGreaterThanOrEqual(16);
  // The DOM hides nonce attributes from scripts, so read the served HTML.
  const html = await response!.text();
  const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
  const executable = scriptTags.filter((tag) => !/type="application\/ld\+json"/.test(tag));
  expect(executable.length).toBeGreaterThan(0);
  for (const tag of executable) expect(tag).toContain(`nonce="${nonce}"`);
  await page.locator("footer").getByRole("link", { name: "EVOLUTION" }).click();
  await expect(page).toHaveURL(/\/evolution$/);
  expect(violations).toEqual([]);

  const second = await page.request.get("/contact");
  expect(/'nonce-([^']+)'/.exec(second.headers()["content-security-policy"] ?? "")?.[1]).not.toBe(nonce);
});
