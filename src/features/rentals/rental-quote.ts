import { rentalPeriods, rentalPlans, rentalTerms, type RentalPlan, type RentalRate } from "~/config/rental-plans";
import { site } from "~/config/site";
import { addDays, addMonths, isCalendarDay, localMoment, longDate } from "~/lib/calendar-days";
import { findDeliveryTown, rentalDeliveryTo } from "~/lib/delivery";
import type { DeliveryChoice } from "~/lib/delivery-choice";
import { formatMiles, formatMoney, formatTimeOfDay } from "~/lib/format";
import { rentalTaxTerms } from "~/config/taxes";
import { rentalTaxLines } from "./rental-taxes";

/**
 * The price of a rental, exactly as the rental policy would charge it, for the booking page, the
 * API and the staff e-mail alike. Money is added in whole cents and reported in dollars, so
 * $685 + 4 x $228.34 is $1,598.36 and never $1,598.3600000000001.
 */

export type RentalPlanId = RentalPlan["id"];

export interface RentalRequest {
  plan: RentalPlanId;
  /** The first rental day, "YYYY-MM-DD" on the dealer's calendar. */
  start: string;
  /** 24-hour periods, 1 to 30. */
  days: number;
  delivery: DeliveryChoice;
  /** Additional drivers, 0 to 2. */
  drivers: number;
}

export interface QuoteLine {
  label: string;
  /** Dollars. */
  amount: number;
}

export interface RentalQuote {
  plan: RentalPlanId;
  start: string;
  days: number;
  /** The day the cart comes back: `days` 24-hour periods after it left on `start`. */
  returnDay: string;
  rent: number;
  delivery: number;
  rushFee: number;
  driversFee: number;
  /** The taxes and fees Pennsylvania adds to the charges above, together (each is a line). */
  taxes: number;
  /** What the renter pays: every charge, tax and fee. */
  total: number;
  /** Refundable, held on the renter's card; not part of the total. */
  deposit: number;
  lines: QuoteLine[];
}

export interface RentCharge {
  cents: number;
  /** How the charge is made up, e.g. "3 Day rate + 2 extra days at $228.34". */
  basis: string;
}

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

function periodOf(rate: RentalRate) {
  return rentalPeriods.find((period) => period.id === rate.period)!;
}

/**
 * The cheapest charge the published rates allow for `days`: one plan's rate, plus any days beyond
 * it at that plan's renewal per-day figure, or a longer plan outright when that costs less
 * (5 days of a 4 seater is the weekly $1,050, not $685 + 2 x $228.34). Rates are not combined
 * otherwise; docs/decisions.md records the rule.
 */
export function rentCharge(plan: RentalPlan, days: number): RentCharge {
  const charges = plan.rates.map((rate): RentCharge => {
    const period = periodOf(rate);
    const extraDays = Math.max(days - period.days, 0);
    const cents = toCents(rate.price) + extraDays * toCents(rate.renewalPerDay);
    if (extraDays === 0) return { cents, basis: `${period.label} rate` };
    const dayWord = extraDays === 1 ? "day" : "days";
    return {
      cents,
      basis: `${period.label} rate + ${extraDays} extra ${dayWord} at ${formatMoney(rate.renewalPerDay)}`,
    };
  });
  // On a tie the shorter plan wins: it is the one the renter would pick by reading the table.
  return charges.reduce((best, charge) => (charge.cents < best.cents ? charge : best));
}

export function findRentalPlan(id: string, plans: readonly RentalPlan[] = rentalPlans): RentalPlan | undefined {
  return plans.find((plan) => plan.id === id);
}

export const rentalDayLimits = { min: 1, max: rentalTerms.maximumDays } as const;

/** Minutes after midnight of the same-day delivery cut-off. */
const sameDayCutoffMinutes = (() => {
  const [hours = "0", minutes = "0"] = rentalTerms.sameDayCutoff.split(":");
  return Number(hours) * 60 + Number(minutes);
})();

/** The dealer's today, and the last day a rental may start, seen at `now`. */
export function bookingWindow(now: Date): { today: string; lastStart: string; sameDayDeliveryOpen: boolean } {
  const moment = localMoment(now, site.timeZone);
  return {
    today: moment.day,
    lastStart: addMonths(moment.day, site.rentalBooking.horizonMonths),
    sameDayDeliveryOpen: moment.minutes < sameDayCutoffMinutes,
  };
}

export type RentalField = "plan" | "start" | "days" | "delivery" | "drivers";
export type RentalFieldProblems = Partial<Record<RentalField, string>>;

/**
 * What stops a well-formed request from being booked at `now`, by field: a start that has passed
 * or is beyond the booking horizon, and same-day delivery after the cut-off. The shape (known plan,
 * town, 1 to 30 days, 0 to 2 drivers) is the schema's to check.
 */
export function rentalDateProblems(request: Pick<RentalRequest, "start" | "delivery">, now: Date): RentalFieldProblems {
  const { today, lastStart, sameDayDeliveryOpen } = bookingWindow(now);
  if (!isCalendarDay(request.start)) return { start: "Choose a start date." };
  if (request.start < today) return { start: "That date has passed. Choose today or a later day." };
  if (request.start > lastStart) {
    return {
      start: `Bookings open up to ${site.rentalBooking.horizonMonths} months ahead. Choose a start on or before ${longDate(lastStart)}.`,
    };
  }
  if (request.start === today && request.delivery.type === "delivery" && !sameDayDeliveryOpen) {
    return {
      start: `Same-day delivery is booked before ${formatTimeOfDay(rentalTerms.sameDayCutoff)}. Choose pickup at the showroom or a later start.`,
    };
  }
  return {};
}

/**
 * The quote for a request that passed the schema and `rentalDateProblems`. Delivery is the one
 * delivery-terms charge (once per rental), and the rush fee applies to same-day delivery only. The
 * plans and tax terms are the configured ones; tests pass others (an LSV class, which no plan rents yet).
 */
export function quoteRental(
  request: RentalRequest,
  now: Date,
  rates: { plans: readonly RentalPlan[]; taxTerms: typeof rentalTaxTerms } = {
    plans: rentalPlans,
    taxTerms: rentalTaxTerms,
  },
): RentalQuote {
  const plan = findRentalPlan(request.plan, rates.plans);
  if (!plan) throw new Error(`Unknown rental plan ${request.plan}`);
  const rent = rentCharge(plan, request.days);
  const lines: QuoteLine[] = [
    {
      label: `${plan.title}, ${request.days} ${request.days === 1 ? "day" : "days"} (${rent.basis})`,
      amount: toDollars(rent.cents),
    },
  ];

  let deliveryCents = 0;
  let rushCents = 0;
  if (request.delivery.type === "delivery") {
    const town = findDeliveryTown(request.delivery.town);
    if (!town) throw new Error(`Unknown delivery town ${request.delivery.town}`);
    const delivery = rentalDeliveryTo(town.coordinates);
    deliveryCents = toCents(delivery.charge);
    lines.push({
      label: `Delivery to ${town.name} and pickup (${formatMiles(delivery.miles)} from ${delivery.origin.name})`,
      amount: delivery.charge,
    });
    if (request.start === bookingWindow(now).today) {
      rushCents = toCents(rentalTerms.rushFee);
      lines.push({ label: "Same-day delivery rush fee", amount: rentalTerms.rushFee });
    }
  } else {
    lines.push({ label: "Pickup and return at the showroom", amount: 0 });
  }

  const driversCents = request.drivers * toCents(rentalTerms.additionalDriverFee);
  if (request.drivers > 0) {
    lines.push({
      label: `Additional drivers (${request.drivers} x ${formatMoney(rentalTerms.additionalDriverFee)})`,
      amount: toDollars(driversCents),
    });
  }

  const chargesCents = rent.cents + deliveryCents + rushCents + driversCents;
  const taxes = rentalTaxLines(chargesCents, request.days, plan.roadClass, rates.taxTerms);
  const taxCents = taxes.reduce((sum, tax) => sum + tax.cents, 0);
  lines.push(...taxes.map((tax) => ({ label: tax.label, amount: toDollars(tax.cents) })));

  return {
    plan: plan.id,
    start: request.start,
    days: request.days,
    returnDay: addDays(request.start, request.days),
    rent: toDollars(rent.cents),
    delivery: toDollars(deliveryCents),
    rushFee: toDollars(rushCents),
    driversFee: toDollars(driversCents),
    taxes: toDollars(taxCents),
    total: toDollars(chargesCents + taxCents),
    deposit: plan.deposit,
    lines,
  };
}
