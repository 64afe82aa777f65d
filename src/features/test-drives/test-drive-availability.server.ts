import {
  testDrivePool,
  testDrivePoolsAt,
  testDriveTimeOf,
  testDriveTimes,
  type TestDrivePlace,
} from "~/config/test-drives";
import { availability, vehicleHolds } from "~/features/bookings/capacity.server";
import { dayRange } from "~/lib/calendar-days";
import type { Database } from "~/server/db.server";
import { isBookable, timesOn } from "./test-drive-rules";

/**
 * Drives one cart can take in one hour, across both places: the engine places a cart's booking only
 * while the cart holds no other at that hour (`vehicleOnceAcross`), so a slot with room for two
 * drivers still takes one of them in this cart.
 */
const drivesPerCartPerHour = 1;

export interface TestDriveDay {
  date: string;
  /** The day's start times that can still be booked, with the drivers each has room for in this cart. */
  slots: { time: string; remaining: number }[];
}

/**
 * The free times of a place for `vehicleId` for `count` days from `from`: each slot's pool read by
 * the engine, capped at what the cart itself can take, none at a time the cart is already booked for
 * (here or at the other place), leaving out the times the day does not have and those already past
 * or inside the notice.
 */
export async function testDriveDays(
  db: Database,
  vehicleId: string,
  where: TestDrivePlace,
  from: string,
  count: number,
  now: Date,
): Promise<TestDriveDay[]> {
  const [perTime, cartHolds] = await Promise.all([
    Promise.all(
      testDriveTimes.map(async (time) => {
        const days = await availability(db, testDrivePool(where, time), from, count);
        return [time, new Map(days.map((day) => [day.date, day.remaining]))] as const;
      }),
    ),
    vehicleHolds(db, vehicleId, testDrivePoolsAt("%"), from, count),
  ]);
  const left = new Map(perTime);
  const cartTaken = new Set(cartHolds.map((hold) => `${hold.startDay} ${testDriveTimeOf(hold.pool)}`));
  return dayRange(from, count).map((date) => ({
    date,
    slots: timesOn(date)
      .filter((time) => isBookable(date, time, now))
      .map((time) => ({
        time,
        remaining: cartTaken.has(`${date} ${time}`)
          ? 0
          : Math.min(drivesPerCartPerHour, left.get(time)?.get(date) ?? 0),
      })),
  }));
}
