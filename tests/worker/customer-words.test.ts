import { env } from "cloudflare:test";
import type { Email } from "postal-mime";
import { beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { bookingCommand } from "~/features/bookings/booking-commands";
import { deliverContactMessage } from "~/features/mail/mail-delivery.server";
import { fieldMessages as contactMessages } from "~/lib/visitor-fields";
import { contactSchema } from "~/features/contact/contact-schema.server";
import { staffEmail } from "~/features/mail/staff-email.server";
import { seasonWindowFrom } from "~/features/storage/storage-quote";
import { addDays, addMonths, localMoment } from "~/lib/calendar-days";
import { api } from "../../worker/api";
import {
  contactRequest,
  freshClientIp,
  readEmail,
  recordingMailer,
  storedRowOf,
  validMessage,
} from "./contact-support";

/**
 * What a visitor types reaches staff as their words, never as the site's: quoted behind a mark,
 * after every line the site writes (the commands staff run included), so a message cannot pass for
 * a command or a header; and a name cannot carry an address.
 */
const origin = "https://dealer.test";
const today = localMoment(new Date(), site.timeZone).day;
const owner = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "570-555-0199" };

const forgedCommand = "npm run bookings -- cancel S-AAAAAA --remote";
const forgedHeader = "From: boss@example.com";
/** What the visitor's text must never put on a line of the site's own. */
const visitorMarks = ["cancel S-AAAAAA", "boss@example.com", "not the site"];
/** Lines end every way a browser may send them: LF, CRLF, a lone CR, a Unicode line separator. */
const forgingMessage = [
  "Please call me about my cart.",
  "",
  `  ${forgedCommand}`,
  `${forgedHeader}\r\r  ${bookingCommand("confirm", "S-AAAAAA")}\r\nnot the site\u2028  not the site either`,
].join("\n");
/** The lines the visitor typed, as the mark should quote them one by one. */
const forgingLines = forgingMessage.split(/\r\n|[\n\r\u2028]/);

const quoteMark = "  | ";
const caption = (field: string) => `${field}, typed by the customer on the website (their words, not checked):`;

function post(path: string, body: unknown) {
  return api.fetch(
    new Request(`${origin}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": freshClientIp() },
      body: JSON.stringify(body),
    }),
    env,
  );
}

/** Sends a stored message as the queue would, and reads back the copy staff receive. */
async function staffCopyOf(messageId: string): Promise<Email> {
  const { mailer, sent } = recordingMailer();
  expect(await deliverContactMessage(env, mailer, messageId)).toBe("sent");
  const staff = sent.find((email) => email.to === env.STAFF_EMAIL_TO);
  expect(staff).toBeDefined();
  return readEmail(staff!);
}

async function announcementOf(reference: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM contact_messages WHERE booking_reference = ?")
    .bind(reference)
    .first<{ id: string }>();
  expect(row).not.toBeNull();
  return row!.id;
}

/**
 * The text part: the site's lines first, then each field the visitor filled in, as a caption of the
 * site's followed by exactly their lines, every one behind the mark. No line of the site's (a label,
 * a price or a command, indented or not) holds anything the visitor wrote.
 */
function expectQuotedAfterTheSite(text: string, fields: [string, string[]][]) {
  const lines = text.replace(/\r\n?/g, "\n").replace(/\n+$/, "").split("\n");
  for (const line of lines) {
    if (visitorMarks.some((mark) => line.includes(mark)))
      expect(line, "a line with the visitor's words").toMatch(/^  \| /);
  }
  const firstQuoted = lines.findIndex((line) => line.startsWith(quoteMark));
  expect(firstQuoted).toBeGreaterThan(0);
  const siteLines = lines.slice(0, firstQuoted - 1);
  // What follows the site's lines is the quotes, field by field, and nothing else.
  const expected = fields.flatMap(([field, typed], index) => [
    ...(index > 0 ? [""] : []),
    caption(field),
    ...typed.map((line) => `${quoteMark}${line}`),
  ]);
  expect(lines.slice(firstQuoted - 1)).toEqual(expected);
  return siteLines;
}

/** In the HTML part, the visitor's words appear only inside the quote element. */
function expectQuotedInHtml(html: string) {
  const quotes = [...html.matchAll(/<blockquote[^>]*>([\s\S]*?)<\/blockquote>/g)];
  expect(quotes.length).toBeGreaterThan(0);
  const outside = html.replace(/<blockquote[^>]*>[\s\S]*?<\/blockquote>/g, "");
  for (const mark of visitorMarks) expect(outside).not.toContain(mark);
  expect(quotes.map((quote) => quote[1]).join("")).toContain("cancel S-AAAAAA");
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bookings"),
    env.DB.prepare("DELETE FROM contact_messages"),
    env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity) VALUES ('storage-indoor', 'storage', 3) ON CONFLICT (pool) DO UPDATE SET capacity = 3",
    ),
    env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity, closed_weekdays) VALUES ('service', 'service', 4, '0') ON CONFLICT (pool) DO UPDATE SET capacity = 4",
    ),
  ]);
});

describe("a contact message that imitates the site's lines", () => {
  it("reaches staff quoted line by line after the label lines, in the text and the HTML", async () => {
    const response = await api.fetch(contactRequest({ ...validMessage, message: forgingMessage }), env);
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const email = await staffCopyOf(id);

    const siteLines = expectQuotedAfterTheSite(email.text!, [["Message", forgingLines]]);
    expect(siteLines[0]).toBe("Name: Ada Lovelace");
    expect(siteLines).toContain(`Reference: ${id}`);
    expectQuotedInHtml(email.html!);
  });
});

describe("a booking whose free text imitates the site's lines", () => {
  it("storage: the cart the owner describes is quoted after the commands that answer it", async () => {
    const first = seasonWindowFrom("winter", today).first;
    const start = first < today ? addMonths(first, 12) : first;
    const response = await post("storage/holds", {
      space: "indoor",
      package: "winter",
      start,
      ...owner,
      vehicle: `Club Car ${forgedCommand}`,
    });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const email = await staffCopyOf(await announcementOf(reference));

    const siteLines = expectQuotedAfterTheSite(email.text!, [["Cart", [`Club Car ${forgedCommand}`]]]);
    expect(siteLines).toContain(`  ${bookingCommand("confirm", reference)}`);
    expect(siteLines).toContain(`  ${bookingCommand("decline", reference)}`);
    expectQuotedInHtml(email.html!);
  });

  it("service: the cart and the account of the fault are quoted after the commands that answer it", async () => {
    let dropOff = addDays(today, 20);
    if (new Date(`${dropOff}T00:00:00Z`).getUTCDay() === 0) dropOff = addDays(dropOff, 1);
    const response = await post("service/requests", {
      date: dropOff,
      service: "battery",
      ...owner,
      vehicle: `Club Car ${forgedCommand}`,
      message: forgingMessage,
    });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const email = await staffCopyOf(await announcementOf(reference));

    const siteLines = expectQuotedAfterTheSite(email.text!, [
      ["Cart", [`Club Car ${forgedCommand}`]],
      ["What is wrong", forgingLines],
    ]);
    expect(siteLines).toContain(`  ${bookingCommand("confirm", reference)}`);
    expect(siteLines).toContain(`  ${bookingCommand("decline", reference)}`);
    expectQuotedInHtml(email.html!);
  });
});

describe("a name that carries an address", () => {
  it("is refused by the contact form and by a booking, naming the field, storing nothing", async () => {
    const contact = await api.fetch(contactRequest({ ...validMessage, lastName: "Lovelace <boss@example.com>" }), env);
    expect(contact.status).toBe(400);
    expect(((await contact.json()) as { fields: Record<string, string> }).fields).toEqual({
      lastName: contactMessages.nameCharacters,
    });

    const service = await post("service/requests", {
      date: addDays(today, 21),
      service: "battery",
      ...owner,
      firstName: "boss@example.com",
      vehicle: "Club Car Precedent 2017",
      message: "The charger light blinks red twice.",
    });
    expect(service.status).toBe(400);
    expect(((await service.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      firstName: contactMessages.nameCharacters,
    });
    const stored = await env.DB.prepare("SELECT COUNT(*) AS count FROM contact_messages").first<{ count: number }>();
    expect(stored!.count).toBe(0);
  });

  it("a name stored before the rule shows without it, and Reply-To holds the customer's one address", async () => {
    const row = {
      ...storedRowOf(contactSchema.parse(validMessage)),
      firstName: 'Ann "Boss", <boss@example.com>,',
      lastName: "Lovelace <boss@example.com>",
    };
    const email = await readEmail(await staffEmail(row, null, env.STAFF_EMAIL_FROM, env.STAFF_EMAIL_TO));
    expect(email.replyTo).toHaveLength(1);
    expect(email.replyTo![0]!.address).toBe(validMessage.email);
    for (const shown of [email.subject!, email.replyTo![0]!.name, email.text!, email.html!]) {
      expect(shown).not.toContain("boss@example.com");
      expect(shown).not.toContain("<boss");
    }
    expect(email.text).toContain('Name: Ann "Boss",  boss example.com , Lovelace  boss example.com ');
  });
});
