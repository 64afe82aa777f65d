import {
  bookingKinds,
  statusWordsOf,
  type BookingKind,
  type BookingStatus,
  type BookingKindWords,
  type JustPlaced,
} from "~/config/booking-kinds";
import { hoursSentence } from "~/config/site";
import { heldUntil } from "./held-until";

/** One of the kind's own facts on the page, after the reference and status: "Cart", its name, its page. */
export interface StatusFact {
  label: string;
  text: string;
  href?: string;
}

/**
 * A booking as its customer sees it on their private status page, built once from the stored
 * booking; a kind's view adds its own sections' data to it, and the page frame reads it. No e-mail
 * or phone: the page needs neither, and its address could be forwarded.
 */
export interface BookingStatusView {
  reference: string;
  /** "Your rental booking R-7K3M9Q": the heading and the document title, from the kind's label. */
  title: string;
  received: JustPlaced;
  /** "Ada Lovelace", thanked on the page just after the booking is placed. */
  customerName: string;
  statusText: string;
  facts: StatusFact[];
  /** While the request waits for staff: when it is released, on the dealer's clock; null once answered. */
  holdsUntil: string | null;
  /** What happens next, in a sentence (who will call and when; that nothing is paid online), or null. */
  next: string | null;
  /** "Add to my calendar", while the booking stands and its kind has a day. */
  calendarPath: string | null;
}

interface StoredBooking {
  kind: BookingKind;
  reference: string;
  firstName: string;
  lastName: string;
  status: BookingStatus;
  createdAt: string;
  holdUntil?: string | null;
}

const stands = (status: BookingStatus) => status === "requested" || status === "confirmed";

/** "Our service desk will call you to confirm within service hours (Mon-Fri 8AM-5PM, Sat 9AM-1PM)." */
export function callBackSentence(kind: BookingKind): string {
  const { team, within, hours } = bookingKinds[kind].callsBack;
  return `${team} will call you to confirm within ${within} (${hoursSentence(hours)}).`;
}

/**
 * `booking`'s page: its kind's words (src/config/booking-kinds.ts) and `facts`; while it waits for
 * staff, who will call and when, then what the kind keeps saying while it stands; the calendar file
 * at `calendarPath` while it stands (none for a kind with no day).
 */
export function bookingStatusView(
  booking: StoredBooking,
  facts: StatusFact[],
  calendarPath?: string,
  /** What to say while it stands instead of the kind's `whileOpen` (a deposit offered online). */
  saysWhileOpen?: string,
): BookingStatusView {
  const { received }: BookingKindWords = bookingKinds[booking.kind];
  const whileOpen = saysWhileOpen ?? (bookingKinds[booking.kind] as BookingKindWords).whileOpen;
  const next =
    booking.status === "requested"
      ? [callBackSentence(booking.kind), whileOpen].filter(Boolean).join(" ")
      : booking.status === "confirmed"
        ? (whileOpen ?? null)
        : null;
  return {
    reference: booking.reference,
    title: `Your ${bookingKinds[booking.kind].label.toLowerCase()} ${booking.reference}`,
    received,
    customerName: `${booking.firstName} ${booking.lastName}`,
    statusText: statusWordsOf(booking.kind, booking.status),
    facts,
    holdsUntil: heldUntil(booking),
    next,
    calendarPath: calendarPath && stands(booking.status) ? calendarPath : null,
  };
}
