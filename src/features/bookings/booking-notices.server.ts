import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { bookingKinds, bookingKindNames, type BookingKind } from "~/config/booking-kinds";
import { bookings, contactMessages, type CustomerPrivate } from "~/db/schema";
import { storeAndEnqueue } from "~/features/mail/store-and-enqueue.server";
import type { Mailer } from "~/features/mail/mailer.server";
import { notifyStaff } from "~/features/mail/staff-notice.server";
import { bookingPageUrl, staffDayLink } from "~/features/mail/staff-page-links";
import { database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { keepReminderLink } from "./booking-reminders.server";
import { expireStaleBookings, forgetOldPlacements, type BookingNotice } from "./capacity.server";

/**
 * How staff hear of bookings, whatever their kind: each is announced through the contact messages'
 * pipeline (stored in D1, queued, sent once per recipient, retried, a lead for the CRM, listed by
 * the staff's contact tool if it keeps failing), with the text written when it was placed; the cron
 * job announces any a request left unannounced and releases those staff left unanswered.
 */

export type AnnouncedBooking = BookingNotice;

/**
 * Tells staff about a booking (Reply-To is the customer, so staff answer them from the e-mail), and
 * the customer too: the same stored message owes them their own copy, which carries `customer`,
 * their private link, when the request that placed it is the one announcing it.
 */
export async function announceBooking(env: Env, booking: AnnouncedBooking, customer?: CustomerPrivate): Promise<void> {
  await storeAndEnqueue(env, {
    customerPrivate: customer,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    interest: booking.interest as "sales" | "service",
    message: booking.announcement,
    vehicleId: booking.vehicleId ?? undefined,
    bookingReference: booking.reference,
  });
}

/**
 * Announces a booking just placed, and keeps its private link for the reminder the day before its
 * day (booking-reminders.server.ts), the one moment that link is known. The booking stands whatever
 * happens here: if the announcement cannot be stored now, the cron job sends it instead; if the
 * link cannot be kept, that booking is not reminded.
 */
export async function announceNewBooking(
  env: Env,
  booking: AnnouncedBooking,
  customer: CustomerPrivate & { statusPath: string },
): Promise<void> {
  try {
    await keepReminderLink(database(env.DB), booking.reference, customer.statusPath);
  } catch (error) {
    console.error("booking reminder link not kept", { reference: booking.reference, kind: errorKind(error) });
  }
  try {
    await announceBooking(env, booking, customer);
  } catch (error) {
    // The reference and the kind only: the error's text would carry the customer's details.
    console.error("booking announcement deferred", { reference: booking.reference, kind: errorKind(error) });
  }
}

/** How long a request may take between storing its booking and announcing it before the cron steps in. */
const announceGraceMs = 2 * 60_000;

/**
 * Cron: announces bookings a request stored but did not announce (the Worker stopped, or D1 refused
 * the message between the two writes), so staff hear of every one. The unique index on the
 * message's booking reference makes a second announcement of one booking impossible.
 */
export async function announceMissedBookings(env: Env, at: Date = new Date()): Promise<number> {
  const db = database(env.DB);
  const missed = await db
    .select()
    .from(bookings)
    .leftJoin(
      contactMessages,
      and(eq(contactMessages.bookingReference, bookings.reference), eq(contactMessages.bookingEvent, "placed")),
    )
    .where(
      and(
        eq(bookings.status, "requested"),
        isNull(contactMessages.id),
        lt(bookings.createdAt, new Date(at.getTime() - announceGraceMs).toISOString()),
      ),
    )
    .orderBy(asc(bookings.createdAt))
    .limit(50);
  let announced = 0;
  for (const { bookings: booking } of missed) {
    try {
      // The private link was shown once and is gone: this customer's e-mail goes without it.
      await announceBooking(env, booking);
      announced += 1;
    } catch (error) {
      console.error("booking not announced", { reference: booking.reference, kind: errorKind(error) });
    }
  }
  return announced;
}

const releasedWording: Record<BookingKind, { one: string; many: string; freed: string; after: string }> = {
  rental: {
    one: "rental request was",
    many: "rental requests were",
    freed: "so their carts are free again on the booking calendar",
    after: "Each renter's booking page now says the request expired; call them if they still want a cart.",
  },
  service: {
    one: "service request was",
    many: "service requests were",
    freed: "so their drop-off slots are free again",
    after: "Each owner's booking page now says the request expired; call them if they still want the visit.",
  },
  storage: {
    one: "storage request was",
    many: "storage requests were",
    freed: "so their spaces are free again",
    after: "Each owner's booking page now says the request expired; call them if they still want a space.",
  },
  reservation: {
    one: "cart reservation was",
    many: "cart reservations were",
    freed: "so these carts can be reserved again",
    after: "Each buyer's reservation page now says the reservation expired; call them if they still want the cart.",
  },
  "test-drive": {
    one: "test drive request was",
    many: "test drive requests were",
    freed: "so their slots are free again",
    after: "Each driver's booking page now says the request expired; call them if they still want a drive.",
  },
};

/**
 * Cron: releases requests staff left unanswered past their kind's hold hours, so their places are
 * free again, and sends staff one e-mail per kind naming them (references, what was booked and each
 * one's staff page, none of the customer's details or words). Best effort: `npm run bookings -- list`
 * shows them expired either way. It also forgets the record of placings older than the hourly
 * limits' window, the senders' addresses with it.
 */
export async function releaseStaleBookings(env: Env, mailer: Mailer, at: Date = new Date()): Promise<number> {
  const released = await expireStaleBookings(database(env.DB), at);
  await forgetOldPlacements(database(env.DB));
  for (const kind of bookingKindNames) {
    const ofKind = released.filter((booking) => booking.kind === kind);
    if (ofKind.length === 0) continue;
    const hours = bookingKinds[kind].holdHours;
    const wording = releasedWording[kind];
    const count = ofKind.length === 1 ? `1 ${wording.one}` : `${ofKind.length} ${wording.many}`;
    await notifyStaff(env, mailer, {
      subject: `${count} released: not confirmed within ${hours} hours`,
      staffPage: staffDayLink,
      text: [
        `Not confirmed within ${hours} hours, ${wording.freed}:`,
        // Each booking's own page is one tap from its line: the customer to call is on it.
        ...ofKind.map((booking) => `  ${booking.reference}  ${booking.summary}  ${bookingPageUrl(booking.reference)}`),
        "",
        wording.after,
      ].join("\n"),
    });
  }
  return released.length;
}
