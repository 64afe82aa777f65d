/**
 * The rental booking page's island (see scripts/vite-plugins/islands.ts). Every step of the page works as
 * links and forms the server answers; this script asks the server the same questions without
 * leaving the page, and puts its answer in place:
 * - the cart buttons, the calendar's months and days and "Show price" change the page in place;
 * - a change of length, delivery or drivers reprices a moment after the renter stops typing, keeping
 *   the trip form (and the focus in it) and the renter's details as they are;
 * - the renter's details are checked in the browser with the rules the server applies before the
 *   booking is posted, as a document, to the page.
 * The figures are the server's, from the one quote formula: the page is fetched, not recalculated.
 */
import { focusFirstInvalid, showFieldErrors } from "~/ui/field-errors";
import { markIslandLive } from "~/ui/island-ready";
import { renterProblems } from "./booking-form-schema";
import { rentalBookingPagePath as bookingPath } from "./rental-paths";

/** Fields whose change reprices the trip at once; the start waits for its own submit. */
const livePricedFields = new Set(["days", "delivery", "drivers"]);
const repriceDelayMs = 400;

let repriceTimer: number | undefined;
let inFlight: AbortController | null = null;
/** The address whose answer the page shows, without its fragment. */
let shown = window.location.pathname + window.location.search;

const cancelReprice = () => window.clearTimeout(repriceTimer);

function current(): HTMLElement | null {
  return document.querySelector<HTMLElement>(".booking");
}

type Change = "navigate" | "reprice";

/**
 * Asks the server for the page at `url` and shows its answer. A navigation replaces the booking
 * steps; a re-pricing replaces all but what the renter is filling in. Anything this cannot show in
 * place (a redirect elsewhere, a robot check whose script must run, a failure) is a document load.
 */
async function show(url: URL, change: Change, history: "push" | "replace" | "none") {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  let next: HTMLElement | null = null;
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" }, signal: controller.signal });
    const html = await response.text();
    if (new URL(response.url).pathname === bookingPath) {
      next = new DOMParser().parseFromString(html, "text/html").querySelector<HTMLElement>(".booking");
    }
  } catch {
    // A dropped connection: the document load below asks again, and says so if it fails.
  }
  if (controller.signal.aborted) return;
  inFlight = null;
  const page = current();
  if (!next || !page || next.querySelector("script")) {
    window.location.assign(url);
    return;
  }
  if (change === "navigate") page.replaceWith(document.importNode(next, true));
  else reprice(page, next);
  shown = url.pathname + url.search;
  const address = `${url.pathname}${url.search}${url.hash}`;
  if (history === "push") window.history.pushState(null, "", address);
  else if (history === "replace") window.history.replaceState(null, "", address);
  if (change === "navigate" && url.hash) document.getElementById(url.hash.slice(1))?.scrollIntoView();
}

/**
 * Puts the new steps around the parts the renter is using, which stay where they are (a moved
 * element loses the focus): the trip form gets the server's messages and hidden fields, the live
 * region the new quote, the renter's form (if both pages have one) the new trip's hidden fields.
 */
function reprice(page: HTMLElement, next: HTMLElement) {
  const kept = new Map<Element, Element>();
  const keep = (selector: string) => {
    const old = page.querySelector(`:scope > ${selector}`);
    const fresh = next.querySelector(`:scope > ${selector}`);
    if (old && fresh) kept.set(fresh, old);
    return old && fresh ? { old, fresh } : null;
  };
  const columns = keep(".booking__columns");
  if (columns) syncTripForm(columns.old, columns.fresh);
  const live = keep(".booking-live");
  if (live) live.old.replaceChildren(...[...live.fresh.childNodes].map((node) => document.importNode(node, true)));
  const renter = keep("section:has(.booking-renter-form)");
  if (renter) syncHiddenFields(renter.old.querySelector("form")!, renter.fresh.querySelector("form")!);

  const keptOld = new Set(kept.values());
  for (const child of [...page.children]) if (!keptOld.has(child)) child.remove();
  // Kept parts keep their order, so each new part goes just before the next kept one.
  let pending: Element[] = [];
  for (const child of [...next.children]) {
    const old = kept.get(child);
    if (!old) {
      pending.push(document.importNode(child, true));
      continue;
    }
    for (const node of pending) old.insertAdjacentElement("beforebegin", node);
    pending = [];
  }
  for (const node of pending) page.appendChild(node);
}

function syncTripForm(oldColumns: Element, freshColumns: Element) {
  const old = oldColumns.querySelector<HTMLFormElement>(".booking-trip-form");
  const fresh = freshColumns.querySelector<HTMLFormElement>(".booking-trip-form");
  if (!old || !fresh) return;
  const errors: Record<string, string> = {};
  for (const message of fresh.querySelectorAll<HTMLElement>(".field__error[id^='booking-']")) {
    const name = /^booking-(.+)-error$/.exec(message.id)?.[1];
    if (name) errors[name] = message.textContent ?? "";
  }
  showFieldErrors(old, "booking", errors);
  syncHiddenFields(old, fresh);
}

function syncHiddenFields(old: HTMLFormElement, fresh: HTMLFormElement) {
  const action = fresh.getAttribute("action");
  if (action) old.setAttribute("action", action);
  for (const input of fresh.querySelectorAll<HTMLInputElement>("input[type=hidden]")) {
    const mine = old.querySelector<HTMLInputElement>(`input[type=hidden][name="${input.name}"]`);
    if (mine) mine.value = input.value;
  }
}

function searchOf(form: HTMLFormElement): URL {
  const url = new URL(form.getAttribute("action") ?? bookingPath, window.location.href);
  url.search = new URLSearchParams(
    [...new FormData(form)].map(([name, value]) => [name, String(value)] as [string, string]),
  ).toString();
  return url;
}

function enhance(main: HTMLElement) {
  main.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.("a");
    if (!link || !link.closest(".booking") || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || url.pathname !== bookingPath) return;
    event.preventDefault();
    cancelReprice();
    void show(url, "navigate", "push");
  });

  main.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    cancelReprice();
    if (form.classList.contains("booking-trip-form")) {
      event.preventDefault();
      void show(searchOf(form), "navigate", "push");
    } else if (form.classList.contains("booking-renter-form")) {
      event.preventDefault();
      inFlight?.abort();
      const problems = renterProblems(new FormData(form)) as Record<string, string>;
      showFieldErrors(form, "booking", problems);
      if (Object.keys(problems).length > 0) focusFirstInvalid(form, problems);
      // The booking goes as the form would without this script: the page answers it.
      else form.submit();
    }
  });

  const reprice = (event: Event) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    const form = field.form;
    if (!form?.classList.contains("booking-trip-form") || !livePricedFields.has(field.name)) return;
    const start = form.elements.namedItem("start") as HTMLInputElement | null;
    if (!start?.value) return;
    cancelReprice();
    repriceTimer = window.setTimeout(() => void show(searchOf(form), "reprice", "replace"), repriceDelayMs);
  };
  // "input" as the renter types a length, "change" for the lists.
  main.addEventListener("input", reprice);
  main.addEventListener("change", reprice);

  // Back and Forward between steps shown in place show the step the address names.
  window.addEventListener("popstate", () => {
    // A fragment of the same answer (the skip link, #calendar) is the browser's own to scroll to.
    if (window.location.pathname + window.location.search === shown) return;
    cancelReprice();
    void show(new URL(window.location.href), "navigate", "none");
  });
}

const main = document.querySelector<HTMLElement>("main");
if (main) enhance(main);
markIslandLive();
