import { expect, test } from "@playwright/test";
import { wcagViolations } from "../support/axe";
import { pageTypes } from "../support/page-types";

// WCAG 2.1 A and AA on every page type, at both widths (each Playwright project).
for (const { name, path } of pageTypes) {
  test(`${name} (${path}) has no WCAG 2.1 A/AA violations`, async ({ page }) => {
    await page.goto(path);
    expect(await wcagViolations(page)).toEqual([]);
  });
}
