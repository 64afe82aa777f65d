import { site, type Weekday } from "~/config/site";
import { testDriveTerms, testDriveTimesOn, type TestDrivePlace } from "~/config/test-drives";
import { towns, type Town } from "~/config/towns";
import { addDays, localMoment, longDate } from "~/lib/calendar-days";
import { salesDeliveryTo, salesFreeZoneText } from "~/lib/delivery";
import { formatMiles, formatTimeOfDay } from "~/lib/format";
import { testDriveMessages } from "./test-drive-content";

/**
 * When and where a test drive can be, shared by the server's checks, the API's calendar and the
 * page: the day and start time against the showroom's hours and the dealer's clock (nothing past,
 * nothing inside the notice staff need), and a home drive's town against the free delivery area.
 */

const weekNames: readonly Weekday[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const weekdayOf = (day: string): Weekday => weekNames[new Date(`${day}T00:00:00Z`).getUTCDay()]!;

/** The start times on `day`, by its weekday's showroom hours (none on a closed day). */
export function timesOn(day: string): string[] {
  return testDriveTimesOn(weekdayOf(day));
}

/** The instant a slot starts, "YYYY-MM-DD" and "HH:MM" read on the dealer's clock. */
export function slotStart(day: string, time: string): Date {
  const asIfUtc = Date.parse(`${day}T${time}:00Z`);
  const seen = localMoment(new Date(asIfUtc), site.timeZone);
  const offset = Date.parse(`${seen.day}T00:00:00Z`) + seen.minutes * 60_000 - asIfUtc;
  return new Date(asIfUtc - offset);
}

/** The first and last days a drive can be on at `now`, and the earliest instant one can start. */
export function testDriveWindow(now: Date) {
  const today = localMoment(now, site.timeZone).day;
  return {
    today,
    last: addDays(today, testDriveTerms.horizonDays),
    earliest: new Date(now.getTime() + testDriveTerms.leadHours * 3_600_000),
  };
}

/** True when the slot can still be booked at `now` (open, ahead, past the notice). */
export function isBookable(day: string, time: string, now: Date): boolean {
  return Object.keys(slotProblems(day, time, now)).length === 0;
}

const closedDays = weekNames.filter((name) => testDriveTimesOn(name).length === 0).map((name) => `${name}s`);

/** Why a day and time cannot be a test drive at `now`, by field; empty when they can. */
export function slotProblems(day: string, time: string, now: Date): Record<string, string> {
  const window = testDriveWindow(now);
  const times = timesOn(day);
  if (day < window.today) return { date: testDriveMessages.past };
  if (times.length === 0) return { date: testDriveMessages.closed(closedDays.join(" and ")) };
  if (day > window.last) return { date: testDriveMessages.tooLate(testDriveTerms.horizonDays, longDate(window.last)) };
  if (!times.includes(time)) {
    const [first, last] = [times[0]!, times.at(-1)!].map(formatTimeOfDay);
    return { time: testDriveMessages.outsideHours(weekdayOf(day), first!, last!) };
  }
  const start = slotStart(day, time);
  if (start <= now) return { time: testDriveMessages.timePast };
  if (start < window.earliest)
    return { time: testDriveMessages.leadTime(testDriveTerms.leadHours, earliestWords(now)) };
  return {};
}

/** The first slot past the notice, in words, for the refusal that names it. */
function earliestWords(now: Date): string {
  const window = testDriveWindow(now);
  for (let day = window.today; day <= window.last; day = addDays(day, 1)) {
    const time = timesOn(day).find((candidate) => slotStart(day, candidate) >= window.earliest);
    if (time) return `${longDate(day)} at ${formatTimeOfDay(time)}`;
  }
  return `after ${longDate(window.last)}`;
}

/** A town a cart can be brought to for a drive, with its distance as the town pages word it. */
export interface HomeTown {
  town: Town;
  distance: string;
}

function homeTownOf(town: Town): HomeTown & { inArea: boolean } {
  const quote = salesDeliveryTo(town.coordinates);
  return { town, distance: `${formatMiles(quote.miles)} from ${quote.origin.name}`, inArea: quote.charge === 0 };
}

/** The towns within the free delivery area, where a cart is brought for a home test drive. */
export const homeTowns: readonly HomeTown[] = towns.map(homeTownOf).filter((entry) => entry.inArea);

/** Why a place and town will not do, by field; empty when they will. */
export function placeProblems(where: TestDrivePlace, town: string | undefined): Record<string, string> {
  if (where !== "home") return {};
  const known = towns.find((candidate) => candidate.slug === town);
  if (!town) return { town: testDriveMessages.town };
  if (!known) return { town: testDriveMessages.notServed(salesFreeZoneText()) };
  const entry = homeTownOf(known);
  if (!entry.inArea) return { town: testDriveMessages.outsideArea(known.name, entry.distance, salesFreeZoneText()) };
  return {};
}
