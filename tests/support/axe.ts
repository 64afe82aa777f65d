import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The page's WCAG 2.1 A and AA violations as it stands, one line each: "rule: what — where".
 *
 * axe runs once inside the page (its "legacy" mode) instead of once per frame and again in a blank
 * page that merges the frames' results: that merge exists for frames of other origins, and ours are
 * only the map and Turnstile, someone else's pages we could not change. The page is checked exactly
 * as before, in about a second instead of three (tests/quality/accessibility.spec.ts runs it 58 times).
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true)
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}
