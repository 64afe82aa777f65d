import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { offlineDatabase } from "../../scripts/staff/offline-database";
import { sqlText } from "../../scripts/staff/statement-text";
import { site } from "~/config/site";
import { releaseStaleBookings } from "~/features/bookings/booking-notices.server";
import { bookingWithReference, statusChangeQuery } from "~/features/bookings/capacity.server";
import { deliverContactMessage, handleDeadLetters, sweepStalledMessages } from "~/features/mail/mail-delivery.server";
import { mailQueues } from "~/features/mail/mail-queues";
import { requeueFailedSql, type ContactQueueMessage } from "~/features/mail/outbox.server";
import { bookingCalendarFile } from "~/features/rentals/booking-status.server";
import { findHoldByToken } from "~/features/rentals/rental-bookings.server";
import { serviceBookingCalendarFile } from "~/features/services/service-booking-status.server";
import { findServiceBookingByToken } from "~/features/services/service-bookings.server";
import { database } from "~/server/db.server";
import {
  apiOrigin,
  bookingRequestsBy,
  dropOffDay,
  rentalStart,
  postToApi,
  resetBookingStore,
} from "./booking-requests";
import { readEmail, recordingMailer } from "./contact-support";

/**
 * Customers hear back: every request stored (a contact message, a rental, a service drop-off, a
 * storage space, a cart reservation) owes the customer one e-mail besides the staff's, through the
 * same stored, queued, claimed pipeline and the real local send_email binding, read back by an
 * independent parser (postal-mime); each status change staff make owes them one more.
 */
const origin = apiOrigin;
const customer = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "570-555-0199" };

/** Each kind of request as a customer sends it, and what its answer names it by. */
const requests = {
  contact: () =>
    postToApi("/contact", {
      ...customer,
      interest: "service",
      message: "Click http://spam.example for a <b>prize</b>",
    }),
  ...bookingRequestsBy(customer),
};

async function place(
  kind: keyof typeof requests,
): Promise<{ reference: string; statusUrl?: string; messageId: string }> {
  const response = await requests[kind]();
  expect(response.status, `${kind}: ${await response.clone().text()}`).toBeLessThan(300);
  const answer = (await response.json()) as { reference?: string; id?: string; statusUrl?: string };
  const reference = answer.reference ?? answer.id!;
  const row = await env.DB.prepare(
    "SELECT id FROM contact_messages WHERE id = ? OR (booking_reference = ? AND booking_event = 'placed')",
  )
    .bind(reference, reference)
    .first<{ id: string }>();
  return { reference, statusUrl: answer.statusUrl, messageId: row!.id };
}

/** The .ics the booking's status page offers (what its calendar.ics route answers), for the site's address. */
async function offeredCalendar(kind: "rental" | "service", statusUrl: string): Promise<string> {
  const token = decodeURIComponent(statusUrl.split("/").pop()!);
  const db = database(env.DB);
  if (kind === "rental")
    return bookingCalendarFile((await findHoldByToken(db, token))!, token, site.website, new Date());
  return serviceBookingCalendarFile((await findServiceBookingByToken(db, token))!, token, site.website, new Date());
}

/** A calendar file's lines but its time stamp (a MIME text part travels with CRLF; the parser hands back LF). */
const withoutStamp = (file: string) => file.replace(/\r\n/g, "\n").replace(/^DTSTAMP:.*$/m, "");

/** The statement `npm run bookings -- confirm REF` sends through wrangler d1 execute, as text. */
const staffCommandSql = (reference: string, decision: "confirm") =>
  sqlText(statusChangeQuery(offlineDatabase, bookingWithReference(reference), decision));

const rowOf = (id: string) =>
  env.DB.prepare(
    "SELECT status, customer_sent_at, customer_error, customer_private, staff_sent_at FROM contact_messages WHERE id = ?",
  )
    .bind(id)
    .first<{
      status: string;
      customer_sent_at: string | null;
      customer_error: string | null;
      customer_private: string | null;
      staff_sent_at: string | null;
    }>();

beforeEach(resetBookingStore);

describe("every request stored", () => {
  it.each(Object.keys(requests) as (keyof typeof requests)[])(
    "%s: one e-mail to the customer and one to staff, through the stored message's one delivery",
    async (kind) => {
      const placed = await place(kind);
      const { mailer, sent } = recordingMailer();
      expect(await deliverContactMessage(env, mailer, placed.messageId)).toBe("sent");
      // A second delivery of the same message (the queue's duplicate, the sweeper's) sends nothing.
      expect(await deliverContactMessage(env, mailer, placed.messageId)).toBe("already-sent");
      expect(sent.map((email) => email.to)).toEqual([customer.email, env.STAFF_EMAIL_TO]);

      const [toCustomer, toStaff] = await Promise.all(sent.map(readEmail));
      expect(toCustomer!.from).toMatchObject({ address: env.CUSTOMER_EMAIL_FROM, name: site.name });
      if (kind !== "contact") expect(toCustomer!.subject).toContain(placed.reference);
      expect(toCustomer!.text).toContain(`Reference: ${placed.reference}`);
      expect(toCustomer!.text).toContain(site.phone.display);
      expect(toCustomer!.text).toMatch(/hours: Mon/);
      // Nothing the customer typed goes back out: a form must not relay words to any address it is given.
      expect(toCustomer!.text).not.toContain("Lovelace");
      expect(toCustomer!.text).not.toContain("spam.example");
      expect(toCustomer!.html).not.toContain("<img");
      expect(toCustomer!.headers.find((header) => header.key === "auto-submitted")?.value).toBe("auto-generated");
      const purpose = kind === "rental" || kind === "reservation" ? "sales" : "service";
      expect(toCustomer!.replyTo).toEqual([{ name: site.name, address: site.emails[purpose] }]);
      expect(toStaff!.text).toContain(
        "Customer e-mail: sent: the customer has their reference (and any private link) by e-mail.",
      );

      if (kind !== "contact") {
        // The private link, which D1 keeps only until this e-mail has gone.
        expect(toCustomer!.text).toContain(new URL(new URL(placed.statusUrl!, origin).pathname, site.website).href);
        expect((await rowOf(placed.messageId))!.customer_private).toBeNull();
      }
      if (kind === "rental" || kind === "storage" || kind === "reservation") {
        expect(toCustomer!.text).toMatch(/^- Total: \$[\d,]+\.\d\d$/m);
      }
      if (kind === "rental") expect(toCustomer!.text).toContain("6 Seater, 3 days");
      if (kind === "rental" || kind === "service") {
        // The calendar file the booking's status page offers, line for line but its time stamp.
        const [calendar] = toCustomer!.attachments;
        expect(calendar?.filename).toBe(`${kind}-${placed.reference}.ics`);
        expect(calendar?.mimeType).toBe("text/calendar");
        const ics = new TextDecoder().decode(calendar!.content as ArrayBuffer);
        expect(withoutStamp(ics)).toBe(withoutStamp(await offeredCalendar(kind, placed.statusUrl!)));
        expect(ics).toContain(`UID:${placed.reference}@`);
        expect(ics).toContain(
          `DTSTART;VALUE=DATE:${(kind === "rental" ? rentalStart : dropOffDay).replaceAll("-", "")}`,
        );
      } else {
        expect(toCustomer!.attachments).toEqual([]);
      }
    },
  );
});

describe("a customer copy that fails", () => {
  it("never holds back the staff copy or the booking, and a retry sends only the customer's", async () => {
    const placed = await place("rental");
    const failing = recordingMailer({ failTo: customer.email });
    await expect(deliverContactMessage(env, failing.mailer, placed.messageId)).rejects.toThrow();
    expect(failing.sent.map((email) => email.to)).toEqual([env.STAFF_EMAIL_TO]);
    expect((await readEmail(failing.sent[0]!)).text).toContain("it is being retried");
    const booking = await env.DB.prepare("SELECT status FROM bookings WHERE reference = ?")
      .bind(placed.reference)
      .first<{ status: string }>();
    expect(booking?.status).toBe("requested");
    expect(await rowOf(placed.messageId)).toMatchObject({ status: "queued", customer_sent_at: null });

    const working = recordingMailer();
    expect(await deliverContactMessage(env, working.mailer, placed.messageId)).toBe("sent");
    expect(working.sent.map((email) => email.to)).toEqual([customer.email]);
  });

  it("is given up when the mail service refuses the address for good, and staff are told", async () => {
    const placed = await place("service");
    const refusing = recordingMailer({ failTo: customer.email, failCode: "E_RECIPIENT_SUPPRESSED" });
    expect(await deliverContactMessage(env, refusing.mailer, placed.messageId)).toBe("sent");
    expect(refusing.sent.map((email) => email.to)).toEqual([env.STAFF_EMAIL_TO]);
    expect((await readEmail(refusing.sent[0]!)).text).toContain(
      "the customer was NOT e-mailed: the mail service refused their address (E_RECIPIENT_SUPPRESSED)",
    );
    expect(await rowOf(placed.messageId)).toMatchObject({
      status: "sent",
      customer_error: "E_RECIPIENT_SUPPRESSED",
      customer_private: null,
    });
  });

  it("is not tried while customer e-mail is not set up, and the staff e-mail says so", async () => {
    const placed = await place("storage");
    const { mailer, sent } = recordingMailer();
    const notSetUp = { ...env, CUSTOMER_EMAIL_FROM: "" };
    expect(await deliverContactMessage(notSetUp, mailer, placed.messageId)).toBe("sent");
    expect(sent.map((email) => email.to)).toEqual([env.STAFF_EMAIL_TO]);
    expect((await readEmail(sent[0]!)).text).toContain("customer e-mail is not set up yet");
  });
});

describe("a message that runs out of retries", () => {
  /** The dead-letter queue's consumer, as the Worker runs it, taking the message's last delivery. */
  async function deadLetter(messageId: string) {
    const batch = createMessageBatch<ContactQueueMessage>(mailQueues.deadLetters, [
      { id: `dead-${messageId}`, timestamp: new Date(), attempts: 6, body: { messageId } },
    ]);
    await handleDeadLetters(batch, env, recordingMailer().mailer);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toHaveLength(1);
  }

  it("keeps no private link in D1, and the staff's retry sends no e-mail to the customer without it", async () => {
    const placed = await place("rental");
    const failing = recordingMailer({ failTo: customer.email });
    await expect(deliverContactMessage(env, failing.mailer, placed.messageId)).rejects.toThrow();
    expect((await rowOf(placed.messageId))!.customer_private).toContain(new URL(placed.statusUrl!, origin).pathname);

    await deadLetter(placed.messageId);
    expect(await rowOf(placed.messageId)).toMatchObject({
      status: "failed",
      customer_sent_at: null,
      customer_error: "dead letter",
      customer_private: null,
    });

    await env.DB.exec(requeueFailedSql());
    const working = recordingMailer();
    expect(await deliverContactMessage(env, working.mailer, placed.messageId)).toBe("sent");
    expect(working.sent).toEqual([]);
  });

  it("still owes a copy that carried no private link: the staff's retry sends it", async () => {
    const placed = await place("contact");
    await deadLetter(placed.messageId);
    expect(await rowOf(placed.messageId)).toMatchObject({ status: "failed", customer_error: null });

    await env.DB.exec(requeueFailedSql());
    const working = recordingMailer();
    expect(await deliverContactMessage(env, working.mailer, placed.messageId)).toBe("sent");
    expect(working.sent.map((email) => email.to)).toEqual([customer.email, env.STAFF_EMAIL_TO]);
  });
});

describe("a status change", () => {
  async function placedAndAnnounced(kind: "rental" | "reservation") {
    const placed = await place(kind);
    await deliverContactMessage(env, recordingMailer().mailer, placed.messageId);
    return placed;
  }

  it("made by staff's command sends the customer one 'confirmed' e-mail, by the cron's sweep", async () => {
    const { reference } = await placedAndAnnounced("rental");
    // The very statement `npm run bookings -- confirm` sends through wrangler d1 execute.
    await env.DB.prepare(staffCommandSql(reference, "confirm")).all();
    await env.DB.prepare(staffCommandSql(reference, "confirm")).all(); // refused: already confirmed
    const rows = await env.DB.prepare(
      "SELECT id, booking_event, enqueued_at FROM contact_messages WHERE booking_reference = ? AND booking_event != 'placed'",
    )
      .bind(reference)
      .all<{ id: string; booking_event: string; enqueued_at: string | null }>();
    expect(rows.results.map((row) => row.booking_event)).toEqual(["confirmed"]);
    expect(await sweepStalledMessages(env)).toBeGreaterThanOrEqual(1);

    const { mailer, sent } = recordingMailer();
    expect(await deliverContactMessage(env, mailer, rows.results[0]!.id)).toBe("sent");
    expect(await deliverContactMessage(env, mailer, rows.results[0]!.id)).toBe("already-sent");
    // The customer's only: staff made the change.
    expect(sent.map((email) => email.to)).toEqual([customer.email]);
    const email = await readEmail(sent[0]!);
    expect(email.subject).toBe(`Your rental booking ${reference}: confirmed`);
    expect(email.text).toContain("Your rental booking is confirmed.");
    expect(email.text).toContain("6 Seater, 3 days");
  });

  it("made by the cron job releasing a stale request tells the customer it was released", async () => {
    const { reference } = await placedAndAnnounced("reservation");
    await env.DB.prepare("UPDATE bookings SET created_at = ? WHERE reference = ?")
      .bind(new Date(Date.now() - 49 * 3_600_000).toISOString(), reference)
      .run();
    expect(await releaseStaleBookings(env, recordingMailer().mailer)).toBe(1);
    const row = await env.DB.prepare(
      "SELECT id FROM contact_messages WHERE booking_reference = ? AND booking_event = 'expired'",
    )
      .bind(reference)
      .first<{ id: string }>();
    const { mailer, sent } = recordingMailer();
    expect(await deliverContactMessage(env, mailer, row!.id)).toBe("sent");
    const email = await readEmail(sent[0]!);
    expect(sent[0]!.to).toBe(customer.email);
    expect(email.subject).toBe(`Your cart reservation ${reference}: released`);
  });
});
