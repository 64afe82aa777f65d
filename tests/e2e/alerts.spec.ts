import { expect, test, type Page } from "@playwright/test";
import { alertWords } from "~/config/alert-terms";
import { wcagViolations } from "../support/axe";
import { freshClientAddress } from "../support/client-addresses";

/**
 * The "tell me when" forms (issue 40) as a visitor uses them: plain forms posting to /alerts, the
 * same with JavaScript off and on; the confirm and manage pages' GET only shows a button.
 */

/** Each test a client of its own, so the per-client limits answer for nobody else's requests. */
async function freshClient(page: Page) {
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": freshClientAddress() });
}

async function askFromInventory(page: Page, query: string, email: string) {
  await page.goto(`/inventory${query}`);
  const form = page.getByRole("form", { name: alertWords.searchButton });
  await form.getByLabel(alertWords.emailLabel).fill(email);
  await form.getByRole("button", { name: alertWords.searchButton }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByText(alertWords.accepted)).toBeVisible();
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a search, one with no results too, takes an alert request and answers the same for any address", async ({
      page,
    }) => {
      await freshClient(page);
      await askFromInventory(page, "?seats=6", `six-${javaScriptEnabled}@example.org`);
      await askFromInventory(page, "?seats=8&q=no-cart-is-called-this", `none-${javaScriptEnabled}@example.org`);
      // Asking again for the same search: the same answer.
      await askFromInventory(page, "?seats=6", `six-${javaScriptEnabled}@example.org`);
    });

    test("a vehicle page offers the price alert, and a wrong address is shown again with its message", async ({
      page,
    }) => {
      await freshClient(page);
      await page.goto("/vehicles/ezgo-rxv-2019");
      const form = page.getByRole("form", { name: alertWords.priceButton });
      await form.getByLabel(alertWords.emailLabel).fill("not-an-address");
      // The browser's own check would stop a plain "type=email" field; the server's check is what is tested.
      await form.evaluate((element) => element.setAttribute("novalidate", ""));
      await form.getByRole("button", { name: alertWords.priceButton }).click();
      await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
      await expect(page.getByLabel(alertWords.emailLabel)).toHaveValue("not-an-address");
      await page.getByLabel(alertWords.emailLabel).fill("ada@example.org");
      await page.getByRole("button", { name: alertWords.priceButton }).click();
      await expect(page.getByText(alertWords.accepted)).toBeVisible();
    });
  });
}

test("the confirm and manage pages show a button on GET and answer a link nobody holds on POST @desktop", async ({
  page,
}) => {
  await page.goto("/alerts/confirm/no-such-alert");
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole("button", { name: alertWords.confirmButton }).click();
  await expect(page.getByText(alertWords.confirmGone)).toBeVisible();
  await page.goto("/alerts/manage/no-such-alert");
  await page.getByRole("button", { name: alertWords.unsubscribeButton }).click();
  await expect(page.getByText(alertWords.manageGone)).toBeVisible();
});
