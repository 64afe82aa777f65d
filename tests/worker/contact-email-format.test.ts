import { env } from "cloudflare:test";
import fc from "fast-check";
import { domainToASCII } from "node:url";
import type { Email } from "postal-mime";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { site } from "~/config/site";
import { interestLabels, interests } from "~/config/enquiry-interests";
import { fieldLimits as contactLimits } from "~/lib/visitor-fields";
import { contactSchema } from "~/features/contact/contact-schema.server";
import type { ContactMessageRow } from "~/features/mail/outbox.server";
import { adfLeadXml, crmLeadEmail, staffEmail, type OutgoingEmail } from "~/features/mail/staff-email.server";
import { escapeMarkup } from "~/lib/escape-markup";
import { onDealersClock } from "../support/dealer-clock";
import { storedRowOf } from "./contact-support";
import { emailAddress, messageText, nameText, phoneNumber, withHiddenCharacters } from "./text-in-many-scripts";
import { propertyRuns } from "./property-runs";

/**
 * Mail servers refuse or mangle messages with lines over 998 octets, bare line feeds or raw 8-bit
 * text. Every e-mail the site sends, for any message up to the size limit in any script, must be
 * one they accept, and must read back (by an independent parser) as exactly what was sent.
 */

const crmAddress = "leads@crm.example.com";
const vehicle = seedCatalogue.find((candidate) => candidate.id === "denago-ev-city")!;

const submission = fc.record({
  firstName: withHiddenCharacters(nameText(contactLimits.nameMax)),
  lastName: withHiddenCharacters(nameText(contactLimits.nameMax)),
  email: emailAddress,
  phone: phoneNumber,
  interest: fc.constantFrom(...interests),
  message: withHiddenCharacters(messageText(contactLimits.messageMax)),
});

const validInput = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.org",
  phone: "570-555-0199",
  interest: "sales",
  message: "I would like a test drive next Saturday.",
};

/** Line ends are the wire's business (CRLF there, LF once read): compare the lines themselves. */
const lines = (value: string | undefined) => (value ?? "").replace(/\r\n?/g, "\n").replace(/\n+$/, "");

/** What mail servers insist on, checked on the raw message as it goes on the wire. */
function expectAcceptableOnTheWire(email: OutgoingEmail) {
  const { raw } = email;
  expect(raw, "7-bit clean: every byte ASCII").toMatch(/^[\x00-\x7f]*$/);
  const wireLines = raw.split("\r\n");
  for (const line of wireLines) {
    expect(line, "no bare CR or LF").not.toMatch(/[\r\n]/);
    expect(new TextEncoder().encode(line).length, "at most 998 octets a line").toBeLessThanOrEqual(998);
  }
  const encodings = [...raw.matchAll(/^Content-Transfer-Encoding: *(.+)$/gim)].map((match) => match[1]!.trim());
  expect(encodings.length).toBeGreaterThan(0);
  for (const encoding of encodings) expect(["7bit", "quoted-printable", "base64"]).toContain(encoding.toLowerCase());
  for (const [, type] of raw.matchAll(/^Content-Type: *(text\/[^;\r\n]+;[^\r\n]*)$/gim)) {
    expect(type!.toLowerCase()).toContain("charset=utf-8");
  }
}

/**
 * An address as read back. A non-ASCII domain travels as punycode, the same domain as WHATWG's IDNA writes it; a
 * local part that is not a plain dot-atom ("a.") travels quoted, which is the same mailbox.
 */
function sameAddress(read: string, sent: string) {
  const quotedLocal = read.slice(0, read.lastIndexOf("@"));
  const readLocal = /^".*"$/.test(quotedLocal) ? quotedLocal.slice(1, -1) : quotedLocal;
  const readDomain = read.slice(read.lastIndexOf("@") + 1);
  const [sentLocal, sentDomain] = [sent.slice(0, sent.lastIndexOf("@")), sent.slice(sent.lastIndexOf("@") + 1)];
  expect(readLocal).toBe(sentLocal);
  expect(domainToASCII(sentDomain)).not.toBe("");
  expect(readDomain).toBe(domainToASCII(sentDomain));
}

function expectStaffEmailReads(read: Email, row: ContactMessageRow, withVehicle: boolean) {
  const fullName = `${row.firstName} ${row.lastName}`;
  const interest = interestLabels[row.interest as keyof typeof interestLabels];
  expect(read.from).toEqual({ name: `${site.name} website`, address: env.STAFF_EMAIL_FROM });
  expect(read.to).toEqual([{ name: "", address: env.STAFF_EMAIL_TO }]);
  expect(read.replyTo).toHaveLength(1);
  expect(read.replyTo![0]!.name).toBe(fullName);
  sameAddress(read.replyTo![0]!.address!, row.email);
  expect(read.subject).toBe(
    `New ${interest.toLowerCase()} enquiry from ${fullName}${withVehicle ? ` about the ${vehicle.name}` : ""}`,
  );
  const details: [string, string][] = [
    ["Name", fullName],
    ["E-mail", row.email],
    ["Phone", row.phone],
    ["Interest", interest],
    ...(withVehicle
      ? ([["Vehicle", `${vehicle.name} (${site.website}/vehicle/${vehicle.id})`]] as [string, string][])
      : []),
    ["Received", onDealersClock(new Date(row.createdAt))],
    ["Reference", row.id],
  ];
  // The visitor's words come last, each of their lines behind the mark, however the line ended.
  const typedLines = row.message.split(/\r\n|[\n\r\u2028\u2029]/);
  expect(lines(read.text)).toBe(
    lines(
      [
        ...details.map(([label, value]) => `${label}: ${value}`),
        "",
        "Message, typed by the customer on the website (their words, not checked):",
        ...typedLines.map((line) => `  | ${line}`),
      ].join("\n"),
    ),
  );
  const html = lines(read.html);
  for (const [label, value] of details) {
    expect(html).toContain(`<th align="left">${escapeMarkup(label)}</th><td>${escapeMarkup(value)}</td>`);
  }
  expect(html).toMatch(
    /<\/table><p>Message, typed by the customer on the website \(their words, not checked\):<\/p><blockquote[^>]*>/,
  );
  expect(html).toContain(`>${typedLines.map((line) => escapeMarkup(line)).join("<br>")}</blockquote>`);
}

describe("e-mails mail servers accept, reading back exactly", () => {
  it("staff and CRM copies of generated messages in many scripts, up to the size limits", async () => {
    await fc.assert(
      fc.asyncProperty(submission, fc.boolean(), async (input, withVehicle) => {
        const accepted = contactSchema.safeParse(input);
        fc.pre(accepted.success);
        const row = storedRowOf(accepted.data!);
        const about = withVehicle ? vehicle : null;

        const staff = await staffEmail(row, about, env.STAFF_EMAIL_FROM, env.STAFF_EMAIL_TO);
        expectAcceptableOnTheWire(staff);
        expectStaffEmailReads(await PostalMime.parse(staff.raw), row, withVehicle);

        const lead = await crmLeadEmail(row, about, env.STAFF_EMAIL_FROM, crmAddress);
        expectAcceptableOnTheWire(lead);
        const readLead = await PostalMime.parse(lead.raw);
        expect(readLead.from).toEqual({ name: `${site.name} website`, address: env.STAFF_EMAIL_FROM });
        expect(readLead.to).toEqual([{ name: "", address: crmAddress }]);
        expect(readLead.replyTo).toBeUndefined();
        expect(readLead.subject).toBe(`Lead ${row.id}`);
        expect(lines(readLead.text)).toBe(lines(adfLeadXml(row, about)));
        expect(readLead.attachments).toEqual([]);
      }),
      { numRuns: propertyRuns(100) },
    );
  }, 120_000);

  it("an address whose mailbox name is not ASCII stays in the text, out of the Reply-To header", async () => {
    const row = storedRowOf(contactSchema.parse({ ...validInput, email: "иван@пример.рф" }));
    const staff = await staffEmail(row, null, env.STAFF_EMAIL_FROM, env.STAFF_EMAIL_TO);
    expectAcceptableOnTheWire(staff);
    const read = await PostalMime.parse(staff.raw);
    expect(read.replyTo).toBeUndefined();
    expect(read.text).toContain("E-mail: иван@пример.рф");
  });

  it("a message of the full 5,000 characters in one unbroken line of Thai, with names of the longest length", async () => {
    const input = {
      ...validInput,
      firstName: "ก".repeat(contactLimits.nameMax),
      lastName: "\u{1D400}".repeat(contactLimits.nameMax),
      message: "ก".repeat(contactLimits.messageMax),
    };
    const row = storedRowOf(contactSchema.parse(input));
    const staff = await staffEmail(row, null, env.STAFF_EMAIL_FROM, env.STAFF_EMAIL_TO);
    expectAcceptableOnTheWire(staff);
    expectStaffEmailReads(await PostalMime.parse(staff.raw), row, false);
    const lead = await crmLeadEmail(row, null, env.STAFF_EMAIL_FROM, crmAddress);
    expectAcceptableOnTheWire(lead);
    expect(lines((await PostalMime.parse(lead.raw)).text)).toBe(lines(adfLeadXml(row, null)));
  });
});
