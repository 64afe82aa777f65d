/**
 * The most JavaScript each scripted page type may send, compressed, by the route module's name: read
 * by the page-weight budgets (tests/quality/budgets.spec.ts, gzip as the browser receives it) and by
 * the Lighthouse gate (brotli as the edge sends it). A page type not named here is a plain document
 * and sends none. Before issue 49 each of these pages hydrated the whole app for 120-128 KB; the
 * budgets go down, not up.
 */
export const javaScriptBudgets: Readonly<Record<string, number>> = {
  contact: 20 * 1024,
  "eco-impact": 20 * 1024,
  "rental-booking": 40 * 1024,
  // A staff page, behind Access: held by tests/e2e/staff-photo-travel.spec.ts, which signs in to see it.
  "staff-vehicle": 15 * 1024,
  // Its photos made smaller and sent one by one (issue 58), measured like every public page by budgets.spec.ts.
  "trade-in": 15 * 1024,
};
