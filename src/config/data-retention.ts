import { alertTerms } from "./alert-terms";
import { visitorLimits } from "./visitor-limits";

/**
 * How long the site keeps what visitors send. The cron job deletes older contact messages and the
 * privacy page states the same period, so the promise and the practice cannot drift apart.
 */
export const contactMessageRetention = { months: 24 } as const;

/** The oldest moment a contact message may have been received and still be kept, at `at`. */
export function contactRetentionCutoff(at: Date): Date {
  const cutoff = new Date(at);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - contactMessageRetention.months);
  return cutoff;
}

/**
 * What the day-before reminders keep (`booking_reminders`, migration 0019), and for how long. The
 * booking's private link (whose token is stored nowhere else) is kept from the placing until its
 * reminder is stored, then travels in that message only until it is sent, like the placed e-mail's;
 * it is erased sooner when the booking is declined, cancelled, expired or sold. What is left of the
 * row (the reference and the day) is deleted once the reminder's day has passed. The privacy page
 * states `privacyText`.
 */
export const bookingReminderRetention = {
  kept: "the booking's reference, the day its reminder is due, and its private link",
  linkUntil: "the reminder is on its way, or the booking is declined, cancelled, expired or sold",
  rowUntil: "the day after the reminder is due",
  privacyText:
    "To e-mail you a reminder the day before a booking, we keep its private link only until that reminder is sent or the booking ends, and the reminder's record until its day has passed.",
} as const;

/**
 * What alerts keep (issue 40, migration 0021), and for how long: the cron job deletes unconfirmed
 * requests after `alertTerms.unconfirmedDays` and confirmed ones at their end; a stopped alert is
 * deleted at once. The privacy page states `privacyText`.
 */
export const alertRetention = {
  privacyText: `If you ask us to e-mail you when a cart arrives or a price drops, we keep your e-mail address and what you asked for: ${alertTerms.unconfirmedDays} days if you do not confirm it, otherwise until you stop it or ${alertTerms.confirmedMonths} months after you confirmed or last renewed it, with the carts we have already told you about.`,
} as const;

/**
 * The client's network address (an IPv4 address, or an IPv6 /64) and its network (an IPv4 /24, an
 * IPv6 /48), kept only for the limits on one connection and one network: on a booking request
 * until it leaves "requested" (a trigger blanks them, migration 0023), in the record of each
 * booking request for the hourly limits' window (migration 0024; the cron job deletes it), on an
 * alert as long as the alert is kept, and on the record of each alert request for
 * `alertTerms.unconfirmedDays` days; with a contact message for the hourly limits' window (migration
 * 0026; the cron job blanks it). The privacy page states `privacyText`.
 */
export const clientAddressRetention = {
  privacyText: `So that no one connection can fill our calendar, our inbox or anyone else's, we keep the internet address a message, a booking request or an alert request came from (for IPv6, only its network's part): with a message for ${visitorLimits.windowSeconds / 60} minutes, with a booking request until we answer it or it is released, in a record of each booking request for ${visitorLimits.windowSeconds / 60} minutes, with an alert as long as we keep the alert, and a record of each alert request for ${alertTerms.unconfirmedDays} days.`,
} as const;

/**
 * The Worker's logs (wrangler.toml's `[observability]`: Cloudflare Workers Logs), which record each
 * request's address, page and browser and our error messages. Cloudflare keeps them 7 days at most
 * and then deletes them ("Maximum log retention period: 7 Days", Workers Logs limits,
 * https://developers.cloudflare.com/workers/observability/logs/workers-logs/#limits); we export
 * none of them elsewhere. The privacy page states `privacyText`.
 */
export const serverLogRetention = {
  days: 7,
  privacyText:
    "What your browser sends when you visit (the page, your internet address, browser type and approximate location) is kept in our host Cloudflare's logs of this website, for security and to fix faults, for at most 7 days; then it is deleted.",
} as const;

/**
 * Cloudflare services that see a visitor's internet address while guarding the forms: the rate
 * limiter counts each address's messages and bookings (wrangler.toml's `[[ratelimits]]`, keyed by
 * the address or its IPv6 /64), and Turnstile, once its keys are set (README, deploy step 6), runs
 * its check in the visitor's browser and is sent the address again with the answer (`remoteip`,
 * src/server/turnstile.server.ts). The privacy page states `privacyText`.
 */
export const addressCheckers = {
  privacyText:
    "Cloudflare, which hosts this website, sees your internet address when you send a message or a booking: its rate limiting counts the requests each address makes, to stop floods, and its Turnstile check, on the forms that show it, uses your address and browser to tell people from automated programs. Cloudflare handles that under its own privacy policy.",
} as const;

/**
 * Signed rental paperwork (issue 56): the PDF in the private PAPERWORK bucket and its record in D1
 * (who signed, when, the text's version and SHA-256, the text itself), kept for the longest
 * limitation period a claim about the rental could be brought in (4 years for a contract, 2 for an
 * injury: 42 Pa.C.S. §§ 5524-5525), counted from the rental's return day; the cron job then deletes
 * the record and its PDF. The privacy page states `privacyText`.
 */
export const paperworkRetention = {
  years: 4,
  source: "42 Pa.C.S. §§ 5524-5525",
  privacyText:
    "When you sign rental paperwork online, we keep the signed PDF and a record of who signed it, when, and exactly what text, for 4 years after the rental's return day (the longest period in which a claim about the rental could be brought, 42 Pa.C.S. §§ 5524-5525); then both are deleted.",
} as const;

/** The day signed paperwork is deleted: `paperworkRetention.years` after the rental's return day. */
export function paperworkDeleteAfter(returnDay: string): string {
  const [year, rest] = [Number(returnDay.slice(0, 4)), returnDay.slice(4)];
  return `${year + paperworkRetention.years}${rest === "-02-29" ? "-03-01" : rest}`;
}

/**
 * Trade-in requests (issue 58): the customer's details, their cart's and its photos (in the private
 * PAPERWORK bucket), with staff's answer, kept 12 months from the request: an offer holds at most a
 * few weeks, but customers come back to trade the next season and staff compare with what they were
 * told; past that the cart's value has moved and the record is no use. The cron job then deletes
 * the record and its photos. The privacy page states `privacyText`.
 */
const tradeInMonths = 12;
const tradeInDraftHours = 24;
export const tradeInRetention = {
  months: tradeInMonths,
  reason: "customers come back to trade a season later, when staff compare with the value they gave",
  /**
   * Photos the trade-in page sent ahead of its form (one by one, with JavaScript) wait for the form
   * this many hours; a form never sent leaves them behind, and the cron job deletes them.
   */
  draftHours: tradeInDraftHours,
  privacyText: `When you ask us to value your trade, we keep what you told us about your cart, its photos (with their location and camera details removed) and our answer for ${tradeInMonths} months, since customers often come back to trade a season later; then the record and its photos are deleted. Photos your phone sends ahead of the form, and those of a form we ask you to correct, wait for it ${tradeInDraftHours} hours; if the form is not sent by then, they are deleted.`,
} as const;

/** The oldest moment a trade-in photo sent ahead of its form may have arrived and still be kept, at `at`. */
export function tradeInDraftCutoff(at: Date): Date {
  return new Date(at.getTime() - tradeInRetention.draftHours * 3_600_000);
}

/** The oldest moment a trade-in may have been received and still be kept, at `at`. */
export function tradeInRetentionCutoff(at: Date): Date {
  const cutoff = new Date(at);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - tradeInRetention.months);
  return cutoff;
}
