import { eq, sql } from "drizzle-orm";
import { bookingKinds, kindOfReference, type BookingKind } from "~/config/booking-kinds";
import { bookingReminders, type BookingReminder } from "~/config/booking-reminders";
import { interestLabels, type Interest } from "~/config/enquiry-interests";
import { formatHours, hoursSentence, site, type EmailPurpose, type Weekday } from "~/config/site";
import { visitorLimits } from "~/config/visitor-limits";
import { rentalTerms } from "~/config/rental-plans";
import { derivedToken } from "~/server/booking-keys.server";
import { bookings, type ContactBookingEvent } from "~/db/schema";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { localMoment, longDate } from "~/lib/calendar-days";
import { findDeliveryTown } from "~/lib/delivery";
import { formatMoney, formatTimeOfDay } from "~/lib/format";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { escapeMarkup } from "~/lib/escape-markup";
import type { Database } from "~/server/db.server";
import type { ContactMessageRow } from "./outbox.server";
import { hasPaidDeposit, paymentFacts, receiptWords, refundWords } from "./money-letter.server";
import { asciiMailbox, composed, type OutgoingEmail } from "./staff-email.server";
import { cartWords, offerHoldsUntil, offerRange, type TradeInLead } from "./trade-in-mail.server";

/**
 * The one e-mail a customer gets for each thing they asked for and each answer to it: a contact
 * message received, a booking of any kind placed, and each status change of a booking. Written
 * from what the site stored (the booking's summary and quote, never anything the customer typed:
 * a form that mails its own text to any address it is given would relay spam), so one composer
 * serves every kind. Reply-To is the staff address of the request's purpose.
 */

/** The booking as the customer's e-mail reads it. */
type BookingFacts = Pick<
  typeof bookings.$inferSelect,
  "reference" | "kind" | "status" | "summary" | "quote" | "startDay" | "request" | "holdUntil"
>;

export async function bookingFacts(db: Database, reference: string): Promise<BookingFacts | null> {
  const [row] = await db
    .select({
      reference: bookings.reference,
      kind: bookings.kind,
      status: bookings.status,
      summary: bookings.summary,
      quote: bookings.quote,
      startDay: bookings.startDay,
      request: bookings.request,
      holdUntil: bookings.holdUntil,
    })
    .from(bookings)
    .where(eq(bookings.reference, reference))
    .limit(1);
  return row ?? null;
}

/** Who answers a customer's reply, by what they asked about. */
const replyPurpose: Record<BookingKind, EmailPurpose> = {
  rental: "sales",
  reservation: "sales",
  service: "service",
  storage: "service",
  "test-drive": "sales",
};
const interestPurpose: Record<Interest, EmailPurpose> = {
  sales: "sales",
  service: "service",
  parts: "service",
  general: "info",
};

/** The price as the customer was shown it: any kind's stored quote, read by its common fields. */
export function storedPriceLines(quote: unknown): { lines: [string, string][]; notes: string[] } {
  const stored = (quote ?? {}) as { lines?: unknown; total?: unknown; deposit?: unknown; rate?: unknown };
  const lines: [string, string][] = [];
  const notes: string[] = [];
  if (Array.isArray(stored.lines)) {
    for (const line of stored.lines as { label?: unknown; amount?: unknown }[]) {
      if (typeof line?.label === "string" && typeof line.amount === "number") {
        lines.push([line.label, formatMoney(line.amount)]);
      }
    }
  }
  if (typeof stored.total === "number") lines.push(["Total", formatMoney(stored.total)]);
  if (typeof stored.deposit === "number") {
    notes.push(
      `A refundable deposit of ${formatMoney(stored.deposit)} is held on your card; it is not part of the total.`,
    );
  }
  if (typeof stored.rate === "string")
    notes.push(`Labour: ${stored.rate}. The service desk quotes the work before it starts.`);
  return { lines, notes };
}

const kindWords = (kind: BookingKind) => bookingKinds[kind].label.toLowerCase();

/** What each event says, first in the subject, then as the e-mail's opening. */
function eventWords(
  kind: BookingKind,
  event: ContactBookingEvent,
  holdUntil: string | null = null,
): { subject: string; opening: string } {
  const what = kindWords(kind);
  switch (event) {
    case "placed":
      return {
        subject: "request received",
        opening: `Thank you: we have your ${what} request. It is held for you while our staff confirm it: they will call you in business hours, and a request not confirmed within ${bookingKinds[kind].holdHours} hours is released.`,
      };
    case "confirmed":
      return { subject: "confirmed", opening: `Your ${what} is confirmed.` };
    case "declined":
      return {
        subject: "declined",
        opening: `We are sorry: we cannot take your ${what} after all. Nothing is charged; call us and we will look for another time.`,
      };
    case "cancelled":
      return { subject: "cancelled", opening: `Your ${what} is cancelled, and its place is free again.` };
    case "expired":
      return {
        subject: "released",
        opening: `Your ${what} request was released: nobody confirmed it ${holdUntil ? `by the end of its hold, ${dealerTimestamp(new Date(holdUntil))}` : `within ${bookingKinds[kind].holdHours} hours`}. We are sorry; call us if you still want it.`,
      };
    case "sold":
      return { subject: "sale complete", opening: "Your purchase is complete. Thank you for buying from us." };
    case "reminder":
      return { subject: "tomorrow", opening: `Your ${what} is tomorrow.` };
    case "paperwork":
      return {
        subject: "paperwork to sign",
        opening: `Please sign your ${what}'s paperwork before pickup, from the link below: it takes a couple of minutes on a phone.`,
      };
    case "signed":
      return {
        subject: "signed paperwork",
        opening: `Your signed ${what} paperwork is attached as a PDF: keep it, it is your copy of what was signed.`,
      };
    // Their words come from the payment's record (money-letter.server.ts); these stand in only if it is gone.
    case "deposit-paid":
      return { subject: "deposit received", opening: `We have your deposit for your ${what}.` };
    case "refunded":
      return { subject: "deposit refunded", opening: `We have refunded your deposit for your ${what}.` };
  }
}

/** A money e-mail's words from its payment's record; "gone" when the payment is no longer there. */
async function moneyWords(db: Database, kind: BookingKind, event: ContactBookingEvent, message: ContactMessageRow) {
  if (event !== "deposit-paid" && event !== "refunded") return null;
  const id = message.customerPrivate?.payment;
  const payment = typeof id === "number" ? await paymentFacts(db, id) : null;
  if (!payment) return "gone" as const;
  return event === "deposit-paid"
    ? receiptWords(kind, payment, kindWords(kind))
    : { ...refundWords(payment, kindWords(kind)), notes: [] as string[] };
}

const weekdays: readonly Weekday[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The department's hours on the booking's weekday, as its pages write them ("9AM-5PM"). */
function hoursOnDay(reminder: BookingReminder, day: string): string {
  const weekday = weekdays[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
  const entry = reminder.hours.hours.find((hours) => hours.days.includes(weekday));
  const department = reminder.hours.name;
  if (!entry?.opens) {
    return `${department}: ${entry ? (formatHours([entry])[0]?.times ?? "Closed") : "Closed"} on ${weekday}s; call ${site.phone.display} to arrange the time.`;
  }
  return `${formatHours([entry])[0]!.times} (${department} hours on ${weekday}s).`;
}

/** The town a booking's request asks the cart be delivered to, if it asks for delivery. */
function deliveryTownOf(request: unknown): string | null {
  const delivery = (request as { delivery?: { type?: unknown; town?: unknown } } | null)?.delivery;
  if (delivery?.type !== "delivery" || typeof delivery.town !== "string") return null;
  return `${findDeliveryTown(delivery.town)?.name ?? delivery.town}, ${site.stateCode}`;
}

/** The time of day a booking's request names ("HH:MM", a test drive's slot), if it names one. */
function bookedTime(request: unknown): string | null {
  const time = (request as { time?: unknown } | null)?.time;
  return typeof time === "string" && /^\d\d:\d\d$/.test(time) ? formatTimeOfDay(time) : null;
}

/**
 * The reminder's day, time, place and what to bring, from the kind's reminder data
 * (src/config/booking-reminders.ts) and what the booking stored; never the customer's words.
 */
function reminderFacts(
  reminder: BookingReminder,
  booking: BookingFacts,
): { opening: string; facts: [string, string][] } {
  const town = reminder.delivered ? deliveryTownOf(booking.request) : null;
  const facts: [string, string][] = [["Day", longDate(booking.startDay)]];
  // A booking of a time (a test drive's slot) is reminded of that time, not of the day's hours.
  const time = bookedTime(booking.request);
  if (town && reminder.delivered) {
    facts.push(["Time", time ? `${time}. ${reminder.delivered.hours}` : reminder.delivered.hours]);
    facts.push(["Where", `Delivered to you in ${town}`], ["Have ready", reminder.delivered.have.join(" ")]);
  } else {
    facts.push(["Time", time ?? hoursOnDay(reminder, booking.startDay)], ["Where", reminder.place]);
    facts.push(["Bring", reminder.bring.join(" ")]);
  }
  return { opening: `${reminder.happens} tomorrow, ${longDate(booking.startDay)}.`, facts };
}

/**
 * A reminder that can no longer be true when it goes out (the booking was cancelled since it was
 * stored, or a late retry finds its day already here) is better not sent at all.
 */
function reminderStale(booking: BookingFacts, at: Date): boolean {
  return booking.status !== "confirmed" || booking.startDay <= localMoment(at, site.timeZone).day;
}

interface Letter {
  subject: string;
  opening: string;
  facts: [string, string][];
  price: [string, string][];
  notes: string[];
  link: { label: string; url: string } | null;
  purpose: EmailPurpose;
  hours: string;
  attachments: NonNullable<Parameters<typeof composed>[2]["attachments"]>;
  /** A rental's paperwork links still to sign. */
  paperwork: { label: string; url: string }[];
}

const isCalendar = (attachment: { contentType: string }) => attachment.contentType.startsWith("text/calendar");

/** Plain text a phone wraps as it likes: one "label: value" a line, no columns padded with spaces. */
function letterText(letter: Letter): string {
  return [
    letter.opening,
    "",
    ...letter.facts.map(([label, value]) => `${label}: ${value}`),
    ...(letter.price.length > 0
      ? ["", "Price:", ...letter.price.map(([label, amount]) => `- ${label}: ${amount}`)]
      : []),
    ...(letter.notes.length > 0 ? ["", ...letter.notes] : []),
    ...(letter.link ? ["", `${letter.link.label}:`, letter.link.url] : []),
    ...(letter.paperwork.length > 0
      ? ["", "Rental paperwork still to sign (each link is its signer's own; forward a driver's to them):"]
      : []),
    ...letter.paperwork.flatMap((link) => [`- ${link.label}:`, `  ${link.url}`]),
    ...(letter.attachments.some(isCalendar) ? ["", "The attached calendar file adds it to your calendar."] : []),
    "",
    `Questions? Call ${site.phone.display} or reply to this e-mail (it goes to ${site.emails[letter.purpose]}).`,
    letter.hours,
    "",
    site.name,
    site.website,
    "",
  ].join("\n");
}

/** Simple markup a phone's mail app shows as it is: no styles to load, no images, nothing that reports a reading. */
function letterHtml(letter: Letter): string {
  const cell = 'style="padding:2px 12px 2px 0;text-align:left;vertical-align:top"';
  const rows = (pairs: [string, string][]) =>
    pairs
      .map(
        ([label, value]) => `<tr><th ${cell}>${escapeMarkup(label)}</th><td ${cell}>${escapeMarkup(value)}</td></tr>`,
      )
      .join("");
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeMarkup(letter.subject)}</title></head>`,
    '<body style="font-family:sans-serif;font-size:16px;line-height:1.5;max-width:36em">',
    `<p>${escapeMarkup(letter.opening)}</p>`,
    `<table>${rows(letter.facts)}</table>`,
    letter.price.length > 0 ? `<h2 style="font-size:1.1em">Price</h2><table>${rows(letter.price)}</table>` : "",
    ...letter.notes.map((note) => `<p>${escapeMarkup(note)}</p>`),
    letter.link
      ? `<p>${escapeMarkup(letter.link.label)}:<br><a href="${escapeMarkup(letter.link.url)}">${escapeMarkup(letter.link.url)}</a></p>`
      : "",
    letter.paperwork.length > 0
      ? `<p>Rental paperwork still to sign (each link is its signer's own; forward a driver's to them):</p><ul>${letter.paperwork
          .map(
            (link) =>
              `<li>${escapeMarkup(link.label)}:<br><a href="${escapeMarkup(link.url)}">${escapeMarkup(link.url)}</a></li>`,
          )
          .join("")}</ul>`
      : "",
    letter.attachments.some(isCalendar) ? "<p>The attached calendar file adds it to your calendar.</p>" : "",
    `<p>Questions? Call <a href="tel:${escapeMarkup(site.phone.e164)}">${escapeMarkup(site.phone.display)}</a> or reply to this e-mail (it goes to ${escapeMarkup(site.emails[letter.purpose])}).<br>${escapeMarkup(letter.hours)}</p>`,
    `<p>${escapeMarkup(site.name)}<br><a href="${escapeMarkup(site.website)}">${escapeMarkup(site.website)}</a></p>`,
    "</body></html>",
  ].join("\n");
}

/** The booking's private path the reminder keeps until the day before (booking_reminders), if still kept. */
async function keptStatusPath(db: Database, reference: string): Promise<string | null> {
  const [row] = await db.all<{ status_path: string | null }>(
    sql`SELECT status_path FROM booking_reminders WHERE reference = ${reference}`,
  );
  return row?.status_path ?? null;
}

/**
 * A rental's paperwork links still to sign, in its confirmation, its reminder and the link sent
 * again: the renter's page under the booking's own private address, and each additional driver's
 * under a token derived from it (src/features/rentals/paperwork.server.ts keeps their hashes).
 */
async function paperworkLinksOf(
  db: Database,
  booking: BookingFacts,
  event: ContactBookingEvent,
  message: ContactMessageRow,
): Promise<{ label: string; url: string }[]> {
  if (event !== "confirmed" && event !== "reminder" && event !== "paperwork") return [];
  if (booking.status !== "confirmed") return [];
  const statusPath = message.customerPrivate?.statusPath ?? (await keptStatusPath(db, booking.reference));
  if (!statusPath) return [];
  const signed = new Set(
    (
      await db.all<{ signer: string }>(
        sql`SELECT signer FROM paperwork_signatures WHERE reference = ${booking.reference}`,
      )
    ).map((row) => row.signer),
  );
  const token = decodeURIComponent(statusPath.slice(statusPath.lastIndexOf("/") + 1));
  const base = statusPath.slice(0, statusPath.lastIndexOf("/") + 1);
  const requested = (booking.request as { drivers?: unknown } | null)?.drivers;
  const drivers = Math.min(typeof requested === "number" ? requested : 0, rentalTerms.maximumAdditionalDrivers);
  const links: { label: string; url: string }[] = [];
  if (!signed.has("renter")) {
    links.push({
      label: "Renter: rental agreement and waiver",
      url: new URL(`${statusPath}/paperwork`, site.website).toString(),
    });
  }
  for (let number = 1; number <= drivers; number += 1) {
    if (signed.has(`driver-${number}`)) continue;
    const driverToken = await derivedToken(token, `paperwork:driver-${number}`);
    links.push({
      label: `Additional driver ${number}: waiver`,
      url: new URL(`${base}${encodeURIComponent(driverToken)}/paperwork`, site.website).toString(),
    });
  }
  return links;
}

/** The signed PDF the message names, read from the private PAPERWORK bucket; none when it is gone. */
async function signedPdfAttachment(env: Env, message: ContactMessageRow) {
  const pdf = message.customerPrivate?.pdf;
  if (!pdf) return [];
  const object = await env.PAPERWORK.get(pdf.key);
  if (!object) return [];
  const bytes = new Uint8Array(await object.arrayBuffer());
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return [
    { filename: pdf.filename, content: btoa(binary), contentType: "application/pdf", encoding: "base64" as const },
  ];
}

/**
 * A trade-in's receipt, or staff's answer with its range, note and last day. Staff's note is their
 * own words, written on a staff page behind Access, so it may go to the customer; what the customer
 * typed never does (cartWords).
 */
function tradeInLetter(message: ContactMessageRow, trade: TradeInLead, vehicle: Vehicle | null): Omit<Letter, "hours"> {
  const base = {
    price: [],
    notes: [],
    link: null,
    purpose: "sales" as const,
    attachments: [],
    paperwork: [],
  };
  const wanted: [string, string][] = vehicle ? [["The cart you want", vehicle.name]] : [];
  if (message.tradeInEvent === "answered") {
    const until = offerHoldsUntil(trade);
    return {
      ...base,
      subject: `Your trade-in: our value for your ${cartWords(trade)}`,
      opening: `We have looked at your ${cartWords(trade)} and its photos. We can offer ${offerRange(trade)} for it in trade, the final figure once we have seen it.`,
      facts: [
        ["Reference", trade.id],
        ["Value range", offerRange(trade)],
        ...(until ? ([["Offer holds until", until]] as [string, string][]) : []),
        ...wanted,
      ],
      notes: trade.offerNote ? [`From our staff: ${trade.offerNote}`] : [],
    };
  }
  return {
    ...base,
    subject: `We have your trade-in request to ${site.name}`,
    opening: `Thank you: your trade-in request for your ${cartWords(trade)} has arrived with its photos. Our staff look it over and e-mail you a value range, usually within ${site.responseTimeHours.typicalMin}-${site.responseTimeHours.typicalMax} business hours.`,
    facts: [["Reference", trade.id], ["Your cart", cartWords(trade)], ...wanted],
  };
}

/** Why a customer's copy cannot go at all, before asking the mail service; null when it can. */
export function customerCopyBlocked(env: Env, message: ContactMessageRow): string | null {
  if (!env.CUSTOMER_EMAIL_FROM) return "not set up";
  // A mailbox name outside ASCII needs SMTPUTF8, which not every server on the way speaks.
  if (!asciiMailbox.test(message.email)) return "address needs SMTPUTF8";
  return null;
}

/**
 * The customer's e-mail for a stored message: the receipt of a contact message, or of a booking's
 * event. Null when the booking it tells of is gone (deleted by hand), or when it is a reminder the
 * booking no longer bears out at `at` (reminderStale): there is nothing true to say.
 */
export async function customerEmail(
  env: Env,
  db: Database,
  message: ContactMessageRow,
  vehicle: Vehicle | null,
  at: Date = new Date(),
  /** The trade-in the message is about, if any (its id names it; null when it was deleted). */
  tradeIn: TradeInLead | null = null,
): Promise<OutgoingEmail | null> {
  const hoursOf = (purpose: EmailPurpose) =>
    purpose === "service"
      ? `Service department hours: ${hoursSentence(site.serviceHours)}.`
      : `Showroom hours: ${hoursSentence(site.showroomHours)}.`;
  let letter: Letter;
  const reference = message.bookingReference;
  const kind = reference ? kindOfReference(reference) : null;
  if (reference && kind) {
    const booking = await bookingFacts(db, reference);
    if (!booking) return null;
    const event = message.bookingEvent ?? "placed";
    const reminder = event === "reminder" ? bookingReminders[kind] : null;
    if (event === "reminder" && (!reminder || reminderStale(booking, at))) return null;
    const words = eventWords(kind, event, booking.holdUntil);
    const money = await moneyWords(db, kind, event, message);
    if (money === "gone") return null;
    if (money) Object.assign(words, money);
    if (event === "declined" && (await hasPaidDeposit(db, reference))) {
      words.opening = `We are sorry: we cannot take your ${kindWords(kind)} after all. The deposit you paid is refunded in full; a separate e-mail confirms the refund. Call us and we will look for another time.`;
    }
    const day = reminder ? reminderFacts(reminder, booking) : null;
    const { lines, notes } = storedPriceLines(booking.quote);
    const open = event === "placed" || event === "confirmed" || event === "reminder";
    const link =
      event === "signed" || event === "paperwork" || event === "deposit-paid" || event === "refunded"
        ? null
        : (message.customerPrivate?.statusPath ?? (event === "confirmed" ? await keptStatusPath(db, reference) : null));
    letter = {
      subject: `Your ${kindWords(kind)} ${reference}: ${words.subject}`,
      opening: day?.opening ?? words.opening,
      facts: [
        ["Reference", reference],
        [bookingKinds[kind].label, booking.summary],
        ...(day?.facts ?? []),
        ...(money ? money.facts : []),
      ],
      price: open ? lines : [],
      notes: open ? notes : (money?.notes ?? []),
      link: link
        ? {
            label: "Your booking's private page (anyone with this link can see it, so keep it to yourself)",
            url: new URL(link, site.website).toString(),
          }
        : null,
      purpose: replyPurpose[kind],
      hours: hoursOf(replyPurpose[kind]),
      attachments: [
        ...(message.customerPrivate?.calendar
          ? [{ ...message.customerPrivate.calendar, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }]
          : []),
        ...(event === "signed" ? await signedPdfAttachment(env, message) : []),
      ],
      paperwork: kind === "rental" ? await paperworkLinksOf(db, booking, event, message) : [],
    };
    if (event === "signed" && letter.attachments.length === 0) return null;
  } else if (message.tradeInId) {
    if (!tradeIn) return null;
    letter = { ...tradeInLetter(message, tradeIn, vehicle), hours: hoursOf("sales") };
  } else {
    const interest = (message.interest as Interest) in interestLabels ? (message.interest as Interest) : "general";
    letter = {
      subject: `We have your message to ${site.name}`,
      opening: `Thank you for writing to us: your message has arrived. We usually answer within ${site.responseTimeHours.typicalMin}-${site.responseTimeHours.typicalMax} business hours, and always within ${site.responseTimeHours.longest}.`,
      facts: [
        ["Reference", message.id],
        ["About", interestLabels[interest]],
        ...(vehicle ? ([["Vehicle", vehicle.name]] as [string, string][]) : []),
      ],
      price: [],
      notes: [],
      link: null,
      purpose: interestPurpose[interest],
      hours: hoursOf(interestPurpose[interest]),
      attachments: [],
      paperwork: [],
    };
  }
  return composed(
    env.CUSTOMER_EMAIL_FROM,
    message.email,
    {
      subject: letter.subject,
      replyTo: { name: site.name, address: site.emails[letter.purpose] },
      text: letterText(letter),
      html: letterHtml(letter),
      // RFC 3834: an automatic message, so vacation responders do not answer it.
      headers: { "Auto-Submitted": "auto-generated" },
      attachments: letter.attachments,
    },
    site.name,
  );
}

/**
 * Codes the e-mail service gives (`error.code`) when this copy will never go, however often it is
 * tried: the address is refused or suppressed, or the sending domain is not set up. Anything else
 * (rate limits, the service down, no code at all) is worth another try.
 */
const refusalCodes = new Set([
  "E_VALIDATION_ERROR",
  "E_FIELD_MISSING",
  "E_RECIPIENT_SUPPRESSED",
  "E_DELIVERY_FAILED",
  "E_CONTENT_TOO_LARGE",
  "E_SENDER_NOT_VERIFIED",
  "E_SENDER_DOMAIN_NOT_AVAILABLE",
  "E_RECIPIENT_NOT_ALLOWED",
]);
const notSetUpCodes = new Set(["E_SENDER_NOT_VERIFIED", "E_SENDER_DOMAIN_NOT_AVAILABLE", "E_RECIPIENT_NOT_ALLOWED"]);

/** The refusal's code when the mail service refused this copy for good; null when a retry may work. */
export function refusalOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && refusalCodes.has(code) ? code : null;
}

/** Why a copy was held back by the limit on customer e-mails to one address per hour (takeCustomerMailPlace). */
export const hourlyMailLimit = "hourly limit";

/** The customer copy's fate as staff read it in their e-mail. */
export type CustomerOutcome = { sent: true } | { sent: false; reason: string; final: boolean };

export function customerLine(outcome: CustomerOutcome): string {
  if (outcome.sent) return "sent: the customer has their reference (and any private link) by e-mail.";
  if (!outcome.final) {
    return "the mail service failed on the customer's confirmation; it is being retried (this e-mail is not held up for it).";
  }
  if (outcome.reason === hourlyMailLimit) {
    return `the customer was NOT e-mailed: their address already had ${visitorLimits.customerEmailsPerHour} e-mails from the website in the last hour, the most it sends one address (it may not be theirs). The request stands; give them the reference when you call.`;
  }
  if (outcome.reason === "not set up" || notSetUpCodes.has(outcome.reason)) {
    return `the customer was NOT e-mailed: customer e-mail is not set up yet (${outcome.reason}; README, Deploying to Cloudflare). Give them the reference when you call.`;
  }
  return `the customer was NOT e-mailed: the mail service refused their address (${outcome.reason}). Check it with them when you call.`;
}
