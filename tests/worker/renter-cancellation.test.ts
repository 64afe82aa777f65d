import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { dealerMidnight } from "~/features/rentals/rental-cancellation";
import { placeRentalHold } from "~/features/rentals/rental-bookings.server";
import { cancelByRenter } from "~/features/rentals/renter-cancellation.server";
import { addDays, localMoment } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { readEmail, recordingMailer } from "./contact-support";

/**
 * A renter cancels from their booking page: the answer names the refund the policy gives, and staff
 * get one e-mail naming the booking (never the renter's details), however many cancels race.
 */
const start = addDays(localMoment(new Date(), site.timeZone).day, 50);
const renter = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "570-555-0199" };

async function placed(): Promise<{ reference: string; token: string }> {
  const held = await placeRentalHold(database(env.DB), {
    delivery: { type: "pickup" },
    drivers: 0,
    quote: {
      plan: "six-seater",
      start,
      days: 3,
      returnDay: addDays(start, 3),
      rent: 735,
      delivery: 0,
      rushFee: 0,
      driversFee: 0,
      total: 735,
      deposit: 750,
      lines: [{ label: "6 Seater, 3 days (3 Day rate)", amount: 735 }],
    },
    ...renter,
  });
  if (!held.placed) throw new Error("not placed");
  return held;
}

function worker() {
  return { env, ctx: createExecutionContext(), db: database(env.DB) };
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bookings"),
    env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity) VALUES ('six-seater', 'rental', 4) ON CONFLICT (pool) DO UPDATE SET capacity = 4",
    ),
  ]);
});

describe("a renter's cancellation", () => {
  it("tells the renter the refund and e-mails staff the booking, without the renter's details", async () => {
    const { reference, token } = await placed();
    const { mailer, sent } = recordingMailer();
    const context = worker();
    // Two hours before the start: within the last 24 hours, so the policy's part refund.
    const now = new Date(dealerMidnight(start).getTime() - 2 * 3_600_000);

    const cancellation = await cancelByRenter(context, token, { now, mailer });
    expect(cancellation).toEqual({
      outcome: "cancelled",
      message: `Your booking ${reference} is cancelled. 50% of the rental charges are refunded.`,
    });
    await waitOnExecutionContext(context.ctx);
    expect(sent).toHaveLength(1);
    const email = await readEmail(sent[0]!);
    expect(email.subject).toBe(`Rental booking ${reference} cancelled by the renter`);
    expect(email.to?.[0]?.address).toBe(env.STAFF_EMAIL_TO);
    expect(email.text).toContain(`6 Seater, 3 days,`);
    expect(email.text).toContain("Pickup at the showroom");
    expect(email.text).toContain("50% of the rental charges are refunded.");
    expect(email.text).toContain("npm run bookings -- list --kind rental --remote");
    expect(email.text).not.toMatch(/Ada|Lovelace|ada@example\.org|555-0199/);
  });

  it("raced from two tabs, cancels once and e-mails staff once", async () => {
    const { token } = await placed();
    const { mailer, sent } = recordingMailer();
    const contexts = [worker(), worker(), worker()];
    const outcomes = await Promise.all(contexts.map((context) => cancelByRenter(context, token, { mailer })));
    await Promise.all(contexts.map((context) => waitOnExecutionContext(context.ctx)));
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["cancelled", "closed", "closed"]);
    expect(outcomes.find((outcome) => outcome.outcome === "closed")).toMatchObject({
      message: expect.stringContaining("This booking is cancelled and can no longer be cancelled online"),
    });
    expect(sent).toHaveLength(1);
  });

  it("with a token nobody holds, changes nothing and e-mails nobody", async () => {
    await placed();
    const { mailer, sent } = recordingMailer();
    const context = worker();
    expect(await cancelByRenter(context, "no-such-token", { mailer })).toEqual({ outcome: "unknown" });
    await waitOnExecutionContext(context.ctx);
    expect(sent).toEqual([]);
    const statuses = await env.DB.prepare("SELECT status FROM bookings").all();
    expect(statuses.results).toEqual([{ status: "requested" }]);
  });
});
