import { expect, test, type Page } from "@playwright/test";
import { waitForIsland } from "../support/island";

const figures = ["eco-co2", "eco-fuel", "eco-cost", "eco-trees", "eco-electric", "eco-net"];

declare global {
  interface Window {
    figureTexts: Record<string, string[]>;
  }
}

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "embed_consent", value: "denied", url: baseURL! }]);
  // Records every text a figure takes, as the DOM holds it when the mutation is delivered, i.e.
  // before the browser can paint it. Only mutations touching a figure count, so an unrelated change
  // (the celebration message going away) does not re-record a figure that is merely still shown.
  await page.addInitScript((testIds: string[]) => {
    window.figureTexts = {};
    const record = (mutations: MutationRecord[]) => {
      for (const testId of testIds) {
        const figure = document.querySelector(`[data-testid="${testId}"]`);
        const touched = mutations.some(
          (mutation) =>
            figure?.contains(mutation.target) || [...mutation.addedNodes].some((node) => node.contains(figure)),
        );
        if (!figure || !touched) continue;
        const text = figure.textContent ?? "";
        const seen = (window.figureTexts[testId] ??= []);
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  }, figures);
});

const numberIn = (text: string) => Number(text.replace(/[^\d.-]/g, ""));

async function calculate(page: Page, finalCo2: string) {
  await page.getByRole("button", { name: "Calculate Impact" }).click();
  await expect(page.getByRole("button", { name: "Calculating..." })).toBeDisabled();
  // The previous run's figures stay up while calculating; what counts is what follows.
  await page.evaluate(() => (window.figureTexts = {}));
  await expect(page.getByTestId("eco-co2")).toHaveText(finalCo2, { timeout: 5000 });
  await expect(page.getByTestId("eco-net")).not.toHaveText("$0");
  // Each figure runs its own animation frames; give the last ones time to land.
  await page.waitForTimeout(300);
  const seen = await page.evaluate(() => window.figureTexts);
  for (const testId of figures) {
    const texts = seen[testId] ?? [];
    expect(texts.length, `${testId} counted up: ${texts.join(" | ")}`).toBeGreaterThan(2);
    expect(numberIn(texts[0]!), `${testId} starts at 0: ${texts.join(" | ")}`).toBe(0);
    // Never a figure (such as the final one) followed by a smaller one.
    const numbers = texts.map(numberIn);
    expect(numbers, `${testId} never counts down`).toEqual([...numbers].sort((a, b) => a - b));
  }
}

test("every result figure counts up from 0, first run and again on a new calculation", async ({ page }) => {
  await page.goto("/eco-impact");
  // Before its island is live the button would submit the form to the server instead of animating.
  await waitForIsland(page);
  await page.getByLabel("Miles per week").fill("100");
  await page.getByLabel("Usage type").selectOption("commercial");
  await page.getByLabel("Time frame").selectOption("3");
  await calculate(page, "40,768 lbs");

  // A second run must start at 0, not show the previous (larger) figures first.
  await page.getByLabel("Miles per week").fill("50");
  await calculate(page, "20,384 lbs");
});
