import { and, asc, between, eq, inArray, or } from "drizzle-orm";
import { activeBookingStatuses, bookingKinds, type BookingKind, type BookingStatus } from "~/config/booking-kinds";
import { staffBookingPath } from "~/config/pages";
import { site } from "~/config/site";
import { bookings } from "~/db/schema";
import { releaseAt, timeLeft } from "~/features/bookings/held-until";
import { addDays, dayRange, localMoment, weekdayDate } from "~/lib/calendar-days";
import { dealerTimestamp } from "~/lib/dealer-clock";
import type { WorkerContext } from "~/server/context.server";
import { dialable } from "./phone-link";
import { paperworkStatus, paperworkSummary } from "~/features/rentals/paperwork-staff.server";
import { depositSummary } from "~/features/payments/staff-deposit.server";
import { dayLinesOf, type DayLine, type WeekBooking } from "./week-lines";

/**
 * The staff day view's data: what waits for an answer, the carts buyers hold, and what happens on
 * each of the coming days (carts going out and coming back, drop-offs, storage arrivals and
 * departures), all on the dealer's calendar.
 */

export interface StaffLine {
  reference: string;
  /** The booking's own staff page, where it is answered. */
  href: string;
  kindLabel: string;
  status: BookingStatus;
  summary: string;
  name: string;
  /** A confirmed rental's paperwork: who has signed, who has not (issue 56). */
  paperwork: string | null;
  /** Its deposit paid online: "deposit paid: in $500.00, out $0.00, balance $500.00" (issue 57). */
  deposit: string | null;
}

/** A line staff call from: the customer's number, with a tap-to-call address when it has digits. */
export interface CallLine extends StaffLine {
  phone: string;
  phoneHref: string | null;
}

export interface WaitingLine extends CallLine {
  /** "31 h 20 min left". */
  left: string;
  /** When the request is released unanswered, "2026-11-28 09:05 EST". */
  releasedAt: string;
}

export interface HeldLine extends CallLine {
  placed: string;
}

export interface WeekDay {
  day: string;
  /** "Friday, November 27". */
  date: string;
  /** "Today", "Tomorrow", or null for the days after. */
  relative: "Today" | "Tomorrow" | null;
  lines: (StaffLine & { what: string })[];
}

export interface StaffWeekView {
  waiting: WaitingLine[];
  held: HeldLine[];
  days: WeekDay[];
}

/**
 * In one statement: every request still waiting (whatever its days), every cart reservation still
 * active (a hold has no day of its own), and every active booking that starts or ends within the
 * days shown. `end_day` is exclusive, so a stay whose last day is the last day shown ends the day
 * after it.
 */
async function weekBookings(worker: Pick<WorkerContext, "db">, first: string, last: string): Promise<WeekBooking[]> {
  const rows = await worker.db
    .select({
      reference: bookings.reference,
      kind: bookings.kind,
      status: bookings.status,
      startDay: bookings.startDay,
      endDay: bookings.endDay,
      request: bookings.request,
      summary: bookings.summary,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      phone: bookings.phone,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, activeBookingStatuses),
        or(
          eq(bookings.status, "requested"),
          eq(bookings.kind, "reservation"),
          between(bookings.startDay, first, last),
          between(bookings.endDay, first, addDays(last, 1)),
        ),
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.reference));
  return rows.map((row) => ({ ...row, kind: row.kind as BookingKind, status: row.status as BookingStatus }));
}

function lineOf(booking: WeekBooking & { paperwork?: string | null; deposit?: string | null }): StaffLine {
  return {
    paperwork: booking.paperwork ?? null,
    deposit: booking.deposit ?? null,
    reference: booking.reference,
    href: staffBookingPath(booking.reference),
    kindLabel: bookingKinds[booking.kind].label,
    status: booking.status,
    summary: booking.summary,
    name: `${booking.firstName} ${booking.lastName}`,
  };
}

const callLineOf = (booking: WeekBooking): CallLine => ({
  ...lineOf(booking),
  phone: booking.phone,
  phoneHref: dialable(booking.phone),
});

function relativeName(index: number): WeekDay["relative"] {
  if (index === 0) return "Today";
  return index === 1 ? "Tomorrow" : null;
}

export async function staffWeekView(worker: Pick<WorkerContext, "db">, now: Date): Promise<StaffWeekView> {
  const days = dayRange(localMoment(now, site.timeZone).day, site.staffWeekDays);
  const found = await Promise.all(
    (await weekBookings(worker, days[0]!, days.at(-1)!)).map(async (booking) => {
      const [lines, deposit] = await Promise.all([
        paperworkStatus(worker.db, booking),
        depositSummary(worker.db, booking.reference),
      ]);
      return { ...booking, paperwork: lines ? paperworkSummary(lines) : null, deposit };
    }),
  );
  const byDay = new Map<string, DayLine[]>(days.map((day) => [day, []]));
  for (const booking of found) {
    for (const line of dayLinesOf(booking)) byDay.get(line.day)?.push(line);
  }
  return {
    // The first to be released unanswered first: the oldest, while every kind holds as long.
    waiting: found
      .filter((booking) => booking.status === "requested")
      .sort((a, b) => releaseAt(a).getTime() - releaseAt(b).getTime())
      .map((booking) => ({
        ...callLineOf(booking),
        left: timeLeft(booking, now),
        releasedAt: dealerTimestamp(releaseAt(booking)),
      })),
    held: found
      .filter((booking) => booking.kind === "reservation")
      .map((booking) => ({ ...callLineOf(booking), placed: dealerTimestamp(new Date(booking.createdAt)) })),
    days: days.map((day, index) => ({
      day,
      date: weekdayDate(day),
      relative: relativeName(index),
      lines: (byDay.get(day) ?? [])
        .sort((a, b) => a.order - b.order)
        .map(({ booking, what }) => ({ ...lineOf(booking), what })),
    })),
  };
}
