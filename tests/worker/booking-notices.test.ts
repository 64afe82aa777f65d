import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { deliverContactMessage } from "~/features/mail/mail-delivery.server";
import { announceMissedBookings, releaseStaleBookings } from "~/features/bookings/booking-notices.server";
import { addDays, localMoment } from "~/lib/calendar-days";
import { api } from "../../worker/api";
import { freshClientIp, readEmail, recordingMailer } from "./contact-support";
import { heldSixSeater, placedHoursAgo } from "./rental-fixtures";

/**
 * Staff hear of every booking once, through the contact messages' pipeline, with what was asked and
 * the command that confirms it; bookings they leave unanswered are released with one e-mail per
 * kind. Shown here with rentals; every kind goes through the same code (src/features/bookings).
 */
const origin = "https://dealer.test";
const start = addDays(localMoment(new Date(), site.timeZone).day, 50);
const renter = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "570-555-0199" };

async function book(): Promise<string> {
  const response = await api.fetch(
    new Request(`${origin}/rentals/holds`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": freshClientIp() },
      body: JSON.stringify({
        plan: "six-seater",
        start,
        days: 3,
        delivery: { type: "pickup" },
        drivers: 1,
        ...renter,
        ageConfirmed: true,
      }),
    }),
    env,
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

async function announcements(reference: string) {
  return (
    await env.DB.prepare("SELECT id, status, enqueued_at FROM contact_messages WHERE booking_reference = ?")
      .bind(reference)
      .all<{ id: string; status: string; enqueued_at: string | null }>()
  ).results;
}

const placeDirectly = (days = 2) => heldSixSeater({ start, days, customer: renter });

const age = placedHoursAgo;

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bookings"),
    env.DB.prepare("DELETE FROM contact_messages"),
    env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity) VALUES ('six-seater', 'rental', 4) ON CONFLICT (pool) DO UPDATE SET capacity = 4",
    ),
  ]);
});

describe("a new booking", () => {
  it("is stored and queued for staff once, and the e-mail holds the quote and the confirm command", async () => {
    const reference = await book();
    const [announcement, ...more] = await announcements(reference);
    expect(more).toEqual([]);
    expect(announcement).toMatchObject({ status: "queued" });
    expect(announcement!.enqueued_at).toBeTruthy();

    const { mailer, sent } = recordingMailer();
    expect(await deliverContactMessage(env, mailer, announcement!.id)).toBe("sent");
    // The renter's own e-mail goes first (tests/worker/customer-email.test.ts), then staff's.
    expect(sent.map((copy) => copy.to)).toEqual([renter.email, env.STAFF_EMAIL_TO]);
    const email = await readEmail(sent[1]!);
    expect(email.subject).toBe(`Rental request ${reference} from Ada Lovelace: please confirm or decline`);
    expect(email.replyTo?.[0]?.address).toBe("ada@example.org");
    expect(email.text).toContain("6 Seater, 3 days");
    expect(email.text).toContain("Additional drivers (1 x $25.00): $25.00");
    // Staff read the price as the renter did: the sales tax on its line, in the total; a golf cart's
    // rental carries no PTA fee or rental tax (issue 47).
    expect(email.text).toContain("Pennsylvania sales tax (6%): $45.60");
    expect(email.text).not.toContain("Public Transportation Assistance fee");
    expect(email.text).toContain("Total: $805.60");
    expect(email.text).toContain("Refundable deposit, held apart: $750.00");
    expect(email.text).toContain(`npm run bookings -- confirm ${reference} --remote`);
    expect(email.text).toContain(`npm run bookings -- decline ${reference} --remote`);

    // The cron finds nothing left to announce.
    await age(reference, 1);
    expect(await announceMissedBookings(env)).toBe(0);
  });

  it("left unannounced by its request is announced by the cron, once", async () => {
    const held = await placeDirectly();
    // A request still in flight gets its grace period.
    expect(await announceMissedBookings(env)).toBe(0);
    await age(held.reference, 1);
    expect(await announceMissedBookings(env)).toBe(1);
    expect(await announcements(held.reference)).toHaveLength(1);
    expect(await announceMissedBookings(env)).toBe(0);
    expect(await announcements(held.reference)).toHaveLength(1);
  });
});

describe("bookings staff leave unanswered", () => {
  it(`are released after ${site.rentalBooking.holdHours} hours with one e-mail naming them, and no renter's details`, async () => {
    const stale = await placeDirectly();
    const fresh = await placeDirectly(3);
    await age(stale.reference, site.rentalBooking.holdHours + 1);
    await age(fresh.reference, site.rentalBooking.holdHours - 1);

    const { mailer, sent } = recordingMailer();
    expect(await releaseStaleBookings(env, mailer)).toBe(1);
    expect(sent).toHaveLength(1);
    const email = await readEmail(sent[0]!);
    expect(email.subject).toBe(
      `1 rental request was released: not confirmed within ${site.rentalBooking.holdHours} hours`,
    );
    expect(email.text).toContain(`${stale.reference}  6 Seater, 2 days from`);
    expect(email.text).not.toContain(fresh.reference);
    expect(email.text).not.toMatch(/Ada|Lovelace|ada@example\.org|555-0199/);

    const statuses = await env.DB.prepare("SELECT reference, status FROM bookings ORDER BY end_day").all();
    expect(statuses.results).toEqual([
      { reference: stale.reference, status: "expired" },
      { reference: fresh.reference, status: "requested" },
    ]);
    expect(await releaseStaleBookings(env, mailer)).toBe(0);
    expect(sent).toHaveLength(1);
  });
});
