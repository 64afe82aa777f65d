import { EmailMessage } from "cloudflare:email";
import type { OutgoingEmail } from "./staff-email.server";

/** Sends one finished e-mail. Production passes the `send_email` binding; tests record what passed. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

export function bindingMailer(binding: SendEmail): Mailer {
  return {
    async send(email) {
      await binding.send(new EmailMessage(email.from, email.to, email.raw));
    },
  };
}
