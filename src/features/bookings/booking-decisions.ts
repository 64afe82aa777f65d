import {
  bookingDecisions,
  bookingKinds,
  type BookingDecisionName,
  type BookingKind,
  type BookingStatus,
} from "~/config/booking-kinds";
import { dealerTimestamp } from "~/lib/dealer-clock";

/**
 * What staff are told when they answer a booking, word for word the same whether they typed
 * `npm run bookings -- confirm R-7K3M9Q` or tapped Confirm on its staff page: one set of refusals,
 * by name. Only the way to do something else differs (a command to type, a button to tap), so the
 * caller says it.
 */

export const decisionPastTense: Record<BookingDecisionName, string> = {
  confirm: "confirmed",
  decline: "declined",
  cancel: "cancelled",
  sold: "sold",
};

/** What a decision did, after its name: "Confirmed: R-7K3M9Q (…). The customer's booking page now says confirmed." */
export const decisionDone: Record<BookingDecisionName, string> = {
  confirm: "The customer's booking page now says confirmed.",
  decline: "Its place is free again.",
  cancel: "Its place is free again.",
  sold: "The unit is off the lot: the vehicle's stock count went down by one.",
};

/** "Confirmed", "Sold": a decision's past tense at the start of a sentence. */
export function decisionHeadline(decision: BookingDecisionName): string {
  const verb = decisionPastTense[decision];
  return `${verb[0]!.toUpperCase()}${verb.slice(1)}`;
}

export interface DecidedBooking {
  reference: string;
  kind: BookingKind;
  status: BookingStatus;
}

/**
 * Why a booking cannot take `decision` as it stands, in words staff can act on; `howToCancel` is
 * the way to cancel where staff are (a command to type, or "tap Cancel").
 */
export function decisionRefusal(
  booking: DecidedBooking,
  decision: BookingDecisionName,
  howToCancel: (reference: string) => string,
): string {
  const { to, kinds } = bookingDecisions[decision];
  const verb = decisionPastTense[decision];
  if (!(kinds as readonly string[]).includes(booking.kind)) {
    return `${booking.reference} is a ${bookingKinds[booking.kind].label.toLowerCase()}; only a cart reservation can be marked ${verb}. Nothing was changed.`;
  }
  if (booking.status === to) return `${booking.reference} is already ${booking.status}; nothing was changed.`;
  const lines = [`${booking.reference} is ${booking.status}, so it cannot be ${verb}; nothing was changed.`];
  if (decision === "decline" && booking.status === "confirmed") {
    lines.push(`To release a confirmed booking's place, cancel it: ${howToCancel(booking.reference)}`);
  }
  if (booking.status === "expired") {
    lines.push(
      `Nobody confirmed it within ${bookingKinds[booking.kind].holdHours} hours, so its place was released; the customer can book again.`,
    );
  }
  return lines.join("\n");
}

/** No booking has that reference; `where` says which database ("in the local database"). */
export function unknownReference(reference: string, where: string, seeAll: string): string {
  return `No booking has the reference ${reference}${where ? ` ${where}` : ""}; nothing was changed. The references are in: ${seeAll}`;
}

/** Who made a change, in the few words a terminal table's cell has room for. */
function decidedByShort(by: string | null): string | null {
  if (by === null) return null;
  if (by === "customer") return "by the customer";
  if (by === "site") return "by the website";
  if (by === "terminal") return "by terminal";
  return `by ${by}`;
}

/**
 * A booking's last change, "confirmed by ana@dealer.example 2026-11-27 10:02 EST", so staff sharing
 * the work see at a glance that a colleague already answered; null while nobody has. Its status is
 * the booking's own: every status change sets `decided_at`.
 */
export function lastChangeWords(change: { status: string; by: string | null; at: string | null }): string | null {
  if (change.at === null) return null;
  return [change.status, decidedByShort(change.by), dealerTimestamp(new Date(change.at))].filter(Boolean).join(" ");
}

/** Who made a change, as staff read it: a staff member's address, "the customer", "the website". */
export function decidedByWords(by: string | null): string | null {
  if (by === null) return null;
  if (by === "customer") return "the customer, from their booking page";
  if (by === "site") return "the website (nobody answered in time)";
  if (by === "terminal") return "staff at a terminal (npm run bookings)";
  return by;
}
