import { site } from "~/config/site";
import { localMoment } from "~/lib/calendar-days";

/** The instant the dealer's clock reads `clock` ("HH:MM") on `day`, whatever daylight saving does. */
export function dealerTime(day: string, clock: string): Date {
  const [hours, minutes] = clock.split(":").map(Number) as [number, number];
  for (let offset = 0; offset < 24; offset += 1) {
    const instant = new Date(Date.parse(`${day}T${clock}:00Z`) + offset * 3_600_000);
    const moment = localMoment(instant, site.timeZone);
    if (moment.day === day && moment.minutes === hours * 60 + minutes) return instant;
  }
  throw new Error(`no ${clock} on ${day}`);
}
