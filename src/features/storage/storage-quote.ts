import type { StorageSpace } from "~/config/booking-pools";
import { storage } from "~/config/business-terms";
import { purchaseTerms, site } from "~/config/site";
import { addDays, addMonths, isCalendarDay, localMoment } from "~/lib/calendar-days";
import { formatMoney, formatPrice } from "~/lib/format";
import { salesTaxCents } from "~/lib/sales-tax";
import { storageMonthLimits, storageSpaceNames } from "./storage-content";

/**
 * The price of a storage stay, exactly as the storage policy charges it, for the booking page, the
 * API, the hold and the staff e-mail alike. Money is added in whole cents and reported in dollars.
 *
 * A stay is one of:
 * - the winter or summer package: from the start to its season's last day, both included, at the
 *   package price. The season's dates are the policy's own (`storage.winter.season`, "October 15 -
 *   April 15"). A start inside the season books the rest of it at the package price; a start outside
 *   it is refused with the season's dates, never moved to a day the customer did not choose.
 * - monthly: `months` calendar months from the start; the last day is the day before the same date
 *   that many months later (January 10 for 2 months runs to March 9), or, when that month has no
 *   such date, its last day (January 31 for 1 month runs to February 28, March 31 to April 30).
 *
 * Maintenance is charged for the months the stay covers: the months from the start to its last day,
 * counting a part month as a whole one and the last day as the day the cart goes home (October 15 to
 * April 15 is six months, as the policy's winter season reads; May 1 to September 30 is five).
 */

export const storagePackages = ["winter", "summer", "monthly"] as const;
export type StoragePackage = (typeof storagePackages)[number];
export type SeasonPackage = Exclude<StoragePackage, "monthly">;
export const storageSpaces = ["indoor", "outdoor"] as const satisfies readonly StorageSpace[];

export interface StorageRequest {
  space: StorageSpace;
  package: StoragePackage;
  /** The first day held, "YYYY-MM-DD" on the dealer's calendar. */
  start: string;
  /** Monthly storage only: whole months, 1 to 12. */
  months?: number;
  /** Battery and tyre maintenance while stored, every month of the stay. */
  maintenance: boolean;
  /** Pre-season preparation, once. */
  prep: boolean;
}

export interface QuoteLine {
  label: string;
  /** Dollars. */
  amount: number;
}

export interface StorageQuote {
  space: StorageSpace;
  package: StoragePackage;
  start: string;
  /** The last day held (included). */
  lastDay: string;
  /** The day after the last day: the end of the capacity engine's span. */
  end: string;
  /** The months the stay covers: what maintenance is charged for. */
  months: number;
  storage: number;
  maintenance: number;
  prep: number;
  /** Sales tax on the add-ons, which are service to the cart; storage itself is not taxed (src/config/taxes.ts). */
  salesTax: number;
  /** What the owner pays: storage, add-ons and their tax. */
  total: number;
  lines: QuoteLine[];
  /** Said when monthly storage of the same days, with the same add-ons, would cost less than the package. */
  note?: string;
}

export type StorageField = "space" | "package" | "start" | "months" | "maintenance" | "prep";
export type StorageFieldProblems = Partial<Record<StorageField, string>>;

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

const { min: minMonths, max: maxMonths } = storageMonthLimits;

/** One wording for the server's schema, the rules below and the page. */
export const storageMessages = {
  space: "Choose an indoor or a covered outdoor space",
  package: "Choose the winter package, the summer package or monthly storage",
  start: "Choose a start date",
  months: `Choose ${minMonths} to ${maxMonths} months for monthly storage`,
  monthsWithPackage: "Months are for monthly storage only: a package runs to the end of its season",
  maintenance: "Say whether you want maintenance while the cart is stored",
  prep: "Say whether you want pre-season preparation",
  vehicle: "Tell us the cart: make, model and year",
} as const;

// ---- Seasons, read from the policy's own wording ----

const monthNames = Array.from({ length: 12 }, (_, index) =>
  new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, index, 1))),
);

interface MonthDay {
  month: number;
  day: number;
}

function monthDay(text: string, season: string): MonthDay {
  const [name, day] = text.trim().split(/\s+/);
  const month = monthNames.indexOf(name ?? "") + 1;
  const date = Number(day);
  if (month === 0 || !Number.isInteger(date) || date < 1 || date > 31) {
    throw new Error(`The storage season "${season}" is not written "Month D - Month D"`);
  }
  return { month, day: date };
}

interface Season {
  /** As the policy writes it: "October 15 - April 15". */
  text: string;
  first: MonthDay;
  last: MonthDay;
}

function season(text: string): Season {
  const parts = text.split(/\s+-\s+/);
  if (parts.length !== 2) throw new Error(`The storage season "${text}" is not written "Month D - Month D"`);
  return { text, first: monthDay(parts[0]!, text), last: monthDay(parts[1]!, text) };
}

const seasons: Record<SeasonPackage, Season> = {
  winter: season(storage.winter.season),
  summer: season(storage.summer.season),
};

/** The policy's season text of a package: "October 15 - April 15". */
export function seasonText(pkg: SeasonPackage): string {
  return seasons[pkg].text;
}

const pad = (value: number) => String(value).padStart(2, "0");
const dayOf = (year: number, { month, day }: MonthDay) => `${year}-${pad(month)}-${pad(day)}`;

export interface SeasonWindow {
  /** First and last day of one year's season, both included. */
  first: string;
  last: string;
}

/** The season that begins in `year` (a winter runs into the next). */
function windowStarting(pkg: SeasonPackage, year: number): SeasonWindow {
  const { first, last } = seasons[pkg];
  const wraps = last.month < first.month || (last.month === first.month && last.day < first.day);
  return { first: dayOf(year, first), last: dayOf(wraps ? year + 1 : year, last) };
}

/** The season of `pkg` that `day` falls in, or null when it falls in none. */
export function seasonWindowOf(pkg: SeasonPackage, day: string): SeasonWindow | null {
  const year = Number(day.slice(0, 4));
  for (const candidate of [windowStarting(pkg, year - 1), windowStarting(pkg, year)]) {
    if (candidate.first <= day && day <= candidate.last) return candidate;
  }
  return null;
}

/** The season of `pkg` that `day` falls in or, when none, the next one to begin after it. */
export function seasonWindowFrom(pkg: SeasonPackage, day: string): SeasonWindow {
  const current = seasonWindowOf(pkg, day);
  if (current) return current;
  const year = Number(day.slice(0, 4));
  const thisYear = windowStarting(pkg, year);
  return thisYear.first > day ? thisYear : windowStarting(pkg, year + 1);
}

// ---- Months ----

/** The months a stay from `start` to `lastDay` covers (at least one). */
export function monthsCovered(start: string, lastDay: string): number {
  let months = 1;
  while (addMonths(start, months) < lastDay) months += 1;
  return months;
}

/**
 * The last day `months` of monthly storage from `start` hold. addMonths puts a date the target month
 * lacks on that month's last day (January 31 + 1 is February 28); the day before it would cut the
 * month short at the full monthly price, so then the month's last day itself is the last day held.
 */
export function monthlyLastDay(start: string, months: number): string {
  const sameDate = addMonths(start, months);
  const targetLacksTheDate = sameDate.slice(8) !== start.slice(8);
  return targetLacksTheDate ? sameDate : addDays(sameDate, -1);
}

/** The fewest months of monthly storage from `start` that hold every day up to `lastDay`. */
function monthsToHold(start: string, lastDay: string): number {
  let months = 1;
  while (monthlyLastDay(start, months) < lastDay) months += 1;
  return months;
}

// ---- Dates as the pages write them ----

const dateFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "long",
  day: "numeric",
  year: "numeric",
});

/** "October 15, 2026" for "2026-10-15". */
export function storageDate(day: string): string {
  return dateFormat.format(new Date(`${day}T00:00:00Z`));
}

// ---- The rules ----

/** The dealer's today, and the last day a stay may start, seen at `now`. */
export function storageBookingWindow(now: Date): { today: string; lastStart: string } {
  const today = localMoment(now, site.timeZone).day;
  return { today, lastStart: addMonths(today, site.storageBooking.horizonMonths) };
}

const packageWords: Record<SeasonPackage, string> = { winter: "winter package", summer: "summer package" };

/**
 * The rules of a request that need no clock: months for monthly storage only, and a package's start
 * inside its season. `bookable`, when given, is the span of days a stay may start in, so a refused
 * season start names the season's days the customer can still choose.
 */
export function storageRuleProblems(
  request: Pick<StorageRequest, "package" | "start" | "months">,
  bookable?: { today: string; lastStart: string },
): StorageFieldProblems {
  const problems: StorageFieldProblems = {};
  if (request.package === "monthly") {
    const { months } = request;
    if (months === undefined || !Number.isInteger(months) || months < minMonths || months > maxMonths) {
      problems.months = storageMessages.months;
    }
  } else if (request.months !== undefined) {
    problems.months = storageMessages.monthsWithPackage;
  }
  if (!isCalendarDay(request.start)) {
    problems.start = storageMessages.start;
  } else if (request.package !== "monthly" && !seasonWindowOf(request.package, request.start)) {
    problems.start = outOfSeasonMessage(request.package, bookable);
  }
  return problems;
}

/** The days of each season of `pkg` a stay may start on, from `today` to `lastStart`, as "from A to B". */
function bookableSeasons(pkg: SeasonPackage, bookable: { today: string; lastStart: string }): string[] {
  const spans: string[] = [];
  let window = seasonWindowFrom(pkg, bookable.today);
  while (window.first <= bookable.lastStart) {
    const from = window.first < bookable.today ? bookable.today : window.first;
    const to = window.last > bookable.lastStart ? bookable.lastStart : window.last;
    spans.push(`from ${storageDate(from)} to ${storageDate(to)}`);
    window = seasonWindowFrom(pkg, addDays(window.last, 1));
  }
  return spans;
}

/** Why a package cannot start on `start`, with the days of its season the customer can choose. */
function outOfSeasonMessage(pkg: SeasonPackage, bookable?: { today: string; lastStart: string }): string {
  const runs = `The ${packageWords[pkg]} runs ${seasons[pkg].text}`;
  const choose = "or choose monthly storage.";
  const spans = bookable ? bookableSeasons(pkg, bookable) : [];
  if (spans.length === 0) return `${runs}: choose a start in that season, ${choose}`;
  return `${runs}. Choose a start ${spans.join(" or ")}, ${choose}`;
}

/**
 * Everything that stops a well-formed request from being booked at `now`, by field: a start that has
 * passed or lies beyond the booking horizon, then the rules of `storageRuleProblems`.
 */
export function storageRequestProblems(
  request: Pick<StorageRequest, "package" | "start" | "months">,
  now: Date,
): StorageFieldProblems {
  const window = storageBookingWindow(now);
  const problems = storageRuleProblems(request, window);
  if (isCalendarDay(request.start)) {
    if (request.start < window.today) {
      problems.start = "That date has passed. Choose today or a later day.";
    } else if (request.start > window.lastStart) {
      problems.start = `Storage can be booked up to ${site.storageBooking.horizonMonths} months ahead. Choose a start on or before ${storageDate(window.lastStart)}.`;
    }
  }
  return problems;
}

/** A request `quoteStorage` cannot price, with the fields that are wrong. */
export class StorageRequestError extends RangeError {
  override name = "StorageRequestError";
  constructor(readonly fields: StorageFieldProblems) {
    super(`storage request: ${Object.values(fields).join("; ")}`);
  }
}

// ---- The quote ----

const monthWord = (months: number) => (months === 1 ? "month" : "months");

function monthlyRate(space: StorageSpace): number {
  return space === "indoor" ? storage.indoorMonthly : storage.outdoorMonthly;
}

function spaceLabel(space: StorageSpace): string {
  return `${storageSpaceNames[space]} space`;
}

/** The quote's space and package, as staff and the customer read it: "Indoor space, winter package". */
export function stayName(quote: Pick<StorageQuote, "space" | "package" | "months">): string {
  if (quote.package !== "monthly") return `${spaceLabel(quote.space)}, ${packageWords[quote.package]}`;
  return `${spaceLabel(quote.space)}, monthly storage (${quote.months} ${monthWord(quote.months)})`;
}

/** The stay's first and last days: "October 15, 2026 to April 15, 2027". */
export function stayDates(quote: Pick<StorageQuote, "start" | "lastDay">): string {
  return `${storageDate(quote.start)} to ${storageDate(quote.lastDay)}`;
}

/**
 * The one line staff read in lists and release e-mails: the space, the package and the dates, never
 * anything the customer typed.
 */
export function storageSummary(
  quote: Pick<StorageQuote, "space" | "package" | "months" | "start" | "lastDay">,
): string {
  return `${stayName(quote)}, ${stayDates(quote)}`;
}

interface Priced {
  quote: StorageQuote;
  cents: number;
}

function price(request: StorageRequest): Priced {
  const problems = storageRuleProblems(request);
  if (Object.keys(problems).length > 0) throw new StorageRequestError(problems);
  const { space, start } = request;
  let lastDay: string;
  let storageCents: number;
  let storageLabel: string;
  if (request.package === "monthly") {
    const months = request.months!;
    lastDay = monthlyLastDay(start, months);
    storageCents = months * toCents(monthlyRate(space));
    storageLabel = `${spaceLabel(space)}, ${months} ${monthWord(months)} at ${formatPrice(monthlyRate(space))}`;
  } else {
    lastDay = seasonWindowOf(request.package, start)!.last;
    storageCents = toCents(storage[request.package][space]);
    storageLabel = `${spaceLabel(space)}, ${packageWords[request.package]} (${seasons[request.package].text})`;
  }
  const months = monthsCovered(start, lastDay);
  const lines: QuoteLine[] = [{ label: storageLabel, amount: toDollars(storageCents) }];
  const maintenanceCents = request.maintenance ? months * toCents(storage.maintenanceMonthly) : 0;
  if (request.maintenance) {
    lines.push({
      label: `Battery and tyre maintenance, ${months} ${monthWord(months)} at ${formatPrice(storage.maintenanceMonthly)}`,
      amount: toDollars(maintenanceCents),
    });
  }
  const prepCents = request.prep ? toCents(storage.preSeasonPrep) : 0;
  if (request.prep) lines.push({ label: "Pre-season preparation", amount: toDollars(prepCents) });
  const taxCents = salesTaxCents(maintenanceCents + prepCents, purchaseTerms.salesTaxPercent);
  if (taxCents > 0) {
    lines.push({
      label: `Pennsylvania sales tax (${purchaseTerms.salesTaxPercent}%) on maintenance and preparation`,
      amount: toDollars(taxCents),
    });
  }
  const cents = storageCents + maintenanceCents + prepCents + taxCents;
  return {
    cents,
    quote: {
      space,
      package: request.package,
      start,
      lastDay,
      end: addDays(lastDay, 1),
      months,
      storage: toDollars(storageCents),
      maintenance: toDollars(maintenanceCents),
      prep: toDollars(prepCents),
      salesTax: toDollars(taxCents),
      total: toDollars(cents),
      lines,
    },
  };
}

/**
 * The price of a request that passes `storageRuleProblems` (it throws a StorageRequestError for one
 * that does not). A package that costs more than monthly storage holding the same days, with the
 * same add-ons, says so in `note`, so nobody pays the package price for a few weeks by mistake.
 */
export function quoteStorage(request: StorageRequest): StorageQuote {
  const { quote, cents } = price(request);
  if (request.package === "monthly") return quote;
  const months = monthsToHold(quote.start, quote.lastDay);
  if (months > maxMonths) return quote;
  const monthly = price({ ...request, package: "monthly", months });
  if (monthly.cents >= cents) return quote;
  const withAddOns = request.maintenance || request.prep ? ", with the same add-ons," : "";
  return {
    ...quote,
    note: `Monthly storage would cost less for these dates: ${months} ${monthWord(months)} from ${storageDate(quote.start)} (to ${storageDate(monthly.quote.lastDay)})${withAddOns} comes to ${formatMoney(monthly.quote.total)}, against ${formatMoney(quote.total)} for the ${packageWords[request.package]}. Choose monthly storage to book it that way.`,
  };
}
