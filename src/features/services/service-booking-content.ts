import type { BookingStatus } from "~/config/booking-kinds";

/**
 * The fixed wording of online service booking: the page's lead and notes, what each status means to
 * the owner, and what each kind of work costs in words. Figures (the labour rate, hours, the booking
 * window) are read from the config and the services content where the sentences are built.
 */

/** The statuses a service booking can have: every booking's but "sold", which only a cart reservation reaches. */
export type ServiceBookingStatus = Exclude<BookingStatus, "sold">;

export const serviceBookingCopy = {
  title: "Book a service drop-off",
  lead: "Choose the day you bring your cart in, tell us what is wrong, and our service desk calls you to confirm. Nothing is charged online.",
  calendarTitle: "1. Choose a drop-off day",
  calendarHint: "Each day says whether a drop-off slot is free, only 1 is left, or the day is full.",
  formTitle: "2. Your cart and your details",
  noTotal:
    "There is no total yet: the technician looks at the cart first, and we call with an estimate before any work.",
  submit: "Book this drop-off",
  afterSubmit: "Nothing is charged now. We hold the slot and call you to confirm.",
} as const;

/** What follows the labour rate, per kind of work (keyed by the services content's ids). */
export const rateNotes: Record<string, string> = {
  "maintenance-repair": "We call with an estimate before any work; nothing is charged online.",
  battery: "We test the pack first and call with an estimate before any work; nothing is charged online.",
  custom: "We call with a quote for the build before any work; nothing is charged online.",
  warranty: "We check the cover when the cart is in and call before any work the warranty does not pay for.",
};
