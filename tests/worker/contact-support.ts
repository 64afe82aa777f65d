import { env } from "cloudflare:test";
import { bindingMailer, type Mailer } from "~/features/mail/mailer.server";
import type { OutgoingEmail } from "~/features/mail/staff-email.server";
import type { ContactSubmission } from "~/features/contact/contact-schema.server";
import type { ContactMessageRow } from "~/features/mail/outbox.server";
import PostalMime from "postal-mime";

export interface MailerOptions {
  /** How many sends fail before sends work again. */
  failTimes?: number;
  /** Only sends to this address fail (every one of them, unless failTimes says how many). */
  failTo?: string;
  /** A slow mail service: each send waits this long before it goes out. */
  delayMs?: number;
  /** The failures carry this `code`, as Email Service's do (E_RECIPIENT_SUPPRESSED, …). */
  failCode?: string;
}

/** The real local send_email binding, with a record of what passed through it. */
export function recordingMailer(options: MailerOptions = {}) {
  const real = bindingMailer(env.STAFF_EMAIL);
  const sent: OutgoingEmail[] = [];
  let failuresLeft = options.failTimes ?? (options.failTo ? Infinity : 0);
  const mailer: Mailer = {
    async send(email) {
      if (options.delayMs) await scheduler.wait(options.delayMs);
      if (failuresLeft > 0 && (!options.failTo || email.to === options.failTo)) {
        failuresLeft -= 1;
        throw Object.assign(new Error("mail server unavailable"), options.failCode ? { code: options.failCode } : {});
      }
      await real.send(email);
      sent.push(email);
    },
  };
  return { mailer, sent };
}

/** An e-mail as a mail client reads it, by an independent parser (postal-mime). */
export function readEmail(email: OutgoingEmail) {
  return PostalMime.parse(email.raw);
}

export const validMessage = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.org",
  phone: "570-555-0199",
  interest: "sales",
  message: "I would like a test drive of a six-seat cart next Saturday.",
};

let clientCounter = 0;
/**
 * A fresh client per request group, so rate limits of one test never touch another. IPv6 senders
 * are counted by their /64 and their /48 (the per-network limits), so each call gets a /48 of its
 * own.
 */
export function freshClientIp(): string {
  clientCounter += 1;
  return `2001:db8:${(clientCounter & 0xffff).toString(16)}:${(clientCounter >>> 16).toString(16)}::1`;
}

/**
 * Waits, if need be, for a rate-limit window with room for a burst of `burstMs`. The local rate
 * limiter counts in windows aligned to the wall clock (wrangler.toml: 60 s for both limiters); a
 * burst across a window's end is counted in two windows, so a sixth request would pass.
 */
export async function withinOneRateWindow(burstMs = 5_000, periodSeconds = 60): Promise<void> {
  const periodMs = periodSeconds * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < burstMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export function contactRequest(body: unknown, headers: Record<string, string> = {}) {
  return new Request("https://dealer.test/contact", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: "https://dealer.test",
      "CF-Connecting-IP": freshClientIp(),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The row a freshly stored message would be, without going through the database. */
export function storedRowOf(accepted: ContactSubmission): ContactMessageRow {
  return {
    id: crypto.randomUUID(),
    firstName: accepted.firstName,
    lastName: accepted.lastName,
    email: accepted.email,
    phone: accepted.phone,
    interest: accepted.interest,
    message: accepted.message,
    vehicleId: null,
    status: "queued",
    attempts: 0,
    lastError: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    enqueuedAt: null,
    sentAt: null,
    staffSentAt: null,
    crmSentAt: null,
    claimedUntil: null,
    claimToken: null,
    bookingReference: null,
    bookingEvent: null,
    customerSentAt: null,
    customerError: null,
    emailKey: accepted.email.toLowerCase(),
    customerMailAt: null,
    staffAnswer: false,
    customerPrivate: null,
    clientKey: "",
    networkKey: "",
    tradeInId: null,
    tradeInEvent: null,
  };
}
