import { sql } from "drizzle-orm";
import { findBooking } from "~/features/bookings/capacity.server";
import { enqueueStored } from "~/features/mail/store-and-enqueue.server";
import type { WorkerContext } from "~/server/context.server";
import type { Database } from "~/server/db.server";
import { signerLabel } from "./paperwork-text";
import { signaturesOf, signedWords, signersOf } from "./paperwork.server";

/** What staff read of a rental's paperwork, and their "Send the link again". */

/** A rental's paperwork as staff read it, one line a signer. */
export interface PaperworkStatusLine {
  signer: string;
  label: string;
  /** "signed by Ada Lovelace on July 4, 2026 at 9:05 AM EDT" or "not signed". */
  words: string;
  signed: boolean;
}

/**
 * Each signer's state of a rental's paperwork; null for another kind of booking, or a rental not
 * confirmed (its paperwork is not open).
 */
export async function paperworkStatus(
  db: Database,
  booking: { reference: string; kind: string; status: string; request: unknown },
): Promise<PaperworkStatusLine[] | null> {
  if (booking.kind !== "rental" || booking.status !== "confirmed") return null;
  const signed = new Map((await signaturesOf(db, booking.reference)).map((row) => [row.signer, row]));
  return signersOf(booking).map((signer) => {
    const row = signed.get(signer);
    return {
      signer,
      label: signerLabel(signer),
      words: row ? signedWords(row) : "not signed",
      signed: Boolean(row),
    };
  });
}

/** One line for lists: "Paperwork: Renter signed by ...; Additional driver 1 not signed". */
export function paperworkSummary(lines: readonly PaperworkStatusLine[]): string {
  return `Paperwork: ${lines.map((line) => `${line.label} ${line.words}`).join("; ")}`;
}

/** How often staff may send one booking's paperwork link again: once an hour, counted by the INSERT. */
export const paperworkLinkAgain = { perBookingPerHour: 1, windowSeconds: 3600 } as const;

export type LinkAgainOutcome =
  { sent: true; message: string } | { sent: false; status: 404 | 409 | 429; message: string };

/**
 * Staff's "Send the link again": a customer-only e-mail listing the paperwork still unsigned, from
 * the booking's private path the reminder keeps (the token is stored nowhere else). At most
 * `paperworkLinkAgain.perBookingPerHour` per booking in the last hour, counted in the INSERT that
 * stores it; the outbox's limit on e-mails to one address in an hour applies at delivery as to any.
 */
export async function sendPaperworkLinkAgain(
  worker: Pick<WorkerContext, "env" | "db">,
  reference: string,
): Promise<LinkAgainOutcome> {
  const booking = await findBooking(worker.db, reference);
  if (!booking) return { sent: false, status: 404, message: `There is no booking ${reference}.` };
  const lines = await paperworkStatus(worker.db, booking);
  if (!lines)
    return {
      sent: false,
      status: 409,
      message: `${reference} is not a confirmed rental: it has no paperwork to sign.`,
    };
  if (lines.every((line) => line.signed)) {
    return { sent: false, status: 409, message: `${reference}'s paperwork is all signed; nothing was sent.` };
  }
  const window = `-${paperworkLinkAgain.windowSeconds} seconds`;
  const rows = await worker.db.all<{ id: string }>(sql`
    INSERT INTO contact_messages
      (id, first_name, last_name, email, email_key, phone, interest, message, vehicle_id, booking_reference,
       booking_event, customer_private, staff_answer)
    SELECT ${crypto.randomUUID()}, b.first_name, b.last_name, b.email,
      coalesce(nullif(b.email_key, ''), lower(trim(b.email))), b.phone, b.interest, '', b.vehicle_id, b.reference,
      'paperwork', json_object('statusPath', r.status_path), 0
    FROM bookings AS b JOIN booking_reminders AS r ON r.reference = b.reference
    WHERE b.reference = ${reference} AND b.status = 'confirmed' AND r.status_path IS NOT NULL
      AND (SELECT count(*) FROM contact_messages AS earlier
        WHERE earlier.booking_reference = b.reference AND earlier.booking_event = 'paperwork'
          AND earlier.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${window})) < ${paperworkLinkAgain.perBookingPerHour}
    RETURNING id`);
  const [stored] = rows;
  if (!stored) {
    const [kept] = await worker.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM booking_reminders WHERE reference = ${reference} AND status_path IS NOT NULL`,
    );
    if (!kept?.n) {
      return {
        sent: false,
        status: 409,
        message: `${reference}'s private link is no longer kept (it went out with the day-before reminder, which lists the paperwork); the renter signs on paper at pickup, or from the link in that reminder.`,
      };
    }
    return {
      sent: false,
      status: 429,
      message: `${reference}'s paperwork link was already sent again in the last hour; nothing was sent.`,
    };
  }
  await enqueueStored(worker.env, worker.db, stored.id);
  return { sent: true, message: `The paperwork link is on its way to ${booking.email}.` };
}
