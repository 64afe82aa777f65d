import { expect, test, type Page } from "@playwright/test";
import { golfCartsCategory } from "~/features/catalogue/google-product-taxonomy";

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "embed_consent", value: "denied", url: baseURL! }]);
});

function cards(page: Page) {
  return page.locator("article.vehicle-card");
}

/** On a phone the filters sit behind "Filter and sort"; a visitor opens it to use them. */
async function openFilters(page: Page) {
  if (!(await page.getByLabel("Brand").isVisible())) await page.locator("details.filters-disclosure summary").click();
}

async function countText(page: Page) {
  return (await page.getByText(/carts? available/).textContent()) ?? "";
}

test.describe("inventory filters", () => {
  test("lists the whole catalogue with links to each vehicle and the NEW badge", async ({ page }) => {
    await page.goto("/inventory");
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(30);
    expect(await countText(page)).toContain(`${count} carts available`);
    await expect(cards(page).first().locator("a")).toHaveAttribute("href", /^\/vehicles\//);
    await expect(page.locator(".vehicle-card .badge--new").first()).toHaveText("NEW");
    // A vehicle without a picture shows the placeholder.
    await expect(page.locator('img[src="/images/vehicles/placeholder.svg"]').first()).toBeAttached();
  });

  test("each filter narrows the list, alone and combined, and lives in the URL", async ({ page }) => {
    await page.goto("/inventory");
    await openFilters(page);
    await page.getByLabel("Brand").selectOption("denago");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/brand=denago/);
    await expect(cards(page)).toHaveCount(6);

    await openFilters(page);
    await page.getByLabel("Category").selectOption("rover");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(cards(page)).toHaveCount(3);

    await openFilters(page);
    await page.getByLabel("Seats").selectOption("8");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Rover XXL");
    await expect(page).toHaveURL(/brand=denago.*category=rover.*seats=8/);

    await page.goBack();
    await expect(cards(page)).toHaveCount(3);
  });

  test("search matches name or description, ignoring case", async ({ page }) => {
    await page.goto("/inventory?q=TURFMAN");
    await expect(cards(page)).toHaveCount(3);
    await page.goto("/inventory?q=flip%20rear%20seat");
    await expect(cards(page)).toHaveCount(1);
  });

  test("price bands follow the spec's edges", async ({ page }) => {
    await page.goto("/inventory?price=over-25000");
    await expect(page.getByText("No vehicles match your current filters.")).toBeVisible();
    await page.goto("/inventory?price=15000-25000");
    const prices = await page.locator(".vehicle-card__price").allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(Number(price.replace(/\D/g, ""))).toBeGreaterThanOrEqual(15000);
  });

  test("condition and sort", async ({ page }) => {
    await page.goto("/inventory?condition=used&sort=price-asc");
    const prices = (await page.locator(".vehicle-card__price").allTextContents()).map((text) =>
      Number(text.replace(/\D/g, "")),
    );
    expect(prices.length).toBeGreaterThanOrEqual(4);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expect(page.locator(".vehicle-card .badge--new")).toHaveCount(0);
  });

  test("the empty state offers to clear the filters", async ({ page }) => {
    await page.goto("/inventory?q=hovercraft");
    await expect(page.getByText("No vehicles match your current filters.")).toBeVisible();
    await expect(page.getByText(/Showing 0 of \d+ total vehicles/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "No vehicles found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your search criteria or filters.")).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(30);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the filter form still works", async ({ page }) => {
      await page.goto("/inventory");
      await openFilters(page);
      await page.getByLabel("Brand").selectOption("evolution");
      await page.getByLabel("Category").selectOption("turfman");
      await page.getByRole("button", { name: "Apply Filters" }).click();
      await expect(page).toHaveURL(/brand=evolution&category=turfman/);
      await expect(cards(page)).toHaveCount(3);
    });
  });
});

test.describe("vehicle detail", () => {
  test("a new vehicle: badge, price, tiles, specs, metadata", async ({ page }) => {
    const response = await page.goto("/vehicles/evolution-d6-max-xt4");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("EVOLUTION D6 MAX XT4");
    await expect(page.getByTestId("vehicle-status")).toHaveText("NEW");
    await expect(page.getByTestId("vehicle-price")).toHaveText("$15,595");
    await expect(page.locator(".stat-tile").filter({ hasText: "Seats" })).toContainText("4");
    await expect(page.locator(".stat-tile").filter({ hasText: "Brand" })).toContainText("EVOLUTION");
    await expect(page.locator(".spec-list")).toContainText("Seating Capacity");
    await expect(page.locator(".spec-list")).toContainText("Charging Time");
    // In stock: the test-drive booking form for this cart.
    await expect(page.getByRole("link", { name: "Schedule Test Drive" })).toHaveAttribute(
      "href",
      "/vehicle/evolution-d6-max-xt4/test-drive",
    );
    await expect(page.getByRole("link", { name: /Get Financing Quote/ })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: "Contact Sales Team" })).toHaveAttribute("href", /^tel:/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/vehicle\/evolution-d6-max-xt4$/);
    await expect(page.locator('meta[property="product:price:amount"]')).toHaveAttribute("content", "15595");
    await expect(page.locator('meta[property="product:price:currency"]')).toHaveAttribute("content", "USD");
    await expect(page.locator('meta[property="product:availability"]')).toHaveAttribute("content", "in stock");
    await expect(page.locator('meta[property="product:condition"]')).toHaveAttribute("content", "new");
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((text) => text.includes('"Offer"') && text.includes('"priceCurrency":"USD"'))).toBe(true);
  });

  test("a used vehicle in stock says In Stock; one sold out says Out of Stock", async ({ page }) => {
    await page.goto("/vehicle/club-car-onward-2021");
    await expect(page.getByTestId("vehicle-status")).toHaveText("In Stock");
    await expect(page.locator('meta[property="product:condition"]')).toHaveAttribute("content", "used");
    await page.goto("/vehicle/tomberlin-emerge-2020");
    await expect(page.getByTestId("vehicle-status")).toHaveText("Out of Stock");
    await expect(page.locator('meta[property="product:availability"]')).toHaveAttribute("content", "out of stock");
    await expect(page.locator(".vehicle-detail__image")).toHaveAttribute("src", "/images/vehicles/placeholder.svg");
  });

  test("an unknown vehicle answers 404 with the Vehicle Not Found screen", async ({ page }) => {
    const response = await page.goto("/vehicle/no-such-cart");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vehicle Not Found");
    await expect(page.getByText("The vehicle you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Inventory" }).click();
    await expect(page).toHaveURL(/\/inventory$/);
  });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });
      test("the payment estimate answers the visitor's APR and term, opening at the estimate", async ({ page }) => {
        await page.goto("/vehicle/denago-ev-city");
        await page.getByLabel("APR (%)").fill("0");
        await page.getByLabel("Term").selectOption("48");
        await page.getByRole("button", { name: "Update estimate" }).click();
        await expect(page).toHaveURL(/\/vehicle\/denago-ev-city\?apr=0&term=48#payment-estimate$/);
        // The out-the-door $12,714.70 (11,995 + 6% tax; an LSV's PennDOT fees are added at sale),
        // financed over 48 months at 0% = 264.89
        await expect(page.getByTestId("monthly-payment")).toHaveText("$264.89/mo");
        await expect(page.getByTestId("monthly-payment")).toBeInViewport();
        await expect(page.getByRole("heading", { name: "Estimate your payment" })).toBeInViewport();
        await expect(page.getByLabel("APR (%)")).toHaveValue("0");
        await expect(page.getByLabel("Term")).toHaveValue("48");
        await expect(page.getByText(/subject to credit approval/)).toBeVisible();
      });
    });
  }
});

test.describe("brand pages", () => {
  for (const brand of ["denago", "evolution"]) {
    test(`every vehicle link on /${brand} leads to a real vehicle`, async ({ page, request }) => {
      await page.goto(`/${brand}`);
      const hrefs = await page
        .locator('main a[href^="/vehicles/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
      expect(hrefs.length).toBeGreaterThanOrEqual(6);
      for (const href of new Set(hrefs)) expect((await request.get(href)).status(), href).toBe(200);
      const quotes = page.getByRole("link", { name: /^Get Quote/ });
      await expect(quotes.first()).toHaveAttribute("href", /^\/contact\?vehicle=/);
    });
  }

  test("EVOLUTION series cards show counts, starting prices and at most three model links", async ({ page }) => {
    await page.goto("/evolution");
    await expect(page.getByText("PREMIUM ELECTRIC VEHICLES")).toBeVisible();
    await expect(page.getByRole("heading", { name: "The EVOLUTION Difference" })).toBeVisible();
    const ranger = page.locator(".series-card").filter({ hasText: "D5 RANGER" });
    await expect(ranger).toContainText("5 Models");
    await expect(ranger).toContainText("Starting at $7,695");
    await expect(ranger.locator(".series-card__models a")).toHaveCount(3);
    await expect(ranger).toContainText("+2 more models");
    await expect(page.locator(".series-card").filter({ hasText: "D6 MAX" })).toContainText("Starting at $13,595");
    await expect(page.locator(".model-card").first()).toContainText("Rear-Wheel Drive");
  });

  test("the DENAGO page shows the catalogue's one EV City price", async ({ page }) => {
    await page.goto("/denago");
    await expect(page.locator(".model-card").filter({ hasText: "EV City" })).toContainText("$11,995");
    await expect(page.locator(".model-card")).toHaveCount(6);
  });
});

test("the product feed lists the catalogue for Merchant Center", async ({ request }) => {
  const response = await request.get("/feeds/products.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  expect(xml).toContain(`<g:google_product_category>${golfCartsCategory.id}</g:google_product_category>`);
  expect(golfCartsCategory.name).toBe("Vehicles & Parts > Vehicles > Motor Vehicles > Golf Carts");
  // A golf cart is listed; a street-legal LSV is not, since Shopping ads refuse vehicles for public roads.
  expect(xml).toContain("<g:id>club-car-onward-2021</g:id>");
  expect(xml).not.toContain("<g:id>evolution-d6-max-xt4</g:id>");
});

test("screen readers tell the vehicle cards apart: each article is named by its heading @desktop", async ({ page }) => {
  for (const address of ["/inventory", "/"]) {
    await page.goto(address);
    const articles = cards(page);
    const count = await articles.count();
    expect(count, address).toBeGreaterThan(address === "/" ? 0 : 30);
    const names = new Set<string>();
    for (let index = 0; index < count; index += 1) {
      const heading = (await articles.nth(index).getByRole("heading").textContent())!.trim();
      await expect(articles.nth(index), `${address} card ${index + 1}`).toHaveAccessibleName(heading);
      names.add(heading);
    }
    expect(names.size, address).toBe(count);
  }
});
