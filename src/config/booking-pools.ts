import type { BookingKind } from "./booking-kinds";
import { rentalPlans } from "./rental-plans";
import { site, type Department } from "./site";
import { testDrivePlaces, testDrivePool, testDriveTerms, testDriveTimes, weekdaysWithout } from "./test-drives";

/**
 * The pools staff book from and set with `npm run bookings -- capacity POOL N`: one per rental class,
 * the service department's drop-off slots, the two kinds of storage space, and each test-drive slot
 * (a place and a start time: its closed weekdays are those whose showroom hours lack that time). Each vehicle is a pool
 * too ("vehicle:<id>", its unitsInStock), kept in step with the catalogue by the database itself.
 * The capacities here are the site config's fictional defaults, written once on setup into pools
 * that do not exist yet, never over the staff's own.
 */
export interface PoolDefault {
  pool: string;
  kind: BookingKind;
  capacity: number;
  /** Days of the week (0 = Sunday) with nothing to give. */
  closedWeekdays: readonly number[];
}

const weekdayNumbers: Record<string, number> = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
};

/** The days of the week a department does not open (Sunday's emergencies are by phone). */
export function closedWeekdays(department: Department): number[] {
  return department.hours
    .filter((entry) => entry.opens === null)
    .flatMap((entry) => entry.days.map((day) => weekdayNumbers[day]!))
    .sort();
}

export const servicePool = "service";
export const storagePools = { indoor: "storage-indoor", outdoor: "storage-outdoor" } as const;
export type StorageSpace = keyof typeof storagePools;

export const poolDefaults: readonly PoolDefault[] = [
  ...rentalPlans.map((plan) => ({
    pool: plan.id,
    kind: "rental" as const,
    capacity: site.rentalFleet[plan.id],
    closedWeekdays: [],
  })),
  {
    pool: servicePool,
    kind: "service",
    capacity: site.serviceBooking.dropOffsPerDay,
    closedWeekdays: closedWeekdays(site.serviceHours),
  },
  ...(Object.keys(storagePools) as StorageSpace[]).map((space) => ({
    pool: storagePools[space],
    kind: "storage" as const,
    capacity: site.storageBooking.spaces[space],
    closedWeekdays: [],
  })),
  ...testDrivePlaces.flatMap((place) =>
    testDriveTimes.map((time) => ({
      pool: testDrivePool(place, time),
      kind: "test-drive" as const,
      capacity: testDriveTerms.perSlot[place],
      closedWeekdays: weekdaysWithout(time),
    })),
  ),
];

/** The pool of a vehicle's units, which buyers' reservations are counted against. */
export function vehiclePool(vehicleId: string): string {
  return `vehicle:${vehicleId}`;
}
