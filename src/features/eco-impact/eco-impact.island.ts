/**
 * The eco-impact page's island (see scripts/vite-plugins/islands.ts): the calculator EcoImpactPage renders,
 * worked in the browser with the page's own formula (calculate.ts). "Calculating..." for a moment,
 * then every figure counts up from 0 and the page celebrates for three seconds. Without this script
 * the form asks the page again and the server calculates.
 */
import { markIslandLive } from "~/ui/island-ready";
import { calculateEcoImpact, ecoFigures, parseEcoInput, type EcoResult } from "./calculate";

const calculatingMs = 1500;
const celebrationMs = 3000;
const countUpMs = 1200;
/** The count's pending animation frame, so a new run stops the last. */
let frame = 0;

const form = document.querySelector<HTMLFormElement>("form.eco-form");
const live = document.querySelector<HTMLElement>(".eco-live");
if (form && live) enhance(form, live);
markIslandLive();

function enhance(form: HTMLFormElement, live: HTMLElement) {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const buttonLabel = button.textContent;
  let celebrationTimer = 0;

  form.addEventListener("submit", (event) => {
    // The server's own reading of the form; one it refuses goes to the server, which says why.
    const fields = [...new FormData(form)].map(([name, value]) => [name, String(value)] as [string, string]);
    const { input, problems } = parseEcoInput(new URLSearchParams(fields));
    if (problems.length > 0) return;
    event.preventDefault();
    button.disabled = true;
    button.textContent = "Calculating...";
    window.setTimeout(() => {
      countUp(resultList(live), calculateEcoImpact(input));
      button.disabled = false;
      button.textContent = buttonLabel;
      window.clearTimeout(celebrationTimer);
      celebrate(live);
      celebrationTimer = window.setTimeout(() => live.querySelector(".eco-celebration")?.remove(), celebrationMs);
    }, calculatingMs);
  });
}

/** The figures' elements by key: the server's list when it calculated, else a new one in place of the prompt. */
function resultList(live: HTMLElement): Map<keyof EcoResult, HTMLElement> {
  let list = live.querySelector<HTMLElement>(".eco-results");
  if (!list) {
    list = document.createElement("dl");
    list.className = "eco-results";
    for (const figure of ecoFigures) {
      const tile = document.createElement("div");
      tile.className = "stat-tile";
      const term = document.createElement("dt");
      term.textContent = figure.label;
      const value = document.createElement("dd");
      value.dataset.testid = figure.testId;
      // The first figure a visitor sees is 0, never a final one.
      value.textContent = figure.format(0);
      tile.appendChild(term);
      tile.appendChild(value);
      list.appendChild(tile);
    }
    live.replaceChildren(list);
  }
  const elements = new Map<keyof EcoResult, HTMLElement>();
  for (const figure of ecoFigures) {
    const element = list.querySelector<HTMLElement>(`[data-testid="${figure.testId}"]`);
    if (element) elements.set(figure.key, element);
  }
  return elements;
}

/** Counts every figure from 0 up to its result (eased); shows the results at once if motion is reduced. */
function countUp(elements: Map<keyof EcoResult, HTMLElement>, result: EcoResult): void {
  cancelAnimationFrame(frame);
  const show = (fraction: number) => {
    for (const figure of ecoFigures) {
      const element = elements.get(figure.key);
      const text = figure.format(result[figure.key] * fraction);
      if (element && element.textContent !== text) element.textContent = text;
    }
  };
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    show(1);
    return;
  }
  // Set before the first frame, so a second run never shows the previous figures counting down.
  show(0);
  const start = performance.now();
  const tick = (now: number) => {
    // A frame's timestamp can precede `start`; clamp so the count never dips below 0.
    const elapsed = Math.min(Math.max((now - start) / countUpMs, 0), 1);
    show(1 - (1 - elapsed) ** 3);
    if (elapsed < 1) frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
}

function celebrate(live: HTMLElement) {
  if (live.querySelector(".eco-celebration")) return;
  const message = document.createElement("p");
  message.className = "eco-celebration";
  message.textContent = "Great Choice for the Environment!";
  live.insertAdjacentElement("afterbegin", message);
}
