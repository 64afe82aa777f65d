import { expect, test, type Page } from "@playwright/test";
import { site } from "../../src/config/site";
import { visitorLimits } from "../../src/config/visitor-limits";
import { tooManyFromSender } from "../../src/features/contact/contact-refusals";
import { freshClientAddress } from "../support/client-addresses";
import { waitForIsland } from "../support/island";
import { anotherPerson } from "../support/people";

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "embed_consent", value: "denied", url: baseURL! }]);
  // A connection of its own, as each visitor has: one sends only a few messages an hour.
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": freshClientAddress() });
});

/** The form as its script runs it: the browser's check, Sending... and the toast. */
async function openHydratedForm(page: Page) {
  await page.goto("/contact");
  await waitForIsland(page);
}

async function fillValid(page: Page) {
  const sender = anotherPerson("Grace", "Hopper");
  await page.getByLabel("First name").fill(sender.firstName);
  await page.getByLabel("Last name").fill(sender.lastName);
  await page.getByLabel("E-mail").fill(sender.email);
  await page.getByLabel("Phone").fill(sender.phone);
  await page.getByLabel("I'm interested in").selectOption("service");
  await page.getByLabel("Message", { exact: true }).fill("My cart needs a new battery before spring.");
}

test("shows the spec's message beside each invalid field", async ({ page }) => {
  await openHydratedForm(page);
  await expect(page.getByLabel("I'm interested in")).toHaveValue("sales");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Phone").fill("123");
  await page.getByLabel("Message", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Last name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(
    page.getByText("Enter a 10-digit phone number, with an extension after it if you have one"),
  ).toBeVisible();
  await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/contact$/);
});

test("sends a message: Sending... while it travels, then the thank-you page", async ({ page }) => {
  await openHydratedForm(page);
  await fillValid(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/contact", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  const sending = page.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByText("Please allow up to 24 hours for a response.")).toBeVisible();
  await expect(page.getByText(/2-6 hours/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "What Happens Next" })).toBeVisible();
});

test("shows the server's error in a destructive toast and lets the visitor try again", async ({ page }) => {
  await openHydratedForm(page);
  await fillValid(page);
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ error: "Too many messages." }),
    }),
  );
  await page.getByRole("button", { name: "Send Message" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Error" });
  await expect(toast).toContainText("Too many messages.");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();

  await page.unroute("**/api/contact");
  await page.route("**/api/contact", (route) => route.abort());
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(
    "Failed to send message. Please try again.",
  );
});

test("names the vehicle when the visitor comes from a Get Quote link", async ({ page }) => {
  await page.goto("/contact?vehicle=denago-ev-city");
  await expect(page.getByText("About:")).toContainText("DENAGO EV City");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server checks the form with the same messages and accepts a valid one", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Message", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Last name is required")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Grace");

    await fillValid(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
  });
});

test.describe("a connection past its hourly figure @desktop", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`is refused by name with the phone number, keeping the message (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        extraHTTPHeaders: { "CF-Connecting-IP": freshClientAddress() },
      });
      const page = await context.newPage();
      // The messages it already sent this hour, as the form with JavaScript sends them.
      for (let sent = 0; sent < visitorLimits.contactMessagesFrom.client; sent += 1) {
        const answer = await page.request.post("/api/contact", {
          headers: { Origin: baseURL! },
          data: {
            ...anotherPerson("Grace", "Hopper"),
            interest: "sales",
            message: `Message ${sent + 1} of this hour.`,
          },
        });
        expect(answer.status()).toBe(202);
      }
      await page.goto("/contact");
      if (javaScriptEnabled) await waitForIsland(page);
      await fillValid(page);
      await page.getByRole("button", { name: "Send Message" }).click();
      const refusal = tooManyFromSender("client");
      expect(refusal).toContain(`call us at ${site.phone.display}`);
      await expect(page.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
        "My cart needs a new battery before spring.",
      );
      await expect(page.getByLabel("I'm interested in")).toHaveValue("service");
      await context.close();
    });
  }
});
