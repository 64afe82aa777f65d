import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { pageTypes } from "../support/page-types";

// WCAG 2.1 A and AA on every page type, at both widths (each Playwright project).
for (const { name, path } of pageTypes) {
  test(`${name} (${path}) has no WCAG 2.1 A/AA violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const summary = results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
    expect(summary).toEqual([]);
  });
}
