import { rentalTerms } from "~/config/rental-plans";
import { formatAddress, showroom, site } from "~/config/site";
import { calendarFile } from "~/features/bookings/booking-calendar-file";
import { bookingStatusView, type BookingStatusView } from "~/features/bookings/booking-status-view";
import { cancellationTerms } from "~/lib/rental-cancellation";
import { dealerMoment } from "~/lib/dealer-clock";
import type { RentalHold, RentalHoldStatus } from "./rental-bookings.server";
import { rentalBookingCalendarPath, rentalBookingStatusPath, rentalPaperworkPath } from "./rental-paths";
import { findDeliveryTown } from "~/lib/delivery";
import { findRentalPlan, type QuoteLine } from "./rental-quote";
import { localMoment, longDate } from "~/lib/calendar-days";

/**
 * A hold as its renter sees it on the private status page and in the calendar file: no e-mail or
 * phone (the page needs neither), the stored quote as it was shown when booking.
 */

export interface BookingView extends BookingStatusView {
  planTitle: string;
  status: RentalHoldStatus;
  firstDay: string;
  returnDay: string;
  days: number;
  dates: string;
  place: string;
  lines: QuoteLine[];
  total: number | null;
  deposit: number | null;
  /** Open while the booking can still be cancelled. */
  cancellation: { refundPercent: number; rule: string } | null;
  /** Why a requested or confirmed rental can no longer be cancelled online (it has begun or ended). */
  cancellationClosed: string | null;
  statusPath: string;
  /** The rental's paperwork page, once the booking is confirmed (issue 56). */
  paperworkPath: string | null;
}

interface StoredQuote {
  lines: QuoteLine[];
  total: number;
  deposit: number;
  returnDay?: string;
}

function storedQuote(value: unknown): StoredQuote | null {
  if (!value || typeof value !== "object") return null;
  const quote = value as Partial<StoredQuote>;
  if (!Array.isArray(quote.lines) || typeof quote.total !== "number" || typeof quote.deposit !== "number") return null;
  const lines = quote.lines.filter(
    (line): line is QuoteLine => typeof line?.label === "string" && typeof line?.amount === "number",
  );
  return { lines, total: quote.total, deposit: quote.deposit };
}

/** Where the cart goes: delivery to a town, or pickup at the showroom. */
export function placeOf(request: unknown): string {
  const delivery = (request as { delivery?: { type?: string; town?: string } } | null)?.delivery;
  const town = delivery?.type === "delivery" && delivery.town ? findDeliveryTown(delivery.town) : undefined;
  if (town) return `Delivered to ${town.name}, ${site.stateCode}`;
  return `Pickup at the showroom, ${formatAddress(showroom.address!)}`;
}

/** The refund rule as it applies at `now`, in a sentence. */
export function refundRule(startDay: string, now: Date): { refundPercent: number; rule: string } {
  const terms = cancellationTerms(startDay, now);
  const hours = rentalTerms.cancellation.freeUntilHoursBefore;
  if (terms.refundPercent === 100) {
    return {
      refundPercent: 100,
      rule: `Cancelling now is free: it is more than ${hours} hours before the start. Free cancellation ends ${dealerMoment(terms.freeUntil)}; after that, ${rentalTerms.cancellation.lateRefundPercent}% of the rental charges are refunded.`,
    };
  }
  if (terms.refundPercent > 0) {
    return {
      refundPercent: terms.refundPercent,
      rule: `The start is less than ${hours} hours away: cancelling now refunds ${terms.refundPercent}% of the rental charges.`,
    };
  }
  return {
    refundPercent: 0,
    rule: "The rental has begun: a cancellation now counts as a no-show, and nothing is refunded.",
  };
}

/**
 * Why an open rental can no longer be cancelled online, or null before its pickup day. The rental
 * policy refunds nothing for a no-show but never says a rental under way may be cancelled, and
 * cancelling one would free its cart on the booking calendar while the cart may be out with the
 * renter; so from the pickup day on (the dealer's `today`) the renter calls, and staff decide.
 */
export function cancellationClosedReason(hold: Pick<RentalHold, "startDay" | "endDay">, today: string): string | null {
  if (today < hold.startDay) return null;
  const when = today > hold.endDay ? `ended on ${longDate(hold.endDay)}` : `began on ${longDate(hold.startDay)}`;
  return `This rental ${when}, so it can no longer be cancelled online. Call ${site.phone.display} if you need help with it.`;
}

export function bookingView(hold: RentalHold, token: string, now: Date): BookingView {
  const quote = storedQuote(hold.quote);
  const closed = isOpen(hold.status) ? cancellationClosedReason(hold, localMoment(now, site.timeZone).day) : null;
  const planTitle = findRentalPlan(hold.plan)?.title ?? hold.plan;
  const dates = `${longDate(hold.startDay)} to ${longDate(hold.endDay)}`;
  const place = placeOf(hold.request);
  const facts = [
    { label: "Cart", text: planTitle },
    { label: "Dates", text: `${dates} (${hold.days} ${hold.days === 1 ? "day" : "days"})` },
    { label: "Where", text: place },
  ];
  return {
    ...bookingStatusView(hold, facts, rentalBookingCalendarPath(token)),
    planTitle,
    status: hold.status,
    firstDay: hold.startDay,
    returnDay: hold.endDay,
    days: hold.days,
    dates,
    place,
    lines: quote?.lines ?? [],
    total: quote?.total ?? null,
    deposit: quote?.deposit ?? null,
    cancellation: isOpen(hold.status) && !closed ? refundRule(hold.startDay, now) : null,
    cancellationClosed: closed,
    statusPath: rentalBookingStatusPath(token),
    paperworkPath: hold.status === "confirmed" ? rentalPaperworkPath(token) : null,
  };
}

/** The booking as an .ics file; `origin` makes the status link absolute. */
export function bookingCalendarFile(hold: RentalHold, token: string, origin: string, now: Date): string {
  const view = bookingView(hold, token, now);
  const statusUrl = new URL(rentalBookingStatusPath(token), origin).toString();
  const dayWord = view.days === 1 ? "day" : "days";
  return calendarFile({
    uid: `${view.reference}@${new URL(site.website).hostname}`,
    stamp: now,
    firstDay: view.firstDay,
    // The cart comes back on the return day, so the event covers it too.
    lastDay: view.returnDay,
    summary: `Golf cart rental: ${view.planTitle} (${view.reference})`,
    description: [
      `${site.name}, booking ${view.reference}: ${view.planTitle}, ${view.days} ${dayWord}.`,
      `${view.dates}; the cart is due back on the last day at the time it left.`,
      `Status: ${view.statusText}.`,
      `Questions: ${site.phone.display}. Your booking: ${statusUrl}`,
    ].join("\n"),
    location: view.place,
    url: statusUrl,
    status: view.status === "confirmed" ? "CONFIRMED" : isOpen(view.status) ? "TENTATIVE" : "CANCELLED",
    producer: `-//${site.name}//Rental booking//EN`,
  });
}

/** Requested or confirmed: what a cancellation can still act on. */
export function isOpen(status: RentalHoldStatus): boolean {
  return status === "requested" || status === "confirmed";
}
