import { site } from "../../src/config/site";

/**
 * An instant an hour ago, as the database stores it (UTC, to the millisecond) and as staff should
 * read it in a listing: on the dealer's own clock, to the minute, with the zone's abbreviation.
 * Worked out here through Intl's Swedish date style ("2026-11-26 10:24"), not through the site's
 * formatter, so the test does not check the code against itself.
 */
export function anHourAgo(): { stored: string; shown: string } {
  const instant = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);
  const clock = instant.toLocaleString("sv-SE", {
    timeZone: site.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const zone = instant
    .toLocaleTimeString("en-US", { timeZone: site.timeZone, timeZoneName: "short" })
    .split(" ")
    .at(-1);
  return { stored: instant.toISOString(), shown: `${clock} ${zone}` };
}
