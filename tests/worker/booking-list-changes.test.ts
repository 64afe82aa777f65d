import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { bookingRowsSql, type BookingRow } from "../../scripts/staff/booking-sql";
import { offlineDatabase } from "../../scripts/staff/offline-database";
import { sqlText } from "../../scripts/staff/statement-text";
import { site } from "~/config/site";
import { releaseStaleBookings } from "~/features/bookings/booking-notices.server";
import { lastChangeWords } from "~/features/bookings/booking-decisions";
import { bookingWithReference, statusChangeQuery } from "~/features/bookings/capacity.server";
import { cancelByRenter } from "~/features/rentals/renter-cancellation.server";
import { addDays, localMoment } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { onDealersClock } from "../support/dealer-clock";
import { recordingMailer } from "./contact-support";
import { runSql } from "./run-sql";
import { heldSixSeater } from "./rental-fixtures";

/**
 * `npm run bookings -- list` says who made each booking's last change and when, so staff sharing
 * the work see that a colleague already answered: the rows its own SELECT reads after each way a
 * status changes (the command, a staff page, the customer's cancel, the cron job's release), as the
 * list's last cell words them.
 */
const today = localMoment(new Date(), site.timeZone).day;

// A renter of their own each: the per-person limits would refuse one renter this many holds.
const held = (offset: number) => heldSixSeater({ start: addDays(today, offset), days: 2 });

/** The list's last cell for each booking, by reference, from the rows its SELECT reads. */
async function lastChanges(): Promise<Record<string, { cell: string; decidedAt: string | null }>> {
  const { results } = await env.DB.prepare(bookingRowsSql({ kind: "rental" })).all<BookingRow>();
  return Object.fromEntries(
    results.map((row) => [
      row.reference,
      {
        cell: lastChangeWords({ status: row.status, by: row.decided_by, at: row.decided_at }) ?? "",
        decidedAt: row.decided_at,
      },
    ]),
  );
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bookings"),
    env.DB.prepare("DELETE FROM contact_messages"),
    env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity) VALUES ('six-seater', 'rental', 6) ON CONFLICT (pool) DO UPDATE SET capacity = 6",
    ),
  ]);
});

describe("the booking list's last change", () => {
  it("names who answered and when, on the dealer's clock, and nothing for a booking nobody answered", async () => {
    const holds = [];
    for (const offset of [40, 41, 42, 43, 44]) holds.push(await held(offset));
    const [byTerminal, byStaffPage, byCustomer, bySite, unanswered] = holds;
    // The statement `npm run bookings -- confirm` sends, as text through wrangler.
    await runSql(sqlText(statusChangeQuery(offlineDatabase, bookingWithReference(byTerminal!.reference), "confirm")));
    // A staff page's Confirm, which records the Access identity.
    await statusChangeQuery(
      database(env.DB),
      bookingWithReference(byStaffPage!.reference),
      "confirm",
      "ana@dealer.example",
    );
    const worker = { env, ctx: createExecutionContext(), db: database(env.DB) };
    expect(await cancelByRenter(worker, byCustomer!.token, { mailer: recordingMailer().mailer })).toMatchObject({
      outcome: "cancelled",
    });
    await waitOnExecutionContext(worker.ctx);
    const longAgo = new Date(Date.now() - (site.rentalBooking.holdHours + 1) * 3_600_000).toISOString();
    await env.DB.prepare("UPDATE bookings SET created_at = ? WHERE reference = ?")
      .bind(longAgo, bySite!.reference)
      .run();
    expect(await releaseStaleBookings(env, recordingMailer().mailer)).toBe(1);

    const changes = await lastChanges();
    const at = (reference: string) => onDealersClock(new Date(changes[reference]!.decidedAt!));
    expect(changes[byTerminal!.reference]!.cell).toBe(`confirmed by terminal ${at(byTerminal!.reference)}`);
    expect(changes[byStaffPage!.reference]!.cell).toBe(`confirmed by ana@dealer.example ${at(byStaffPage!.reference)}`);
    expect(changes[byCustomer!.reference]!.cell).toBe(`cancelled by the customer ${at(byCustomer!.reference)}`);
    expect(changes[bySite!.reference]!.cell).toBe(`expired by the website ${at(bySite!.reference)}`);
    expect(changes[unanswered!.reference]).toEqual({ cell: "", decidedAt: null });
  });
});
