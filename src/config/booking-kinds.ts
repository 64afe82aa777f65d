import { purchaseTerms, site, type Department } from "./site";
import { testDriveTerms } from "./test-drives";

/** Who calls a customer back about a request, and within whose hours: "Our service desk … service hours". */
interface CallBack {
  team: string;
  within: string;
  hours: Department;
}

/**
 * The heading and thanks a booking's private page gives just after it is placed: "Thank you, Ada. We
 * are holding a cart for you. Keep this page's address: it is your private link to this booking."
 * `thanks` replaces the sentence after the name.
 */
export interface JustPlaced {
  title: string;
  holding?: string;
  thanks?: string;
  what?: "booking" | "reservation";
}

/** What a status means to the customer, on their page: "Confirmed: see you then". */
export type StatusWords = Readonly<Partial<Record<BookingStatus, string>>>;

export interface BookingKindWords {
  /** What it is called ("Your rental booking R-7K3M9Q") and what staff's e-mail about one is titled. */
  label: string;
  requestTitle: string;
  /** The letter its references start with. */
  prefix: string;
  /** How long an unanswered request keeps its place before the cron job releases it. */
  holdHours: number;
  callsBack: CallBack;
  /** The customer's private page: its thanks when new, what each status means. */
  received: JustPlaced;
  statuses: StatusWords;
  /** A sentence the customer's page keeps saying while the booking stands, after who will call. */
  whileOpen?: string;
}

/**
 * The kinds of booking the capacity engine holds (src/features/bookings/), and what each says to
 * its customer and its staff. One list, read by the engine, the customer's page, the staff e-mails
 * and `npm run bookings`; the database's booking_kinds table (migration 0020) holds the same names.
 */
export const bookingKinds = {
  rental: {
    label: "Rental booking",
    requestTitle: "Rental request",
    prefix: "R",
    holdHours: site.rentalBooking.holdHours,
    callsBack: { team: "Our staff", within: "business hours", hours: site.showroomHours },
    received: { title: "Booking received", holding: "a cart" },
    statuses: {
      requested: "Requested: our staff have not confirmed it yet",
      confirmed: "Confirmed",
      declined: "Declined: we could not take this booking",
      cancelled: "Cancelled",
      expired: "Expired: it was not confirmed in time and the cart was released",
    },
  },
  service: {
    label: "Service booking",
    requestTitle: "Service request",
    prefix: "S",
    holdHours: site.serviceBooking.holdHours,
    callsBack: { team: "Our service desk", within: "service hours", hours: site.serviceHours },
    received: {
      title: "Service booking received",
      thanks:
        "We are holding a drop-off slot for you. Keep this page's address: it is your private link to this booking.",
    },
    statuses: {
      requested: "Requested: our service desk has not confirmed it yet",
      confirmed: "Confirmed: bring the cart in on the drop-off day",
      declined: "Declined: we could not take the cart on that day; call us and we will find another",
      cancelled: "Cancelled",
      expired: "Expired: it was not confirmed in time and the slot was released",
    },
  },
  storage: {
    label: "Storage booking",
    requestTitle: "Storage request",
    prefix: "G",
    holdHours: site.storageBooking.holdHours,
    callsBack: { team: "Our staff", within: "business hours", hours: site.serviceHours },
    received: { title: "Storage booking received", holding: "a space" },
    statuses: {
      requested: "Requested: a space is held for you while our staff call to confirm",
      confirmed: "Confirmed: your space is booked",
      declined: "Declined: we could not take this booking",
      cancelled: "Cancelled",
      expired: "Expired: it was not confirmed in time and the space was released",
      sold: "Closed",
    },
    whileOpen: "No payment is taken online; our staff arrange payment with you when they confirm.",
  },
  reservation: {
    label: "Cart reservation",
    requestTitle: "Cart reservation",
    prefix: "C",
    holdHours: purchaseTerms.reservationHoldHours,
    callsBack: { team: "Our staff", within: "business hours", hours: site.showroomHours },
    received: { title: "Reservation received", holding: "this cart", what: "reservation" },
    statuses: {
      requested: "Requested: the cart is held for you while our staff call you",
      confirmed: "Confirmed: the cart is held for you",
      declined: "Declined: we could not hold this cart for you",
      cancelled: "Cancelled",
      expired: "Expired: it was not confirmed in time and the cart was released",
      sold: "Sold to you",
    },
    whileOpen: "No payment is taken online; we will call to arrange the deposit and paperwork.",
  },
  "test-drive": {
    label: "Test drive",
    requestTitle: "Test drive request",
    prefix: "T",
    holdHours: testDriveTerms.holdHours,
    callsBack: { team: "Our sales team", within: "showroom hours", hours: site.showroomHours },
    received: { title: "Test drive request received", holding: "this time" },
    statuses: {
      requested: "Requested: our sales team has not confirmed it yet",
      confirmed: "Confirmed: see you then",
      declined: "Declined: we could not give that time; call us and we will find another",
      cancelled: "Cancelled",
      expired: "Expired: it was not confirmed in time and the time was released",
    },
  },
} as const satisfies Record<string, BookingKindWords>;

export type BookingKind = keyof typeof bookingKinds;

export const bookingKindNames = Object.keys(bookingKinds) as BookingKind[];

/** The kind a reference belongs to, by its letter ("R-7K3M9Q" is a rental); null for none. */
export function kindOfReference(reference: string): BookingKind | null {
  const letter = reference.trim().toUpperCase().split("-")[0];
  return bookingKindNames.find((kind) => bookingKinds[kind].prefix === letter) ?? null;
}

/**
 * Every status a booking can have. Requested and confirmed ones hold their place; "sold" is a cart
 * reservation whose sale is done (its unit has left the lot).
 */
export const bookingStatuses = ["requested", "confirmed", "declined", "cancelled", "expired", "sold"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
export const activeBookingStatuses = ["requested", "confirmed"] as const satisfies readonly BookingStatus[];

/**
 * What staff may answer a booking with (`npm run bookings -- DECISION REF`, or its staff page's
 * buttons): the statuses each moves a booking from, and to, and the kinds it applies to.
 */
export const bookingDecisions = {
  confirm: { from: ["requested"], to: "confirmed", kinds: bookingKindNames },
  decline: { from: ["requested"], to: "declined", kinds: bookingKindNames },
  cancel: { from: ["requested", "confirmed"], to: "cancelled", kinds: bookingKindNames },
  sold: { from: ["requested", "confirmed"], to: "sold", kinds: ["reservation"] },
} as const satisfies Record<
  string,
  { from: readonly BookingStatus[]; to: BookingStatus; kinds: readonly BookingKind[] }
>;

export type BookingDecisionName = keyof typeof bookingDecisions;
export const bookingDecisionNames = Object.keys(bookingDecisions) as BookingDecisionName[];

/** The decisions a booking of this kind and status can take now, in the order staff see them. */
export function decisionsFor(booking: { kind: BookingKind; status: BookingStatus }): BookingDecisionName[] {
  return bookingDecisionNames.filter((decision) => {
    const { from, kinds } = bookingDecisions[decision];
    return (from as readonly string[]).includes(booking.status) && (kinds as readonly string[]).includes(booking.kind);
  });
}

/** What `status` means to a customer of this kind, on their page and in their calendar file. */
export function statusWordsOf(kind: BookingKind, status: BookingStatus): string {
  const words: StatusWords = bookingKinds[kind].statuses;
  return words[status] ?? status;
}
