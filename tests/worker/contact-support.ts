import { env } from "cloudflare:test";
import { bindingMailer, type Mailer } from "~/features/contact/mailer.server";
import type { OutgoingEmail } from "~/features/contact/staff-email.server";

/** The real local send_email binding, with a record of what passed through it. */
export function recordingMailer(options: { failTimes?: number } = {}) {
  const real = bindingMailer(env.STAFF_EMAIL);
  const sent: OutgoingEmail[] = [];
  let failuresLeft = options.failTimes ?? 0;
  const mailer: Mailer = {
    async send(email) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error("mail server unavailable");
      }
      await real.send(email);
      sent.push(email);
    },
  };
  return { mailer, sent };
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
/** A fresh client address per request group, so rate limits of one test never touch another. */
export function freshClientIp(): string {
  clientCounter += 1;
  return `2001:db8::${clientCounter.toString(16)}`;
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
