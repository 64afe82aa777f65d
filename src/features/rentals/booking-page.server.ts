import { rentalPlans } from "~/config/rental-plans";
import type { Database } from "~/server/db.server";
import { calendarView, type CalendarMonth } from "~/features/bookings/availability-calendar";
import { rentalAvailability } from "./rental-bookings.server";
import { quoteOf } from "~/features/bookings/booking-flow.server";
import { bookingFromForm, rentalQuoteRules } from "./rental-intake.server";
import type { BookingSearch } from "./rental-paths";
import { bookingWindow, findRentalPlan, type RentalPlanId, type RentalQuote } from "./rental-quote";
import { fullDaysMessage, rentalMessages } from "./rental-rules";

/**
 * What the booking page shows for one address: the class, two months of the class's calendar, the
 * trip as asked and, once it is complete and bookable, its quote. Everything is read from the
 * address and the database on every request, so the page works with no script and never shows
 * yesterday's calendar.
 */

const shownMonths = 2;

export interface BookingPageData {
  /** The address's fields, as the forms echo them (defaults filled in). */
  search: Required<Omit<BookingSearch, "month">> & { month: string };
  plan: RentalPlanId | null;
  problems: Partial<Record<"plan" | "start" | "days" | "delivery" | "drivers", string>>;
  window: { today: string; lastStart: string };
  months: CalendarMonth[];
  previousMonth: string | null;
  nextMonth: string | null;
  /** Days of the asked trip with no cart left. */
  fullDays: string[];
  /** The price when the trip is complete, valid and free on every day. */
  quote: RentalQuote | null;
}

function field(params: URLSearchParams, name: string): string {
  return params.get(name)?.trim() ?? "";
}

export async function bookingPageData(db: Database, params: URLSearchParams, now: Date): Promise<BookingPageData> {
  const window = bookingWindow(now);
  const askedPlan = field(params, "plan");
  const plan = askedPlan ? (findRentalPlan(askedPlan)?.id ?? null) : rentalPlans[0]!.id;
  const search = {
    plan: plan ?? askedPlan,
    start: field(params, "start"),
    days: field(params, "days") || "1",
    delivery: field(params, "delivery") || "pickup",
    drivers: field(params, "drivers") || "0",
    month: "",
  };
  const problems: BookingPageData["problems"] = plan ? {} : { plan: rentalMessages.plan };

  const calendar = await calendarView({
    askedMonth: field(params, "month") || null,
    chosenDay: search.start,
    window,
    shown: shownMonths,
    remainingDays: plan ? (from, count) => rentalAvailability(db, plan, from, count) : null,
  });
  search.month = calendar.month;

  let quote: RentalQuote | null = null;
  let fullDays: string[] = [];
  if (plan && search.start) {
    const form = new FormData();
    for (const [name, value] of Object.entries(search)) form.set(name, value);
    const outcome = quoteOf(rentalQuoteRules, bookingFromForm(form), now);
    if (!outcome.ok) {
      Object.assign(problems, outcome.fields);
    } else {
      const trip = await rentalAvailability(db, plan, outcome.asked.start, outcome.asked.days);
      fullDays = trip.filter((day) => day.remaining <= 0).map((day) => day.date);
      if (fullDays.length > 0) problems.start = fullDaysMessage(fullDays);
      else quote = outcome.quote;
    }
  }

  return {
    search,
    plan,
    problems,
    window: { today: window.today, lastStart: window.lastStart },
    months: calendar.months,
    previousMonth: calendar.previousMonth,
    nextMonth: calendar.nextMonth,
    fullDays,
    quote,
  };
}
