import { site, type Weekday } from "./site";

/**
 * Test drives booked online (issue 38): where a drive can start, how many drivers one slot takes
 * at each place, how much notice staff need, how far ahead the calendar reaches and how long an
 * unanswered request keeps its slot. The slots themselves follow the showroom's hours.
 */
export const testDrivePlaces = ["showroom", "home"] as const;
export type TestDrivePlace = (typeof testDrivePlaces)[number];

export const testDriveTerms = {
  /**
   * Drivers per slot: two salespeople at the showroom, one cart on the trailer for a drive at home.
   * Fictional defaults, written once on setup into pools that do not exist yet; after that staff
   * set each slot with `npm run bookings -- capacity test-drive:showroom:10:00 N`.
   */
  perSlot: { showroom: 2, home: 1 } satisfies Record<TestDrivePlace, number>,
  /** The least notice before a drive, so staff can call first and load a cart for a home visit. */
  leadHours: 24,
  /** How many days ahead a drive can be booked. */
  horizonDays: 14,
  /** One drive's length, which is also the step between slots: the last one ends at closing. */
  slotMinutes: 60,
  /** How long a request staff have not answered keeps its slot. */
  holdHours: 24,
} as const;

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
};
const clockOf = (minutes: number) =>
  [Math.floor(minutes / 60), minutes % 60].map((part) => String(part).padStart(2, "0")).join(":");

/** The slots' start times on `weekday`, "HH:MM": from opening, the last one ending at closing. */
export function testDriveTimesOn(weekday: Weekday): string[] {
  const entry = site.showroomHours.hours.find((hours) => (hours.days as readonly Weekday[]).includes(weekday));
  if (!entry?.opens || !entry.closes) return [];
  const times: string[] = [];
  const step = testDriveTerms.slotMinutes;
  for (let start = minutesOf(entry.opens); start + step <= minutesOf(entry.closes); start += step) {
    times.push(clockOf(start));
  }
  return times;
}

const weekNames: readonly Weekday[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Every start time some weekday has, earliest first: one pool per time and place. */
export const testDriveTimes: readonly string[] = [...new Set(weekNames.flatMap(testDriveTimesOn))].sort();

/** The days of the week (0 = Sunday) on which `time` is no slot: the pool's closed weekdays. */
export function weekdaysWithout(time: string): number[] {
  return weekNames.flatMap((name, day) => (testDriveTimesOn(name).includes(time) ? [] : [day]));
}

/** The pool one slot of a place is: "test-drive:showroom:10:00". */
export function testDrivePool(place: TestDrivePlace, time: string): string {
  return `test-drive:${place}:${time}`;
}

/** The start time a slot pool is for: "10:00" of "test-drive:home:10:00". */
export function testDriveTimeOf(pool: string): string {
  return pool.split(":").slice(2).join(":");
}

/** Every place's pool at `time`, as a LIKE pattern: one cart is driven in one of them at a time. */
export function testDrivePoolsAt(time: string): string {
  return `test-drive:%:${time}`;
}
