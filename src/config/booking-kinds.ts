import { purchaseTerms, site } from "./site";
import { testDriveTerms } from "./test-drives";

/**
 * The kinds of booking the capacity engine holds (src/features/bookings/): what each is called (and
 * what the staff e-mail announcing one is titled), the letter its references start with, and how
 * long an unanswered request keeps its place before the cron job releases it. One list, read by the engine, the staff e-mails and `npm run bookings`; the database's booking_kinds table (migration 0020) holds the same names.
 */
export const bookingKinds = {
  rental: {
    label: "Rental booking",
    requestTitle: "Rental request",
    prefix: "R",
    holdHours: site.rentalBooking.holdHours,
  },
  service: {
    label: "Service booking",
    requestTitle: "Service request",
    prefix: "S",
    holdHours: site.serviceBooking.holdHours,
  },
  storage: {
    label: "Storage booking",
    requestTitle: "Storage request",
    prefix: "G",
    holdHours: site.storageBooking.holdHours,
  },
  reservation: {
    label: "Cart reservation",
    requestTitle: "Cart reservation",
    prefix: "C",
    holdHours: purchaseTerms.reservationHoldHours,
  },
  "test-drive": {
    label: "Test drive",
    requestTitle: "Test drive request",
    prefix: "T",
    holdHours: testDriveTerms.holdHours,
  },
} as const;

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
