import type { StorageSpace } from "~/config/booking-pools";
import { daysBetween } from "~/lib/calendar-days";
import type { Database } from "~/server/db.server";
import { storageAvailability } from "./storage-bookings.server";
import { quoteOf } from "~/features/bookings/booking-flow.server";
import { storageQuoteRules, storageRequestOf } from "./storage-intake.server";
import { planParts, type StorageSearch } from "./storage-paths";
import { seasonWindowFrom, storageBookingWindow, type StorageQuote, type StorageRequest } from "./storage-quote";
import { fullSpaceMessage } from "./storage-rules";

/**
 * What the booking page shows for one address: the stay as asked and, once it is complete, valid and
 * free on every day, its quote and the booking form. Read from the address and the database on every
 * request, so the page works with no script and never offers a space already taken.
 */

export type StoragePageField = "space" | "plan" | "start" | "maintenance" | "prep";

export interface StorageBookPageData {
  /** The address's fields, as the form echoes them. */
  search: Required<StorageSearch>;
  /** A start to offer when none was typed: the first day of the chosen package's season that can be booked. */
  suggestedStart: string;
  problems: Partial<Record<StoragePageField, string>>;
  window: { today: string; lastStart: string };
  /** The stay as the booking form sends it, with its price: when it is complete, valid and free on every day. */
  request: StorageRequest | null;
  quote: StorageQuote | null;
  /** The fewest spaces of the kind free on any day of the stay. */
  spacesLeft: number | null;
}

function field(params: URLSearchParams, name: string): string {
  return params.get(name)?.trim() ?? "";
}

/** The request's fields as the page names them: the package and its months are one choice, the plan. */
function pageField(name: string): StoragePageField | null {
  if (name === "package" || name === "months") return "plan";
  if (name === "space" || name === "start" || name === "maintenance" || name === "prep") return name;
  return null;
}

export async function storageBookPageData(
  db: Database,
  params: URLSearchParams,
  now: Date,
): Promise<StorageBookPageData> {
  const window = storageBookingWindow(now);
  const search = {
    space: field(params, "space"),
    plan: field(params, "plan"),
    start: field(params, "start"),
    maintenance: field(params, "maintenance"),
    prep: field(params, "prep"),
  };
  const plan = planParts(search.plan);
  const season = plan.package === "winter" || plan.package === "summer" ? plan.package : null;
  let suggestedStart = "";
  if (season) {
    const first = seasonWindowFrom(season, window.today).first;
    suggestedStart = first < window.today ? window.today : first;
  }
  const page: StorageBookPageData = {
    search,
    suggestedStart,
    problems: {},
    window,
    request: null,
    quote: null,
    spacesLeft: null,
  };
  // The form always sends a start, empty or not: until it has, the page only offers the choices.
  if (!params.has("start")) return page;

  const outcome = quoteOf(
    storageQuoteRules,
    {
      space: search.space || undefined,
      package: plan.package || undefined,
      start: search.start || undefined,
      months: plan.months === undefined ? undefined : Number(plan.months),
      maintenance: search.maintenance !== "",
      prep: search.prep !== "",
    },
    now,
  );
  if (!outcome.ok) {
    for (const [name, message] of Object.entries(outcome.fields)) {
      const shown = pageField(name);
      if (shown) page.problems[shown] ??= message;
    }
    return page;
  }
  const { quote } = outcome;
  const space: StorageSpace = quote.space;
  const days = await storageAvailability(db, space, quote.start, daysBetween(quote.start, quote.end));
  const fullDays = days.filter((day) => day.remaining <= 0).map((day) => day.date);
  if (fullDays.length > 0) {
    page.problems.start = fullSpaceMessage(space, fullDays);
    return page;
  }
  page.request = storageRequestOf(outcome.asked);
  page.quote = quote;
  page.spacesLeft = Math.min(...days.map((day) => day.remaining));
  return page;
}
