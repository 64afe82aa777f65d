import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { site } from "~/config/site";
import { contactMessages, rentalHolds } from "~/db/schema";
import { storeAndEnqueue } from "~/features/contact/contact-intake.server";
import type { Mailer } from "~/features/contact/mailer.server";
import { notifyStaff } from "~/features/contact/staff-notice.server";
import { database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { holdAnnouncementText, type AnnouncedHold } from "./hold-announcement";
import { expireStaleHolds } from "./rental-holds.server";
import type { DeliveryChoice } from "~/lib/delivery-choice";
import { findRentalPlan, type RentalQuote } from "./rental-quote";
import { longDate } from "~/lib/calendar-days";

export interface Renter {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * Tells staff about a new hold through the contact messages' pipeline: stored in D1, queued, sent
 * once per recipient, retried, and listed by the staff's contact tool if it keeps failing. Reply-To
 * is the renter, so staff answer them straight from the e-mail.
 */
export async function announceHold(env: Env, hold: AnnouncedHold, renter: Renter): Promise<void> {
  await storeAndEnqueue(env, {
    ...renter,
    interest: "sales",
    message: holdAnnouncementText(hold),
    rentalReference: hold.reference,
  });
}

/** How long a request may take between storing its hold and announcing it before the cron steps in. */
const announceGraceMs = 2 * 60_000;

/**
 * Cron: announces holds a request stored but did not announce (the Worker stopped, or D1 refused
 * the message between the two writes), so staff hear of every hold. The unique index on the
 * message's hold reference makes a second announcement of one hold impossible.
 */
export async function announceMissedHolds(env: Env, at: Date = new Date()): Promise<number> {
  const db = database(env.DB);
  const missed = await db
    .select()
    .from(rentalHolds)
    .leftJoin(contactMessages, eq(contactMessages.rentalReference, rentalHolds.reference))
    .where(
      and(
        eq(rentalHolds.status, "requested"),
        isNull(contactMessages.id),
        lt(rentalHolds.createdAt, new Date(at.getTime() - announceGraceMs).toISOString()),
      ),
    )
    .orderBy(asc(rentalHolds.createdAt))
    .limit(50);
  let announced = 0;
  for (const { rental_holds: hold } of missed) {
    const stored = hold.request as { delivery: DeliveryChoice; drivers: number };
    try {
      await announceHold(
        env,
        {
          reference: hold.reference,
          quote: hold.quote as RentalQuote,
          delivery: stored.delivery,
          drivers: stored.drivers,
        },
        { firstName: hold.firstName, lastName: hold.lastName, email: hold.email, phone: hold.phone },
      );
      announced += 1;
    } catch (error) {
      // The reference and the kind only: the error's text would carry the renter's details.
      console.error("rental hold not announced", { reference: hold.reference, kind: errorKind(error) });
    }
  }
  return announced;
}

/**
 * Cron: releases holds staff left unanswered past `site.rentalBooking.holdHours`, so their carts go
 * back on the calendar, and sends staff one e-mail naming them (references and dates, no renter's
 * details). The e-mail is best effort; the holds show as expired in `npm run rentals -- list`.
 */
export async function releaseStaleHolds(env: Env, mailer: Mailer, at: Date = new Date()): Promise<number> {
  const hours = site.rentalBooking.holdHours;
  const released = await expireStaleHolds(database(env.DB), at, hours);
  if (released.length === 0) return 0;
  const count = released.length === 1 ? "1 rental request was" : `${released.length} rental requests were`;
  await notifyStaff(env, mailer, {
    subject: `${count} released: not confirmed within ${hours} hours`,
    text: [
      `Not confirmed within ${hours} hours, so their carts are free again on the booking calendar:`,
      ...released.map(
        (hold) =>
          `  ${hold.reference}  ${findRentalPlan(hold.plan)?.title ?? hold.plan}, ${hold.days} ${hold.days === 1 ? "day" : "days"} from ${longDate(hold.startDay)}`,
      ),
      "",
      "Each renter's booking page now says the request expired; call them if they still want a cart.",
    ].join("\n"),
  });
  return released.length;
}
