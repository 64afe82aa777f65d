import { expect, test, type Page } from "@playwright/test";
import { wcagViolations } from "../support/axe";

// The sandbox has no network, and the test is about our page, not Google's: answer the map frame here.
test.beforeEach(async ({ page }) => {
  await page.route("https://www.google.com/maps**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>map</title><p>map</p>" }),
  );
});

/** Visible fixed or sticky boxes outside the site header: anything that could sit over the content. */
function overlays(page: Page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((element) => !element.closest(".site-header"))
      .filter((element) => ["fixed", "sticky"].includes(getComputedStyle(element).position))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );
}

for (const path of ["/", "/inventory"]) {
  test(`with no choice made, ${path} has nothing fixed over its content`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Embedded content consent" })).toHaveCount(0);
    await expect(page.locator(".consent-banner")).toHaveCount(0);
    expect(await overlays(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    expect(await overlays(page)).toEqual([]);
  });
}

test("the home page asks about maps beside its map only", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("details.map-embed--deferred")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Always show maps" })).toHaveCount(1);
});

async function expectAccessible(page: Page) {
  expect(await wcagViolations(page)).toEqual([]);
}

async function rememberAndForget(page: Page, { checkAccessibility }: { checkAccessibility: boolean }) {
  await page.goto("/showroom");
  const placeholder = page.locator("details.map-embed--deferred");
  const frame = page.locator("iframe.map-embed__frame");
  await expect(placeholder).toHaveCount(1);
  await expect(frame).toBeHidden();

  const always = page.getByRole("button", { name: "Always show maps" });
  await always.focus();
  await expect(always).toBeFocused();
  await always.click();
  await expect(page).toHaveURL(/\/showroom$/);
  await expect(placeholder).toHaveCount(0);
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toBeVisible();
  await expect(page.getByRole("button", { name: "Always show maps" })).toHaveCount(0);
  if (checkAccessibility) await expectAccessible(page);

  await page.getByRole("button", { name: "Stop loading maps automatically" }).click();
  await expect(page).toHaveURL(/\/showroom$/);
  await expect(placeholder).toHaveCount(1);
  await expect(frame).toBeHidden();
  await expect(page.getByRole("button", { name: "Always show maps" })).toBeVisible();
}

test("on the showroom page, Always show maps loads the map and the stop button brings the placeholder back", async ({
  page,
}) => {
  await rememberAndForget(page, { checkAccessibility: true });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the showroom map's choice still works with plain form posts", async ({ page }) => {
    await rememberAndForget(page, { checkAccessibility: false });
  });
});

test("a pre-rendered town page keeps the click-to-load map, addressed by municipality and centred on the town", async ({
  page,
  baseURL,
}) => {
  // A static file cannot read the choice, so even a granted visitor sees the placeholder and no form.
  await page.context().addCookies([{ name: "embed_consent", value: "granted", url: baseURL! }]);
  await page.goto("/lenox-township-golf-carts");
  await expect(page.locator("details.map-embed--deferred")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Always show maps" })).toHaveCount(0);
  const src = new URL((await page.locator("iframe.map-embed__frame").getAttribute("src"))!);
  expect(src.searchParams.get("q")).toBe("Lenox Township, Susquehanna County, PA");
  expect(src.searchParams.get("ll")).toMatch(/^41\.\d+,-75\.\d+$/);
});
