import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
} from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { dealerMidnight } from "~/lib/rental-cancellation";
import { rentalBookingStatusPath } from "~/features/rentals/rental-paths";
import { cancelByRenter } from "~/features/rentals/renter-cancellation.server";
import * as statusRoute from "~/routes/rental-booking-status";
import { addDays, localMoment, longDate } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { createRouterContext } from "~/server/context.server";
import { readEmail, recordingMailer } from "./contact-support";
import { heldSixSeater } from "./rental-fixtures";

/**
 * A renter cancels from their booking page: the answer names the refund the policy gives, and staff
 * get one e-mail naming the booking (never the renter's details), however many cancels race.
 */
const today = localMoment(new Date(), site.timeZone).day;
const start = addDays(today, 50);
const renter = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "570-555-0199" };

const placed = (first = start) => heldSixSeater({ start: first, customer: renter });

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
    // The renter's own change: its e-mail to them counts against their address's hourly limit,
    // which only staff's answers pass.
    const notice = await env.DB.prepare(
      "SELECT b.decided_by AS decidedBy, m.staff_answer AS staffAnswer FROM bookings AS b JOIN contact_messages AS m " +
        "ON m.booking_reference = b.reference AND m.booking_event = 'cancelled' WHERE b.reference = ?",
    )
      .bind(reference)
      .first();
    expect(notice).toEqual({ decidedBy: "customer", staffAnswer: 0 });
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

/** Noon on the dealer's clock of `day`. */
const noonOf = (day: string) => new Date(dealerMidnight(day).getTime() + 12 * 3_600_000);

async function statusOf(reference: string) {
  const row = await env.DB.prepare("SELECT status FROM bookings WHERE reference = ?")
    .bind(reference)
    .first<{ status: string }>();
  return row?.status;
}

/**
 * The renter's private page as the Worker serves it, from the route's own loader (and action, for a
 * POST) on the real clock: the status code and the HTML.
 */
async function statusPage(token: string, method: "GET" | "POST" = "GET"): Promise<{ status: number; html: string }> {
  const path = rentalBookingStatusPath(token);
  const handler = createStaticHandler([
    {
      id: "rental-booking-status",
      path: "/rentals/booking/:token",
      loader: (args) => statusRoute.loader(args as never),
      action: (args) => statusRoute.action(args as never),
      Component: () =>
        createElement(statusRoute.default, {
          loaderData: useLoaderData(),
          actionData: useActionData(),
        } as never),
    },
  ]);
  const origin = "https://dealer.test";
  const request =
    method === "POST"
      ? new Request(`${origin}${path}`, {
          method,
          headers: { Origin: origin },
          body: new URLSearchParams({ intent: "cancel" }),
        })
      : new Request(`${origin}${path}`);
  const requestContext = createRouterContext({ env, ctx: createExecutionContext(), nonce: "test" });
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const stream = await renderToReadableStream(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  await stream.allReady;
  return { status: context.statusCode, html: await new Response(stream).text() };
}

const cancelButton = /<button[^>]*>\s*Cancel this booking\s*<\/button>/;

describe("a rental whose days have come", () => {
  it("is not cancelled once its return day has passed: the renter is told it ended, staff are not e-mailed", async () => {
    const { reference, token } = await placed();
    const returnDay = addDays(start, 3);
    const { mailer, sent } = recordingMailer();
    const context = worker();
    // Thirteen days after the return day, as on November 26 for a rental of November 10 to 13.
    const cancellation = await cancelByRenter(context, token, { now: noonOf(addDays(returnDay, 13)), mailer });
    expect(cancellation).toEqual({
      outcome: "closed",
      message: `This rental ended on ${longDate(returnDay)}, so it can no longer be cancelled online. Call ${site.phone.display} if you need help with it.`,
    });
    await waitOnExecutionContext(context.ctx);
    expect(sent).toEqual([]);
    expect(await statusOf(reference)).toBe("requested");
  });

  it("is not cancelled online from its pickup day on, even before the cart is due back", async () => {
    const { reference, token } = await placed();
    const { mailer, sent } = recordingMailer();
    for (const day of [start, addDays(start, 1), addDays(start, 3)]) {
      const context = worker();
      const cancellation = await cancelByRenter(context, token, { now: noonOf(day), mailer });
      expect(cancellation, day).toEqual({
        outcome: "closed",
        message: `This rental began on ${longDate(start)}, so it can no longer be cancelled online. Call ${site.phone.display} if you need help with it.`,
      });
      await waitOnExecutionContext(context.ctx);
    }
    expect(sent).toEqual([]);
    expect(await statusOf(reference)).toBe("requested");
    // At 11 PM the evening before, on the dealer's clock (already the pickup day in UTC), it still can be.
    const context = worker();
    const eveningBefore = new Date(dealerMidnight(start).getTime() - 3_600_000);
    expect(await cancelByRenter(context, token, { now: eveningBefore, mailer })).toMatchObject({
      outcome: "cancelled",
    });
    await waitOnExecutionContext(context.ctx);
  });

  it("shows no Cancel button on its page once it is over, says why, and refuses a cancel posted anyway", async () => {
    const lastWeek = await placed(addDays(today, -16));
    const page = await statusPage(lastWeek.token);
    expect(page.status).toBe(200);
    expect(page.html).not.toMatch(cancelButton);
    const ended = `This rental ended on ${longDate(addDays(today, -13))}, so it can no longer be cancelled online. Call ${site.phone.display} if you need help with it.`;
    expect(page.html).toContain(ended);

    // A form kept open in another tab since before the rental posts the cancel all the same.
    const posted = await statusPage(lastWeek.token, "POST");
    expect(posted.status).toBe(409);
    expect(posted.html).toContain(ended);
    expect(posted.html).not.toMatch(cancelButton);
    expect(await statusOf(lastWeek.reference)).toBe("requested");

    // A rental still ahead keeps its button.
    const ahead = await placed();
    expect((await statusPage(ahead.token)).html).toMatch(cancelButton);
  });
});
