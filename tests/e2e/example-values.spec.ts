import { expect, test, type Page } from "@playwright/test";

// The seed catalogue marks the values nobody has checked (exampleFields); pages label each of them
// with visible text, and explain the label once, until staff import real data.

const note = "Values marked (example) are examples until the dealer confirms them.";

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "embed_consent", value: "denied", url: baseURL! }]);
});

function specRow(page: Page, label: string) {
  return page.locator(".spec-list__row").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
}

test.describe("example values", () => {
  test("a real model's page labels its unchecked values and none of the spec's figures", async ({ page }) => {
    await page.goto("/vehicles/evolution-d6-max-xt4");
    await expect(page.getByText(note)).toBeVisible();

    await expect(specRow(page, "Payload").locator("dd")).toHaveText("800 lbs (example)");
    await expect(specRow(page, "Charging Time").locator("dd")).toHaveText("4-6 hours (example)");
    await expect(specRow(page, "Battery Type").locator("dd")).toHaveText("Lithium (LiFePO4) (example)");
    await expect(page.getByRole("listitem").filter({ hasText: "Carplay touchscreen" })).toHaveText(
      "Carplay touchscreen (example)",
    );
    await expect(page.locator(".vehicle-detail p").filter({ hasText: "D6 Max XT4:" })).toContainText("(example)");

    // The spec's own figures are shown plainly.
    await expect(specRow(page, "Top Speed").locator("dd")).toHaveText("25 mph");
    await expect(specRow(page, "Range").locator("dd")).toHaveText("50 miles");
    await expect(specRow(page, "Seating Capacity").locator("dd")).toHaveText("4");
    await expect(page.locator(".stat-tile").filter({ hasText: "Seats" }).locator("dd")).toHaveText("4");
    await expect(page.getByTestId("vehicle-price")).toHaveText("$15,595");
  });

  test("the label is text a screen reader reads, not only a colour", async ({ page }) => {
    await page.goto("/vehicles/evolution-d6-max-xt4");
    const snapshot = await page.locator(".spec-list").ariaSnapshot();
    expect(snapshot).toContain("800 lbs (example)");
  });

  test("a pre-owned example cart labels every specification", async ({ page }) => {
    await page.goto("/vehicle/club-car-onward-2021");
    await expect(page.getByText(note)).toBeVisible();
    for (const label of ["Top Speed", "Range", "Battery Type", "Charging Time", "Payload", "Seating Capacity"]) {
      await expect(specRow(page, label).locator("dd"), label).toContainText("(example)");
    }
    await expect(page.locator(".stat-tile").filter({ hasText: "Seats" }).locator("dd")).toHaveText("4 (example)");
  });

  test("cards label the example values they show, and the page explains the label", async ({ page }) => {
    await page.goto("/inventory");
    const card = (name: string) => page.locator("article.vehicle-card").filter({ hasText: name });
    await expect(card("Club Car Onward")).toContainText("4 seats (example) · 35 miles (example)");
    await expect(card("DENAGO EV City")).toContainText("2 seats · 40 miles");
    // Seats and range are the spec's own; whether it is street-legal is the dealer's to confirm.
    await expect(card("DENAGO EV City").locator(".vehicle-card__facts")).not.toContainText("(example)");
    await expect(card("DENAGO EV City").getByTestId("road-class")).toHaveText(
      "Low-speed vehicle (FMVSS No. 500) (example)",
    );
    await expect(page.getByText(note)).toBeVisible();

    await page.goto("/evolution");
    const xt4 = page.locator(".model-card").filter({ hasText: "D6 MAX XT4" });
    await expect(xt4).toContainText("Rear-Wheel Drive (example)");
    await expect(xt4).toContainText("Carplay touchscreen (example)");
    await expect(page.getByText(note)).toBeVisible();
  });
});
