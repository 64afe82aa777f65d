import { settleDeposits } from "~/features/payments/settle.server";
import { staffDepositLines } from "~/features/payments/staff-deposit.server";
import { asc, eq } from "drizzle-orm";
import { bookingKinds, decisionsFor, type BookingDecisionName } from "~/config/booking-kinds";
import { bookingChanges, contactMessages } from "~/db/schema";
import {
  decidedByWords,
  decisionDone,
  decisionHeadline,
  decisionRefusal,
  unknownReference,
} from "~/features/bookings/booking-decisions";
import {
  bookingWithReference,
  changeBookingStatus,
  findBooking,
  type Booking,
} from "~/features/bookings/capacity.server";
import { heldUntil, timeLeft } from "~/features/bookings/held-until";
import { sendStatusNoticesNow } from "~/features/mail/mail-delivery.server";
import { storedPriceLines } from "~/features/mail/customer-email.server";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { normalReference } from "~/server/booking-keys.server";
import type { WorkerContext } from "~/server/context.server";
import { dialable } from "./phone-link";
import { staffPaperworkPdfPath } from "~/config/pages";
import { paperworkStatus, type PaperworkStatusLine } from "~/features/rentals/paperwork-staff.server";

/**
 * One booking as staff see it on its page, and the answers they give there. An answer is the very
 * statement `npm run bookings -- confirm|decline|cancel|sold` sends (`changeBookingStatus` runs
 * `statusChangeQuery`), refused in the very same words, and recorded under the staff member's
 * Cloudflare Access address where the command records "terminal".
 */

export interface HistoryEntry {
  /** "2026-07-04 09:05 EDT". */
  at: string;
  what: string;
}

export interface StaffBookingView {
  reference: string;
  kindLabel: string;
  status: Booking["status"];
  summary: string;
  name: string;
  phone: string;
  /** A `tel:` address for the customer's number as they typed it; null when it has no digits to dial. */
  phoneHref: string | null;
  email: string;
  placed: string;
  /** While it waits for an answer: when it is released, and how long that is from now. */
  waiting: { until: string; left: string } | null;
  price: { lines: [string, string][]; notes: string[] };
  history: HistoryEntry[];
  decisions: BookingDecisionName[];
  /** A confirmed rental's paperwork, one line a signer, with the signed PDF's staff download. */
  paperwork: (PaperworkStatusLine & { pdfPath: string | null })[] | null;
  /** The deposit paid online: money in, money out and the balance, with each payment's line (issue 57). */
  deposit: { lines: { label: string; amount: string }[]; payments: string[] } | null;
}

/** What a tap on one of the page's buttons did, in the command's words. */
export type StaffDecisionOutcome = { changed: boolean; status: 200 | 404 | 409; message: string };

const copyState = (sentAt: string | null, error: string | null, pending: string) =>
  sentAt ? `sent ${dealerTimestamp(new Date(sentAt))}` : error ? `not sent: ${error}` : pending;

async function historyOf(worker: Pick<WorkerContext, "db">, booking: Booking): Promise<HistoryEntry[]> {
  const [changes, messages] = await Promise.all([
    worker.db
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.reference, booking.reference))
      .orderBy(asc(bookingChanges.id)),
    worker.db
      .select({
        createdAt: contactMessages.createdAt,
        event: contactMessages.bookingEvent,
        status: contactMessages.status,
        staffSentAt: contactMessages.staffSentAt,
        customerSentAt: contactMessages.customerSentAt,
        customerError: contactMessages.customerError,
      })
      .from(contactMessages)
      .where(eq(contactMessages.bookingReference, booking.reference))
      .orderBy(asc(contactMessages.createdAt)),
  ]);
  const entries: (HistoryEntry & { sortKey: string })[] = [
    { sortKey: booking.createdAt, at: dealerTimestamp(new Date(booking.createdAt)), what: "Placed on the website" },
  ];
  for (const change of changes) {
    const by = decidedByWords(change.changedBy);
    entries.push({
      sortKey: change.changedAt,
      at: dealerTimestamp(new Date(change.changedAt)),
      what: `${change.status[0]!.toUpperCase()}${change.status.slice(1)}${by ? ` by ${by}` : ""}`,
    });
  }
  for (const message of messages) {
    const pending = message.status === "failed" ? "failed: see Failed e-mails" : "waiting to be sent";
    const customer = copyState(message.customerSentAt, message.customerError, pending);
    if (message.event === "placed") {
      const staff = copyState(message.staffSentAt, null, pending);
      entries.push({
        sortKey: message.createdAt,
        at: dealerTimestamp(new Date(message.createdAt)),
        what: `E-mail to staff ${staff}; to the customer ${customer}`,
      });
    } else {
      entries.push({
        sortKey: message.createdAt,
        at: dealerTimestamp(new Date(message.createdAt)),
        what: `E-mail to the customer (${message.event ?? "update"}) ${customer}`,
      });
    }
  }
  return entries.sort((a, b) => a.sortKey.localeCompare(b.sortKey)).map(({ at, what }) => ({ at, what }));
}

export async function staffBookingView(
  worker: Pick<WorkerContext, "db">,
  typed: string,
  now: Date,
): Promise<StaffBookingView | null> {
  const booking = await findBooking(worker.db, normalReference(typed));
  if (!booking) return null;
  const until = heldUntil(booking);
  return {
    reference: booking.reference,
    kindLabel: bookingKinds[booking.kind].label,
    status: booking.status,
    summary: booking.summary,
    name: `${booking.firstName} ${booking.lastName}`,
    phone: booking.phone,
    phoneHref: dialable(booking.phone),
    email: booking.email,
    placed: dealerTimestamp(new Date(booking.createdAt)),
    waiting: until ? { until, left: timeLeft(booking, now) } : null,
    price: storedPriceLines(booking.quote),
    history: await historyOf(worker, booking),
    decisions: decisionsFor(booking),
    paperwork:
      (await paperworkStatus(worker.db, booking))?.map((line) => ({
        ...line,
        pdfPath: line.signed ? staffPaperworkPdfPath(booking.reference, line.signer) : null,
      })) ?? null,
    deposit: await staffDepositLines(worker.db, booking.reference),
  };
}

/** On the page, the other way to cancel is its own button. */
const tapCancel = () => "tap Cancel below.";

/**
 * A staff member's answer from the booking's page. A second tap (or a colleague's answer first)
 * finds the status moved and is refused by name, changing nothing; the customer's e-mail about a
 * change leaves at once.
 */
export async function decideFromStaffPage(
  worker: Pick<WorkerContext, "db" | "env" | "ctx">,
  decision: BookingDecisionName,
  typed: string,
  staffEmail: string,
): Promise<StaffDecisionOutcome> {
  const reference = normalReference(typed);
  const change = await changeBookingStatus(worker.db, bookingWithReference(reference), decision, staffEmail);
  if (!change.changed) {
    const booking = change.status === null ? null : await findBooking(worker.db, reference);
    if (!booking) return { changed: false, status: 404, message: unknownReference(reference, "", "This week") };
    return { changed: false, status: 409, message: decisionRefusal(booking, decision, tapCancel) };
  }
  // Waited for, not left to run after the answer: the page then shows the e-mail as on its way.
  await sendStatusNoticesNow(worker.env, reference);
  // A released booking's paid deposit is refunded by its terms now, not at the next cron run.
  if (decision !== "confirm" && decision !== "sold") worker.ctx.waitUntil(settleDeposits(worker.env));
  const { booking } = change;
  return {
    changed: true,
    status: 200,
    message: `${decisionHeadline(decision)}: ${booking.reference} (${bookingKinds[booking.kind].label}: ${booking.summary}, ${booking.firstName} ${booking.lastName}). ${decisionDone[decision]}`,
  };
}
