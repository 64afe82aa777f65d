import { expect } from "@playwright/test";
import { site } from "../../src/config/site";

/**
 * A request's status page says until when it is held: the day `hours` after it was placed (between
 * `placedFrom` and `placedTo`), on the dealer's calendar, with a time and the zone's abbreviation.
 */
export function expectHeldUntil(html: string, hours: number, placedFrom: Date, placedTo: Date): void {
  const day = (placed: Date) =>
    new Date(placed.getTime() + hours * 3_600_000).toLocaleDateString("en-US", {
      timeZone: site.timeZone,
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
  const days = [...new Set([day(placedFrom), day(placedTo)])].join("|");
  const text = html.replace(/<!-- -->/g, "");
  expect(text).toMatch(new RegExp(`<dt>Held until</dt><dd>(${days}) at \\d{1,2}:\\d{2} [AP]M E[SD]T</dd>`));
}
