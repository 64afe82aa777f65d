import { createExecutionContext, createMessageBatch, env, waitOnExecutionContext } from "cloudflare:test";
import type { Email } from "postal-mime";
import { beforeEach, describe, expect, it } from "vitest";
import { bookingKinds } from "~/config/booking-kinds";
import { site } from "~/config/site";
import { bookingCommand } from "~/features/bookings/booking-commands";
import { announceMissedBookings, releaseStaleBookings } from "~/features/bookings/booking-notices.server";
import { deliverContactMessage, handleDeadLetters } from "~/features/mail/mail-delivery.server";
import { mailQueues } from "~/features/mail/mail-queues";
import type { ContactQueueMessage } from "~/features/mail/outbox.server";
import { cancelByRenter } from "~/features/rentals/renter-cancellation.server";
import { addDays, localMoment } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { bookingRequestsBy, postToApi, resetBookingStore } from "./booking-requests";
import { readEmail, recordingMailer } from "./contact-support";
import { heldSixSeater, placedHoursAgo } from "./rental-fixtures";

/**
 * Staff answer bookings from their phone (issue 37): every e-mail staff get about a booking opens
 * with the address of its staff page, the first line a phone's inbox shows and one tap away, with
 * the terminal commands still further down; one naming several bookings opens with the staff pages'
 * own address and gives each booking's page on its line.
 */
const today = localMoment(new Date(), site.timeZone).day;
const customer = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "570-555-0199" };
const typedByTheCustomer = "It stops after a mile.";

/** The site's address of a staff page, spelled out here rather than by the code under test. */
const staffAddress = (path: string) => `${site.website.replace(/\/$/, "")}${path}`;
const answerLine = (reference: string) => `Answer from your phone: ${staffAddress(`/staff/bookings/${reference}`)}`;

/** A text part's lines as a mail client shows them (the parser hands back LF; the wire has CRLF). */
const linesOf = (text: string | undefined) => (text ?? "").replace(/\r\n?/g, "\n").split("\n");

/** Each kind of booking as a customer places it on the site. */
const bookingRequests = bookingRequestsBy(customer, typedByTheCustomer);
type PlacedKind = keyof typeof bookingRequests;

async function announcementOf(reference: string): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT id FROM contact_messages WHERE booking_reference = ? AND booking_event = 'placed'",
  )
    .bind(reference)
    .first<{ id: string }>();
  expect(row, `the announcement of ${reference}`).not.toBeNull();
  return row!.id;
}

/** Delivers a stored message as the queue would, and reads back the copy that reaches staff. */
async function staffCopyOf(messageId: string): Promise<Email> {
  const { mailer, sent } = recordingMailer();
  expect(await deliverContactMessage(env, mailer, messageId)).toBe("sent");
  const staff = sent.find((email) => email.to === env.STAFF_EMAIL_TO);
  expect(staff, "a copy for staff").toBeDefined();
  return readEmail(staff!);
}

/** A rental placed straight into the store, with no request announcing it: as the cron job finds one. */
const heldRental = (days = 3, start = addDays(today, 50)) => heldSixSeater({ start, days, customer });

beforeEach(resetBookingStore);

describe("the staff e-mail announcing a booking", () => {
  it.each(Object.keys(bookingRequests) as PlacedKind[])(
    "%s: opens with its staff page, in the text and the HTML, the commands still below",
    async (kind) => {
      const response = await bookingRequests[kind]();
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      const { reference } = (await response.json()) as { reference: string };
      const email = await staffCopyOf(await announcementOf(reference));

      const lines = linesOf(email.text);
      expect(lines[0]).toBe(answerLine(reference));
      expect(lines[1]).toBe("");
      expect(lines[2]).toBe(`Name: ${customer.firstName} ${customer.lastName}`);
      // Those who answer at a terminal still find their commands, after the link.
      expect(lines).toContain(`  ${bookingCommand("confirm", reference)}`);
      expect(lines.indexOf(`  ${bookingCommand("confirm", reference)}`)).toBeGreaterThan(0);
      // A mail client showing the HTML part shows the same link first, as a link.
      const url = staffAddress(`/staff/bookings/${reference}`);
      const opening = `<p>Answer from your phone: <a href="${url}">${url}</a></p>`;
      expect(email.html!.slice(0, opening.length)).toBe(opening);
      expect(email.subject).toContain(reference);
      expect(email.subject).toContain(bookingKinds[kind].requestTitle);
    },
  );

  it("keeps what the customer typed last, quoted, after the link and the site's lines", async () => {
    const response = await bookingRequests.service();
    const { reference } = (await response.json()) as { reference: string };
    const lines = linesOf((await staffCopyOf(await announcementOf(reference))).text).filter(Boolean);
    expect(lines[0]).toBe(answerLine(reference));
    expect(lines.at(-1)).toBe(`  | ${typedByTheCustomer}`);
  });

  it("announced by the cron job, when the request that placed it did not, opens with the link too", async () => {
    const held = await heldRental();
    await placedHoursAgo(held.reference, 1);
    expect(await announceMissedBookings(env)).toBe(1);
    const email = await staffCopyOf(await announcementOf(held.reference));
    expect(linesOf(email.text)[0]).toBe(answerLine(held.reference));
  });

  it("but a contact-form message, about no booking, opens with the customer's name as before", async () => {
    const response = await postToApi("/contact", { ...customer, interest: "service", message: typedByTheCustomer });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const email = await staffCopyOf(id);
    expect(linesOf(email.text)[0]).toBe(`Name: ${customer.firstName} ${customer.lastName}`);
    expect(email.text).not.toContain("/staff");
    expect(email.html).toMatch(/^<h1>/);
  });
});

describe("the staff e-mail of a renter's own cancellation", () => {
  it("opens with the booking's staff page", async () => {
    const held = await heldRental();
    const { mailer, sent } = recordingMailer();
    const worker = { env, ctx: createExecutionContext(), db: database(env.DB) };
    expect(await cancelByRenter(worker, held.token, { mailer })).toMatchObject({ outcome: "cancelled" });
    await waitOnExecutionContext(worker.ctx);
    expect(sent).toHaveLength(1);
    const lines = linesOf((await readEmail(sent[0]!)).text);
    expect(lines[0]).toBe(answerLine(held.reference));
    expect(lines[2]).toMatch(new RegExp(`^The renter cancelled booking ${held.reference} from their booking page`));
  });
});

describe("the staff e-mail naming the bookings the cron job released", () => {
  it("opens with the staff pages' address and gives each booking's page on its own line", async () => {
    const first = await heldRental(2);
    const second = await heldRental(3, addDays(today, 60));
    for (const held of [first, second]) await placedHoursAgo(held.reference, site.rentalBooking.holdHours + 1);

    const { mailer, sent } = recordingMailer();
    expect(await releaseStaleBookings(env, mailer)).toBe(2);
    expect(sent).toHaveLength(1);
    const lines = linesOf((await readEmail(sent[0]!)).text);
    expect(lines[0]).toBe(`Bookings from your phone: ${staffAddress("/staff")}`);
    for (const held of [first, second]) {
      const line = lines.find((text) => text.includes(held.reference));
      expect(line, `the line naming ${held.reference}`).toBeDefined();
      expect(line!.endsWith(`  ${staffAddress(`/staff/bookings/${held.reference}`)}`)).toBe(true);
    }
  });
});

describe("the staff e-mail about a message that ran out of retries", () => {
  async function deadLetter(messageId: string) {
    const batch = createMessageBatch<ContactQueueMessage>(mailQueues.deadLetters, [
      { id: `dead-${messageId}`, timestamp: new Date(), attempts: 6, body: { messageId } },
    ]);
    const { mailer, sent } = recordingMailer();
    await handleDeadLetters(batch, env, mailer);
    expect(sent).toHaveLength(1);
    return readEmail(sent[0]!);
  }

  it("opens with the staff page of the booking it announced, and names the booking", async () => {
    const response = await bookingRequests.rental();
    const { reference } = (await response.json()) as { reference: string };
    const messageId = await announcementOf(reference);
    const notice = await deadLetter(messageId);
    const lines = linesOf(notice.text);
    expect(lines[0]).toBe(answerLine(reference));
    expect(lines[2]).toContain(`The contact message ${messageId} about booking ${reference} could not be e-mailed`);
    expect(notice.text).toContain("npm run contact -- retry-failed --remote");
    expect(notice.text).not.toMatch(/Ada|Lovelace|ada@example\.org|555-0199/);
  });

  it("of a contact-form message names no booking and links no page", async () => {
    const response = await postToApi("/contact", { ...customer, interest: "sales", message: typedByTheCustomer });
    const { id } = (await response.json()) as { id: string };
    const notice = await deadLetter(id);
    expect(linesOf(notice.text)[0]).toMatch(new RegExp(`^The contact message ${id} could not be e-mailed`));
    expect(notice.text).not.toContain("/staff");
  });
});
