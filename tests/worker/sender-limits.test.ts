import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { alertTerms } from "~/config/alert-terms";
import { visitorLimits } from "~/config/visitor-limits";
import { deliverAlertMail } from "~/features/alerts/alert-mail.server";
import { limitMessages } from "~/features/bookings/booking-intake.server";
import { emailKey } from "~/server/person-keys.server";
import { api } from "../../worker/api";
import { apiOrigin, rentalStart, resetBookingStore } from "./booking-requests";
import { freshClientIp, readEmail, recordingMailer } from "./contact-support";
import { anotherCustomer } from "./people";

/**
 * The security review's findings on limits (issue 55): one inbox written in another Unicode
 * spelling of its domain passed as another person. Every request here goes through the Worker's
 * API as a visitor's would.
 */

// The per-minute rate limiter is a limit of its own, with its own tests: each request passes it here.
const rateUnlimited = { ...env, BOOKING_RATE_LIMITER: { limit: async () => ({ success: true }) } } as unknown as Env;

function postFrom(ip: string, path: string, body: unknown, settings: Env = rateUnlimited) {
  return api.fetch(
    new Request(`${apiOrigin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: apiOrigin, "CF-Connecting-IP": ip },
      body: JSON.stringify(body),
    }),
    settings,
  );
}

const rental = (customer: object = anotherCustomer()) => ({
  plan: "six-seater",
  start: rentalStart,
  days: 2,
  delivery: { type: "pickup" },
  drivers: 0,
  ageConfirmed: true,
  ...customer,
});

const statusesOf = (answers: Response[]) => answers.map((answer) => answer.status);
const count = (statuses: number[], status: number) => statuses.filter((each) => each === status).length;

async function setCapacity(pool: string, capacity: number) {
  await env.DB.prepare("UPDATE booking_pools SET capacity = ? WHERE pool = ?").bind(capacity, pool).run();
}

beforeEach(async () => {
  await resetBookingStore();
  await env.DB.batch([env.DB.prepare("DELETE FROM alerts"), env.DB.prepare("DELETE FROM alert_requests")]);
});

describe("one inbox, whatever Unicode spelling of its domain", () => {
  // One domain as NFC, NFD, its punycode, fullwidth letters, in capitals and with DNS's root dot.
  const spellings = [
    "ada@bücher.example",
    "ada@bu\u0308cher.example",
    "ada@xn--bcher-kva.example",
    "ada@ｂüｃｈｅｒ.example",
    "Ada@BÜCHER.example",
    "ada@ｂｕ\u0308ｃｈｅｒ.example.",
  ];
  const delivered = "ada@xn--bcher-kva.example";

  it("holds alert confirmations to the address's limit, and e-mails the inbox its key names", async () => {
    const answers = await Promise.all(
      spellings.map((email, index) => postFrom(freshClientIp(), "/alerts", { email, search: { q: `cart ${index}` } })),
    );
    expect(statusesOf(answers)).toEqual(spellings.map(() => 202));
    const keys = await env.DB.prepare("SELECT email_key AS key FROM alerts").all<{ key: string }>();
    expect(keys.results.map((row) => row.key)).toEqual(Array(alertTerms.unconfirmedPerAddress).fill(delivered));

    const { mailer, sent } = recordingMailer();
    const mails = await env.DB.prepare("SELECT id FROM alert_mail WHERE purpose = 'confirm'").all<{ id: string }>();
    for (const { id } of mails.results) expect(await deliverAlertMail(env, mailer, id)).toBe("sent");
    expect(sent).toHaveLength(alertTerms.unconfirmedPerAddress);
    // The mail goes where the key says: the envelope and the To header name the one inbox.
    for (const email of sent) {
      expect(email.to).toBe(delivered);
      expect((await readEmail(email)).to?.[0]?.address).toBe(delivered);
    }
  });

  it("holds waiting bookings to the person's limit", async () => {
    await setCapacity("six-seater", 20);
    const answers = await Promise.all(
      spellings.map((email) => postFrom(freshClientIp(), "/rentals/holds", rental({ ...anotherCustomer(), email }))),
    );
    const statuses = statusesOf(answers);
    expect(count(statuses, 201)).toBe(visitorLimits.waitingRequestsPerPerson);
    expect(count(statuses, 409)).toBe(spellings.length - visitorLimits.waitingRequestsPerPerson);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(((await refused.json()) as { error: string }).error).toBe(limitMessages["person-limit"]("rental"));
  });

  it("keys every spelling as the mailer sends to it, in this runtime's UTS 46 mapping", () => {
    expect(new Set(spellings.map(emailKey))).toEqual(new Set([delivered]));
    // WHATWG URL's domain-to-ASCII, which workerd's URL parser applies, agrees.
    for (const email of spellings) {
      const domain = email.slice(email.lastIndexOf("@") + 1);
      expect(new URL(`http://${domain}`).hostname.replace(/\.$/, "")).toBe("xn--bcher-kva.example");
    }
  });
});
