import { site } from "~/config/site";
import { localMoment } from "./calendar-days";

/**
 * Instants as people read them on the dealer's clock, with the zone's abbreviation so that a time
 * passed on says which clock it is. The database keeps UTC.
 */

const momentFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: site.timeZone,
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

const zoneFormat = new Intl.DateTimeFormat("en-US", { timeZone: site.timeZone, timeZoneName: "short" });

/** For customers: "Wednesday, December 23, 2026 at 12:00 AM EST". */
export function dealerMoment(instant: Date): string {
  return momentFormat.format(instant);
}

/** For staff lists and e-mails, short and sortable: "2026-07-04 09:05 EDT". */
export function dealerTimestamp(instant: Date): string {
  const { day, minutes } = localMoment(instant, site.timeZone);
  const zone = zoneFormat.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? site.timeZone;
  const clock = [Math.floor(minutes / 60), minutes % 60].map((part) => String(part).padStart(2, "0")).join(":");
  return `${day} ${clock} ${zone}`;
}
