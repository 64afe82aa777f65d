import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { anotherPerson } from "../support/people";
import { freshClientAddress } from "../support/client-addresses";

/**
 * What a buyer does before calling the dealer, clicked as they click it: the delivered, taxed price
 * for their town, reserving the exact cart, comparing carts, and the street-legal filter. Every page
 * here is a plain document, so the same clicks are made with JavaScript on and off.
 */

const freshAddress = freshClientAddress;

function reserve(request: APIRequestContext, vehicleId: string) {
  return request.post(`/api/vehicles/${vehicleId}/reservations`, {
    headers: { Origin: baseURL, "CF-Connecting-IP": freshAddress() },
    data: {
      ...anotherPerson("Race", "Buyer"),
      delivery: { type: "pickup" },
    },
  });
}

/** The comparison's column headings: each cart's link to its page (beside it, a Remove link). */
const compareColumns = "table thead th a[href^='/vehicle/']";

/** The out-the-door table's rows, label and amount, as a buyer reads them. */
async function priceRows(page: Page): Promise<string[]> {
  return page
    .locator("#out-the-door table tr")
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...(row as HTMLTableRowElement).cells].map((cell) => (cell.textContent ?? "").trim()).join(" "),
      ),
    );
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a buyer sees the delivered, taxed price for their town, and the estimate finances it", async ({ page }) => {
      await page.goto("/vehicle/evolution-d6-max-xt4");
      expect(await priceRows(page)).toEqual([
        "EVOLUTION D6 MAX XT4 $15,595.00",
        "Pickup at our Montrose showroom $0.00",
        "Pennsylvania sales tax (6% of $15,595.00) $935.70",
        "Total $16,530.70",
      ]);
      // An LSV's PennDOT fees are added at sale, at PennDOT's schedule then in force (issue 55).
      await expect(page.getByTestId("penndot-fees")).toContainText("added at sale");
      await page.getByLabel("Pickup or delivery").selectOption({ label: "Hallstead" });
      await page.getByRole("button", { name: "Show my price" }).click();
      await expect(page).toHaveURL(/[?&]town=hallstead(&|#|$)/);
      expect((await priceRows(page))[1]).toMatch(
        /^Delivery to Hallstead \(.+ miles from our .+, within its free zone\) \$0\.00$/,
      );
      // The estimate finances that total once the visitor gives an APR, and a new estimate keeps the town.
      await page.getByLabel("APR (%)").fill("6");
      await page.getByLabel("Term").selectOption("36");
      await page.getByRole("button", { name: "Update estimate" }).click();
      await expect(page).toHaveURL(/term=36/);
      await expect(page).toHaveURL(/town=hallstead/);
      expect((await priceRows(page))[1]).toMatch(/^Delivery to Hallstead/);
      await expect(page.getByTestId("estimate-disclosure")).toContainText("The out-the-door price above, $16,530.70,");
      await expect(page.getByTestId("estimate-disclosure")).toContainText("36 monthly payments of");
    });
  });
}

test.describe("reserving the exact cart @desktop", () => {
  for (const [javaScriptEnabled, vehicleId] of [
    [true, "club-car-onward-2021"],
    [false, "swift-ev-mach-4e-2022"],
  ] as const) {
    test(`a pre-owned cart, reserved and then shown as Reserved (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`/vehicle/${vehicleId}?town=forest-city`);
      await page.getByRole("link", { name: "Reserve this cart" }).click();
      await expect(page).toHaveURL(new RegExp(`/vehicle/${vehicleId}/reserve\\?town=forest-city$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Reserve the /);
      const buyer = anotherPerson("Grace", "Hopper");
      await page.getByLabel("First name").fill(buyer.firstName);
      await page.getByLabel("Last name").fill(buyer.lastName);
      await page.getByLabel("E-mail").fill(buyer.email);
      await page.getByLabel("Phone").fill(buyer.phone);
      await page.getByRole("button", { name: "Reserve this cart" }).click();

      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservation received");
      await expect(page).toHaveURL(/\/reservations\/[\w-]{43}\?new=1$/);
      const facts = page.locator(".facts-list");
      await expect(facts).toContainText(/C-[2-9A-HJKMNP-Z]{6}/);
      await expect(facts).toContainText("Delivered to Forest City, PA");
      await expect(
        page.getByText("No payment is taken online; we will call to arrange the deposit and paperwork."),
      ).toBeVisible();
      await expect(page.locator("table")).toContainText("Delivery to Forest City");

      // Its one unit is held: the page and the inventory say so, and the form refuses another buyer.
      await page.goto(`/vehicle/${vehicleId}`);
      await expect(page.getByTestId("reserved")).toHaveText("Reserved");
      await expect(page.getByRole("link", { name: "Reserve this cart" })).toHaveCount(0);
      await page.goto("/inventory");
      await expect(page.locator(`article:has(a[href="/vehicles/${vehicleId}"]) [data-testid=reserved]`)).toBeVisible();
      await page.goto(`/vehicle/${vehicleId}/reserve`);
      await expect(page.getByRole("status")).toContainText("Reserved");
      await expect(page.getByRole("button", { name: "Reserve this cart" })).toHaveCount(0);
      await context.close();
    });
  }

  test("20 buyers race for a one-unit cart: one reservation, 19 refusals, none rate-limited", async ({ request }) => {
    const vehicleId = "ezgo-rxv-2019";
    const answers = await Promise.all(Array.from({ length: 20 }, () => reserve(request, vehicleId)));
    const statuses = answers.map((answer) => answer.status());
    const count = (status: number) => statuses.filter((each) => each === status).length;
    console.log(
      `20 concurrent reservations of ${vehicleId} (1 unit): ${count(201)} x 201, ${count(409)} x 409, ${count(429)} x 429`,
    );
    expect({ created: count(201), refused: count(409), limited: count(429) }).toEqual({
      created: 1,
      refused: 19,
      limited: 0,
    });
    const refusal = (await answers.find((answer) => answer.status() === 409)!.json()) as { error: string };
    expect(refusal.error).toMatch(/reserved by another buyer/);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`comparing and filtering with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("three carts ticked on the inventory open side by side", async ({ page }) => {
      await page.goto("/inventory");
      for (const id of ["denago-ev-city", "evolution-d6-max-xt4", "ezgo-txt-2016"]) {
        await page.locator(`#compare-${id}`).check();
      }
      await page.getByRole("button", { name: "Compare selected carts" }).click();
      await expect(page).toHaveURL(/\/compare\?ids=denago-ev-city&ids=evolution-d6-max-xt4&ids=ezgo-txt-2016$/);
      const columns = page.locator(compareColumns);
      await expect(columns).toHaveText(["DENAGO EV City", "EVOLUTION D6 MAX XT4", "EZ-GO TXT (2016)"]);
      const outTheDoor = page.locator("tr", { has: page.getByRole("rowheader", { name: "Out-the-door at pickup" }) });
      // The D6 MAX XT4, an LSV: $15,595 and 6% tax; PennDOT's fees are added at sale.
      await expect(outTheDoor).toContainText("$16,530.70");
      await expect(page.locator("tr", { hasText: "Where it may drive" })).toContainText("Golf cart");
      await columns.first().click();
      await expect(page).toHaveURL(/\/vehicle\/denago-ev-city$/);
    });

    test("from a cart's page, another cart is added to the comparison and one is removed", async ({ page }) => {
      await page.goto("/vehicle/denago-ev-city");
      await page.getByRole("link", { name: "Compare with other carts" }).click();
      await expect(page).toHaveURL(/\/compare\?ids=denago-ev-city$/);
      await expect(page.locator(compareColumns)).toHaveText(["DENAGO EV City"]);
      await page.getByLabel("Add a cart to compare").selectOption({ label: "EZ-GO TXT (2016)" });
      await page.getByRole("button", { name: "Add to comparison" }).click();
      await expect(page.locator(compareColumns)).toHaveText(["DENAGO EV City", "EZ-GO TXT (2016)"]);
      await page.getByRole("link", { name: "Remove the DENAGO EV City" }).click();
      await expect(page).toHaveURL(/\/compare\?ids=ezgo-txt-2016$/);
      await expect(page.locator(compareColumns)).toHaveText(["EZ-GO TXT (2016)"]);
    });

    test("a cart's page and a town page lead to the sourced road-use guide", async ({ page }) => {
      await page.goto("/vehicle/denago-ev-city");
      await page
        .getByRole("link", { name: "Where may a low-speed vehicle (FMVSS No. 500) drive in Pennsylvania?" })
        .click();
      await expect(page).toHaveURL(/\/where-to-drive$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Where a golf cart or LSV may drive in Pennsylvania",
      );
      await expect(page.getByText("Sources last checked")).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
      await expect(page.getByRole("note")).toContainText("confirm with PennDOT and with your municipality");
      // Every statement is followed by the law or publication it comes from.
      const statements = page.locator(".road-use__statement");
      expect(await statements.count()).toBeGreaterThanOrEqual(10);
      for (const source of await statements.locator(".road-use__source").allTextContents()) {
        expect(source).toMatch(/^Source: .*(Pa\.C\.S\. §|CFR §|PennDOT|Title 75)/);
      }
      await expect(page.locator("main")).toContainText("75 Pa.C.S. § 77A01(a)");
      await expect(page.locator("main")).toContainText("49 CFR § 571.500");

      await page.goto("/hallstead-golf-carts");
      await page.getByRole("link", { name: "where a golf cart or LSV may drive in Pennsylvania" }).click();
      await expect(page).toHaveURL(/\/where-to-drive$/);
    });

    test("the street-legal filter keeps only LSVs, and says so on the disclosure", async ({ page }) => {
      await page.goto("/inventory");
      const disclosure = page.locator("details.filters-disclosure");
      const filter = page.getByLabel("Low-speed vehicle (FMVSS No. 500)");
      if (!(await filter.isVisible())) await disclosure.locator("summary").click();
      await filter.check();
      await page.getByRole("button", { name: "Apply Filters" }).click();
      await expect(page).toHaveURL(/[?&]lsv=1/);
      const badges = page.locator("article [data-testid=road-class]");
      expect(await badges.count()).toBeGreaterThan(0);
      for (const text of await badges.allTextContents()) expect(text).toMatch(/^Low-speed vehicle \(FMVSS No\. 500\)/);
      await expect(disclosure.locator("summary")).toContainText("Low-speed vehicle (FMVSS No. 500)");
    });
  });
}

test("an unknown cart in a comparison is named, not fatal", async ({ page }) => {
  const response = await page.goto("/compare?ids=denago-ev-city,no-such-cart");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("status")).toContainText('No cart has the id "no-such-cart"');
  await expect(page.locator(compareColumns)).toHaveText(["DENAGO EV City"]);
});

test("on a phone the inventory's first screen shows a cart, the filters folded away @phone", async ({ page }) => {
  await page.goto("/inventory");
  const firstCard = page.locator("article").first();
  const box = await firstCard.boundingBox();
  expect(box, "the first card is laid out").not.toBeNull();
  expect(box!.y, "the first card starts within the first screen").toBeLessThan(page.viewportSize()!.height - 100);
  await expect(page.getByLabel("Search")).toBeHidden();
});

test("on a phone the home page's first screen shows the carts it sells @phone", async ({ page }) => {
  await page.goto("/");
  const carts = page.getByRole("list", { name: "Featured carts" }).getByRole("link");
  await expect(carts).toHaveCount(3);
  const box = await carts.first().locator("img").boundingBox();
  expect(box, "the first cart's picture is laid out").not.toBeNull();
  expect(box!.y + box!.height / 2, "the first cart's picture is in the first screen").toBeLessThan(
    page.viewportSize()!.height,
  );
});
