import { expect, test, type Page } from "@playwright/test";
import { pageTypes } from "../support/page-types";

/**
 * Nothing on any page is wider than the box it sits in, at the narrowest phone (320), a common one
 * (390) and a laptop (1366): no sideways scrolling of the page, and no table or card whose figures
 * hide behind a scroll inside it that nobody notices. One load per page type and width, measured in
 * one `page.evaluate`. Runs in the desktop project only, since it sets each width itself.
 */
const widths = [320, 390, 1366] as const;

/** Every element that sticks out: "tag.class: what, by how many pixels". */
function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const found: string[] = [];
    // Boxes of one pixel that clip what is in them on purpose (screen-reader text, the contact
    // form's trap field): what they hide is not shown to anyone, so it cannot overflow.
    const clippedOnPurpose = new Set<Element>();
    const name = (element: Element) =>
      element.tagName.toLowerCase() + (element.classList.length > 0 ? `.${[...element.classList].join(".")}` : "");
    for (const element of document.body.querySelectorAll("*")) {
      const parent = element.parentElement;
      if (parent && clippedOnPurpose.has(parent)) {
        clippedOnPurpose.add(element);
        continue;
      }
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const clips = /hidden|clip|auto|scroll/.test(style.overflowX);
      if (box.width <= 1 || box.height <= 1) {
        if (clips) clippedOnPurpose.add(element);
        continue;
      }
      if (box.left < -1 || box.right > viewport + 1) {
        found.push(
          `${name(element)}: past the screen's edge by ${Math.round(Math.max(-box.left, box.right - viewport))}px`,
        );
      }
      if (clips && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name(element)}: ${element.scrollWidth - element.clientWidth}px hidden behind a sideways scroll`);
      }
      // The container is the nearest ancestor with a box of its own (a `display: contents` row
      // or an inline element lays nothing out).
      let holder = parent;
      while (holder && /^(contents|inline)$/.test(getComputedStyle(holder).display)) holder = holder.parentElement;
      const inFlow = style.position !== "absolute" && style.position !== "fixed";
      const container = holder?.getBoundingClientRect();
      if (inFlow && container && box.width > container.width + 1) {
        found.push(`${name(element)}: ${Math.round(box.width - container.width)}px wider than ${name(holder!)}`);
      }
    }
    return found;
  });
}

test.describe("no element wider than its container @desktop", () => {
  for (const { name, path } of pageTypes) {
    test(`${name} (${path}) at ${widths.join(", ")} px`, async ({ page }) => {
      const problems: string[] = [];
      for (const width of widths) {
        await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
        await page.goto(path);
        for (const problem of await overflowingElements(page)) problems.push(`${width}px ${problem}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
