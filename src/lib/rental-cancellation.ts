import { rentalTerms } from "~/config/rental-plans";
import { site } from "~/config/site";
import { localMoment } from "~/lib/calendar-days";

/**
 * The refund a renter's cancellation earns at a given moment, by the rental policy: free up to 24
 * hours before the start, a part refund within them, none once the rental has begun (a no-show).
 * A booking names a start day, not an hour, so the start is taken as that day's first minute on the
 * dealer's clock: the earliest the cart could leave, which never promises a refund the policy
 * would not give.
 */

export interface CancellationTerms {
  /** Percent of the rental charges refunded if cancelled now. */
  refundPercent: number;
  /** The last moment a cancellation is free. */
  freeUntil: Date;
  startsAt: Date;
}

/** The instant the dealer's wall clock reads 00:00 on `day`. */
export function dealerMidnight(day: string, timeZone: string = site.timeZone): Date {
  const asUtc = Date.parse(`${day}T00:00:00Z`);
  let guess = asUtc;
  // Two passes settle the zone's offset even on a day daylight saving changes it.
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = localMoment(new Date(guess), timeZone);
    const seenAsUtc = Date.parse(`${seen.day}T00:00:00Z`) + seen.minutes * 60_000;
    guess -= seenAsUtc - asUtc;
  }
  return new Date(guess);
}

export function cancellationTerms(startDay: string, now: Date): CancellationTerms {
  const startsAt = dealerMidnight(startDay);
  const freeUntil = new Date(startsAt.getTime() - rentalTerms.cancellation.freeUntilHoursBefore * 3_600_000);
  const refundPercent = now < freeUntil ? 100 : now < startsAt ? rentalTerms.cancellation.lateRefundPercent : 0;
  return { refundPercent, freeUntil, startsAt };
}
