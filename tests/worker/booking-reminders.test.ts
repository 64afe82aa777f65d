import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { bookingKinds } from "~/config/booking-kinds";
import { rentalTerms } from "~/config/rental-plans";
import { formatAddress, formatHours, showroom, site } from "~/config/site";
import { sendBookingReminders } from "~/features/bookings/booking-reminders.server";
import { bookingWithReference, changeBookingStatus } from "~/features/bookings/capacity.server";
import { deliverContactMessage, sweepStalledMessages } from "~/features/mail/mail-delivery.server";
import { addDays, localMoment, longDate } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { bookingRequestsBy, bookingRequestsOn, resetBookingStore, type Customer } from "./booking-requests";
import { readEmail, recordingMailer } from "./contact-support";
import { dealerTime } from "./dealer-time";

/**
 * Every booking with a day gets one e-mail the day before it, from the cron job's first run at or
 * after the reminder hour on the dealer's clock: its day, when and where, what to bring and its
 * private link. Placed through the API as customers place them, confirmed as staff confirm them.
 */
const customer: Customer = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "570-555-0199" };
const today = localMoment(new Date(), site.timeZone).day;

/** A day every kind takes (not a Sunday), at least two days out, so its eve is still ahead of today. */
const bookingDay = (() => {
  let day = addDays(today, 2);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) day = addDays(day, 1);
  return day;
})();

const eveMorning = dealerTime(addDays(bookingDay, -1), "09:30");

type Kind = keyof ReturnType<typeof bookingRequestsOn>;
const kinds = Object.keys(bookingRequestsOn(bookingDay, customer)) as Kind[];

async function placeOn(day: string, kind: Kind, who: Customer = customer) {
  const response = await bookingRequestsOn(day, who)[kind]();
  expect(response.status, `${kind}: ${await response.clone().text()}`).toBe(201);
  return (await response.json()) as { reference: string; statusUrl: string };
}

const db = () => database(env.DB);
const confirm = (reference: string) =>
  changeBookingStatus(db(), bookingWithReference(reference), "confirm", "terminal");

async function remindersOf(reference: string) {
  const rows = await env.DB.prepare(
    "SELECT id, enqueued_at, customer_private FROM contact_messages WHERE booking_reference = ? AND booking_event = 'reminder'",
  )
    .bind(reference)
    .all<{ id: string; enqueued_at: string | null; customer_private: string | null }>();
  return rows.results;
}

const keptLink = async (reference: string) =>
  (
    await env.DB.prepare("SELECT status_path FROM booking_reminders WHERE reference = ?")
      .bind(reference)
      .first<{ status_path: string | null }>()
  )?.status_path;

/** The reminder as the customer reads it. */
async function deliveredReminder(reference: string) {
  const [row] = await remindersOf(reference);
  const { mailer, sent } = recordingMailer();
  expect(await deliverContactMessage(env, mailer, row!.id)).toBe("sent");
  expect(sent.map((email) => email.to)).toEqual([customer.email]);
  return readEmail(sent[0]!);
}

beforeEach(resetBookingStore);

describe("a confirmed booking for tomorrow", () => {
  it("gets exactly one reminder, however often and however concurrently the cron job runs", async () => {
    const placed = await Promise.all(kinds.map((kind) => placeOn(bookingDay, kind)));
    for (const { reference } of placed) await confirm(reference);

    const runs = [
      await sendBookingReminders(env, eveMorning),
      await sendBookingReminders(env, eveMorning),
      ...(await Promise.all([sendBookingReminders(env, eveMorning), sendBookingReminders(env, eveMorning)])),
    ];
    expect(runs.reduce((sum, stored) => sum + stored, 0)).toBe(kinds.length);
    for (const { reference } of placed) {
      const reminders = await remindersOf(reference);
      expect(reminders).toHaveLength(1);
      // On the queue at once; the private link has moved into the message alone.
      expect(reminders[0]!.enqueued_at).toBeTruthy();
      expect(await keptLink(reference)).toBeNull();
    }
  });

  it.each(kinds)("%s: the e-mail gives the day, when and where, what to bring and the private link", async (kind) => {
    const { reference, statusUrl } = await placeOn(bookingDay, kind);
    await confirm(reference);
    expect(await sendBookingReminders(env, eveMorning)).toBe(1);
    const email = await deliveredReminder(reference);
    const label = (kind.startsWith("rental") ? bookingKinds.rental : bookingKinds[kind as "service" | "storage"]).label;

    expect(email.subject).toBe(`Your ${label.toLowerCase()} ${reference}: tomorrow`);
    expect(email.text).toContain(`tomorrow, ${longDate(bookingDay)}.`);
    expect(email.text).toContain(`Day: ${longDate(bookingDay)}`);
    expect(email.text).toContain(new URL(new URL(statusUrl).pathname, site.website).href);
    expect(email.html).toContain(new URL(new URL(statusUrl).pathname, site.website).href);
    // Nothing the customer typed goes back out.
    expect(email.text).not.toContain("Lovelace");
    expect(email.text).not.toContain("stops after a mile");

    const department = kind === "rental pickup" ? site.showroomHours : site.serviceHours;
    if (kind === "rental delivery") {
      expect(email.text).toContain("Where: Delivered to you in Hallstead, PA");
      expect(email.text).toMatch(/^Time: Delivery hours: Monday-Saturday /m);
      expect(email.text).toContain(`Have ready: A valid driver's license and a credit card for the renter`);
      expect(email.text).not.toContain(formatAddress(showroom.address!));
    } else {
      expect(email.text).toContain(`Where: ${showroom.name}, ${formatAddress(showroom.address!)}`);
      const weekday = new Date(`${bookingDay}T00:00:00Z`).toLocaleDateString("en-US", {
        weekday: "long",
        timeZone: "UTC",
      });
      const open = department.hours.find((entry) => (entry.days as readonly string[]).includes(weekday))!;
      expect(email.text).toContain(`Time: ${formatHours([open])[0]!.times} (${department.name} hours on ${weekday}s).`);
    }
    if (kind === "rental pickup") {
      expect(email.text).toContain(
        `Bring: A valid driver's license and a credit card for the renter, who must be ${rentalTerms.minimumAge} or older`,
      );
    }
    if (kind === "service") expect(email.text).toContain("Bring: The cart and its keys.");
    if (kind === "storage") expect(email.text).toContain("Bring: The cart and its keys.");

    // Sent once: the link is gone from D1, and a second delivery sends nothing.
    expect((await remindersOf(reference))[0]!.customer_private).toBeNull();
    const again = recordingMailer();
    expect(await deliverContactMessage(env, again.mailer, (await remindersOf(reference))[0]!.id)).toBe("already-sent");
    expect(again.sent).toEqual([]);
  });

  it("is reminded even when its address has had the hour's share of the site's e-mails", async () => {
    const placed = await Promise.all(kinds.map((kind) => placeOn(bookingDay, kind)));
    const { mailer } = recordingMailer();
    for (const { reference } of placed) {
      const row = await env.DB.prepare(
        "SELECT id FROM contact_messages WHERE booking_reference = ? AND booking_event = 'placed'",
      )
        .bind(reference)
        .first<{ id: string }>();
      await deliverContactMessage(env, mailer, row!.id);
      await confirm(reference);
    }
    await sendBookingReminders(env, eveMorning);
    for (const { reference } of placed) {
      const email = await deliveredReminder(reference);
      expect(email.subject).toContain(`${reference}: tomorrow`);
    }
  });

  it("waits for the reminder hour, and one confirmed after it is reminded at the next run that day", async () => {
    const { reference } = await placeOn(bookingDay, "service");
    await confirm(reference);
    expect(await sendBookingReminders(env, dealerTime(addDays(bookingDay, -1), "08:55"))).toBe(0);
    expect(await remindersOf(reference)).toEqual([]);

    const later = await placeOn(bookingDay, "rental pickup");
    expect(await sendBookingReminders(env, eveMorning)).toBe(1);
    await confirm(later.reference);
    expect(await sendBookingReminders(env, dealerTime(addDays(bookingDay, -1), "16:05"))).toBe(1);
    expect(await remindersOf(later.reference)).toHaveLength(1);
  });

  it("is swept onto the queue like a status change if the cron run could not enqueue it", async () => {
    const { reference } = await placeOn(bookingDay, "storage");
    await confirm(reference);
    await sendBookingReminders(env, eveMorning);
    const [row] = await remindersOf(reference);
    await env.DB.prepare("UPDATE contact_messages SET enqueued_at = NULL WHERE id = ?").bind(row!.id).run();
    expect(await sweepStalledMessages(env)).toBeGreaterThanOrEqual(1);
    expect((await remindersOf(reference))[0]!.enqueued_at).toBeTruthy();
  });
});

describe("no reminder", () => {
  it("for a request staff never confirmed, nor one declined or cancelled, whose links are erased", async () => {
    const requested = await placeOn(bookingDay, "rental pickup");
    const declined = await placeOn(bookingDay, "service");
    const cancelled = await placeOn(bookingDay, "storage");
    await changeBookingStatus(db(), bookingWithReference(declined.reference), "decline", "terminal");
    await confirm(cancelled.reference);
    await changeBookingStatus(db(), bookingWithReference(cancelled.reference), "cancel", "terminal");

    expect(await sendBookingReminders(env, eveMorning)).toBe(0);
    for (const { reference } of [requested, declined, cancelled]) expect(await remindersOf(reference)).toEqual([]);
    expect(await keptLink(requested.reference)).toBeTruthy();
    expect(await keptLink(declined.reference)).toBeNull();
    expect(await keptLink(cancelled.reference)).toBeNull();
  });

  it("yet for the day after tomorrow; then one, the day before it", async () => {
    const { reference } = await placeOn(bookingDay, "rental delivery");
    await confirm(reference);
    const twoDaysBefore = dealerTime(addDays(bookingDay, -2), "09:30");
    expect(await sendBookingReminders(env, twoDaysBefore)).toBe(0);
    expect(await remindersOf(reference)).toEqual([]);
    expect(await sendBookingReminders(env, eveMorning)).toBe(1);
  });

  it("once the day has come: a booking confirmed too late is not reminded, and its link is deleted", async () => {
    const { reference } = await placeOn(bookingDay, "service");
    await confirm(reference);
    expect(await sendBookingReminders(env, dealerTime(bookingDay, "09:30"))).toBe(0);
    expect(await remindersOf(reference)).toEqual([]);
    expect(await keptLink(reference)).toBeUndefined();
  });

  it("for a cart reservation, which has no day", async () => {
    const response = await bookingRequestsBy(customer).reservation();
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    await confirm(reference);
    expect(await keptLink(reference)).toBeUndefined();
    expect(await sendBookingReminders(env, eveMorning)).toBe(0);
    expect(await remindersOf(reference)).toEqual([]);
  });

  it("when the booking is cancelled between the reminder's storing and its sending", async () => {
    const { reference } = await placeOn(bookingDay, "rental pickup");
    await confirm(reference);
    await sendBookingReminders(env, eveMorning);
    await changeBookingStatus(db(), bookingWithReference(reference), "cancel", "terminal");
    const [row] = await remindersOf(reference);
    const { mailer, sent } = recordingMailer();
    expect(await deliverContactMessage(env, mailer, row!.id)).toBe("sent");
    expect(sent).toEqual([]);
  });
});
