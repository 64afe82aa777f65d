import { expect, test } from "@playwright/test";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { wcagViolations } from "../support/axe";
import { anotherPerson } from "../support/people";
import { scriptTagsIn } from "../support/script-tags";
import { freshClientAddress } from "../support/client-addresses";

/**
 * A driver books a test drive from an in-stock vehicle's page to the private status page, with
 * JavaScript on and off (the form is a plain document either way), on a phone's width at home and
 * a desktop's at the showroom, against the built Worker and local D1.
 */

// A new cart on the lot: the specs that sell a cart sell the pre-owned one.
const cart = seedCatalogue.find((vehicle) => vehicle.isNew && vehicle.inStock)!;

/** Each driver an address of its own, so the limits answer for nobody else's requests. */
const freshAddress = freshClientAddress;

const widths = [
  { width: 390, height: 844, tag: "@phone", where: "home" },
  { width: 1366, height: 900, tag: "@desktop", where: "showroom" },
] as const;

for (const [widthIndex, { width, height, tag, where }] of widths.entries()) {
  for (const [scriptIndex, javaScriptEnabled] of [true, false].entries()) {
    // One cart is driven in one place at a time, and these four run at once on the same cart: each
    // takes its times from hours of its own (9 and 13 o'clock, 10 and 14, …), so they never meet.
    const ownHours = widthIndex * 2 + scriptIndex;
    test.describe(`a test drive at ${width} px with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height } });
      test.describe.configure({ timeout: 90_000 });

      test(`is booked from the vehicle page ${where === "home" ? "at home" : "at the showroom"} ${tag}`, async ({
        page,
      }) => {
        await page.setExtraHTTPHeaders({ "CF-Connecting-IP": freshAddress() });
        await page.goto(`/vehicle/${cart.id}`);
        await page.getByRole("link", { name: "Schedule Test Drive" }).click();
        await expect(page).toHaveURL(new RegExp(`/vehicle/${cart.id}/test-drive$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Schedule a test drive of the ${cart.name}`);
        expect(scriptTagsIn(await page.content())).toEqual([]);

        if (where === "home") {
          await page.getByLabel("At your home").check();
          await page.getByRole("button", { name: "Show the free times" }).click();
          await expect(page).toHaveURL(/\/test-drive\?where=home$/);
          await page.getByLabel("Your town").selectOption("montrose");
        }
        // A random free time of this test's own hours, so the tests running this at once never meet.
        const slot = page.getByLabel("Day and time");
        const times = (
          await slot
            .locator("option:not([value=''])")
            .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
        ).filter((time) => Number(time.slice(-5, -3)) % 4 === ownHours);
        expect(times.length, "free test-drive times").toBeGreaterThan(0);
        await slot.selectOption(times[Math.floor(Math.random() * times.length)]!);
        const driver = anotherPerson("Grace", "Hopper");
        await page.getByLabel("First name").fill(driver.firstName);
        await page.getByLabel("Last name").fill(driver.lastName);
        await page.getByLabel("E-mail").fill(driver.email);
        await page.getByLabel("Phone").fill(driver.phone);
        await page.getByRole("button", { name: "Book this test drive" }).click();

        await expect(page).toHaveURL(/\/test-drives\/[\w-]{43}\?new=1$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Test drive request received");
        const facts = page.locator(".facts-list");
        await expect(facts).toContainText(/T-[2-9A-HJKMNP-Z]{6}/);
        await expect(facts).toContainText("Requested");
        await expect(facts).toContainText(cart.name);
        await expect(facts).toContainText(where === "home" ? "At your home in Montrose" : "At our showroom");
        await expect(page.getByRole("link", { name: "Add to my calendar" })).toBeVisible();
        expect(scriptTagsIn(await page.content())).toEqual([]);
        // axe runs as a script in the page: checked where the page runs scripts.
        if (javaScriptEnabled) expect(await wcagViolations(page)).toEqual([]);
      });
    });
  }
}
