import { site } from "../../src/config/site";

/**
 * An instant as staff should read it in a listing or an e-mail: on the dealer's own clock, to the
 * minute, with the zone's abbreviation. Worked out here through Intl's Swedish date style
 * ("2026-11-26 10:24"), not through the site's formatter, so a test does not check the code
 * against itself.
 */
export function onDealersClock(instant: Date): string {
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
  return `${clock} ${zone}`;
}

/** An instant an hour ago, on the minute: as the database stores it (UTC) and as staff should read it. */
export function anHourAgo(): { stored: string; shown: string } {
  const instant = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);
  return { stored: instant.toISOString(), shown: onDealersClock(instant) };
}
