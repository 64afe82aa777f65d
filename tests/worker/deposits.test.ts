import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { depositTerms } from "~/config/deposits";
import { rentalTerms } from "~/config/rental-plans";
import { site } from "~/config/site";
import { bookingWithReference, changeBookingStatus } from "~/features/bookings/capacity.server";
import { outTheDoorPrice } from "~/features/catalogue/out-the-door";
import { settleDeposits } from "~/features/payments/settle.server";
import { checkDepositsDaily } from "~/features/payments/money-check.server";
import { rentalBookingStatusPath } from "~/features/rentals/rental-paths";
import { placeReservation } from "~/features/reservations/reservation-bookings.server";
import { reservationStatusPath } from "~/features/reservations/reservation-paths";
import { addDays, localMoment } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { api } from "../../worker/api";
import { freshClientIp, readEmail, recordingMailer } from "./contact-support";
import { dealerTime } from "./dealer-time";
import { anotherCustomer } from "./people";
import { answerPage } from "./registry-pages";
import { heldSixSeater } from "./rental-fixtures";
import { runSql } from "./run-sql";

/**
 * Deposits paid online (issue 57), through the real Worker routes, the official Stripe library and
 * the local stand-in that plays Stripe (vitest.config.ts turns it on as `npm start` does): the
 * amount is the server's to the cent, a checkout opens only for the booking its private token
 * names, Stripe's notice counts once however it arrives, and money that comes in after a release
 * goes back.
 */
const here = "http://localhost:8787";
const usedCart = "ezgo-rxv-2019";
const today = localMoment(new Date(), site.timeZone).day;
const db = () => database(env.DB);
const secret = env.PAYMENT_STAND_IN_SECRET!;

const ask = (path: string, init: RequestInit = {}) => answerPage(new Request(`${here}${path}`, init), env);

async function reservation(price = 9000) {
  const placed = await placeReservation(db(), today, {
    vehicle: { id: usedCart, name: "Cart" },
    delivery: { type: "pickup" },
    price: outTheDoorPrice({ name: "Cart", price, roadClass: "golf-cart" }, null),
    ...anotherCustomer(),
  });
  if (!placed.placed) throw new Error("not placed");
  return placed;
}

/** "Pay the deposit" from the booking's page, as its form posts it. */
const payFrom = (path: string, fields: Record<string, string>) =>
  ask(path, {
    method: "POST",
    headers: {
      Origin: here,
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": freshClientIp(),
    },
    body: new URLSearchParams({ intent: "deposit", ...fields }),
  });

const stripeSays = (path: string, init: RequestInit = {}) =>
  api.fetch(
    new Request(`${here}/payments/stand-in${path}`, {
      ...init,
      headers: { Authorization: "Bearer sk_test_local_stand_in", ...init.headers },
    }),
    env,
    createExecutionContext(),
  );

/** Opens a checkout for the page at `path` and returns its Stripe session. */
async function checkout(path: string) {
  const answer = await payFrom(path, { accept: "yes" });
  expect(answer.status).toBe(303);
  const location = answer.headers.get("Location")!;
  const sessionId = /\/pay\/(cs_test_\w+)$/.exec(location)?.[1];
  expect(sessionId).toBeTruthy();
  return (await (await stripeSays(`/v1/checkout/sessions/${sessionId}`)).json()) as Stripe.Checkout.Session;
}

/** Pays a session on the stand-in's page; its own notice is held back, to be sent by the test. */
async function payOnStandIn(sessionId: string) {
  const ctx = createExecutionContext();
  const paid = await api.fetch(
    new Request(`${here}/payments/stand-in/pay/${sessionId}/pay`, { method: "POST" }),
    env,
    ctx,
  );
  expect(paid.status).toBe(303);
  const session = (await (await stripeSays(`/v1/checkout/sessions/${sessionId}`)).json()) as Stripe.Checkout.Session;
  return { session, standInNotice: ctx };
}

/** The refunds Stripe (the stand-in) holds for a payment, by amount. */
const refundedThere = async (paymentIntent: string) =>
  (
    (await (await stripeSays(`/v1/refunds?payment_intent=${paymentIntent}`)).json()) as Stripe.ApiList<Stripe.Refund>
  ).data.map((refund) => refund.amount);

async function completedEvent(
  session: Stripe.Checkout.Session,
  id = `evt_test_${crypto.randomUUID().replaceAll("-", "")}`,
) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: "checkout.session.completed",
    data: { object: session },
  });
}

async function notify(payload: string, header?: string) {
  const ctx = createExecutionContext();
  const answer = await api.fetch(
    new Request(`${here}/payments/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": header ?? (await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret })),
      },
      body: payload,
    }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return answer;
}

const payments = (reference: string) =>
  env.DB.prepare(
    "SELECT state, amount_cents AS amount, refund_cents AS refund, refund_reason AS reason FROM booking_payments WHERE reference = ? ORDER BY id",
  )
    .bind(reference)
    .all<{ state: string; amount: number; refund: number; reason: string | null }>()
    .then((result) => result.results);

const mails = (reference: string, event: string) =>
  env.DB.prepare("SELECT count(*) AS n FROM contact_messages WHERE booking_reference = ? AND booking_event = ?")
    .bind(reference, event)
    .first<{ n: number }>()
    .then((row) => row!.n);

const holdUntil = (reference: string) =>
  env.DB.prepare("SELECT hold_until AS until FROM bookings WHERE reference = ?")
    .bind(reference)
    .first<{ until: string | null }>()
    .then((row) => row!.until);

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bookings"),
    env.DB.prepare("DELETE FROM booking_payments"),
    env.DB.prepare("DELETE FROM payment_events"),
    env.DB.prepare("DELETE FROM contact_messages"),
    env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity) VALUES ('six-seater', 'rental', 40) ON CONFLICT (pool) DO UPDATE SET capacity = 40",
    ),
  ]);
  await runSql(upsertVehiclesSql(seedCatalogue));
  await env.DB.prepare("UPDATE vehicles SET units_in_stock = 3, in_stock = 1 WHERE id = ?").bind(usedCart).run();
});

describe("deposits paid online", () => {
  it("charges the server's amount to the cent, whatever the form says", async () => {
    const cart = await reservation(9000);
    const session = await checkout(reservationStatusPath(cart.token));
    expect(session.amount_total).toBe(depositTerms.reservation.fixedCents);
    expect(session.metadata?.reference).toBe(cart.reference);
    // A cart whose whole price is less than the deposit is held for its price.
    const cheap = await reservation(300);
    const total = (await env.DB.prepare("SELECT json_extract(quote, '$.total') AS t FROM bookings WHERE reference = ?")
      .bind(cheap.reference)
      .first<{ t: number }>())!.t;
    const cheapSession = await checkout(reservationStatusPath(cheap.token));
    expect(cheapSession.amount_total).toBe(Math.round(total * 100));

    // A rental's deposit is its share of the quoted total, taxes included, to the cent; a form that
    // names its own amount is not listened to.
    const rental = await heldSixSeater({ start: addDays(today, 20) });
    const rentalTotal = (await env.DB.prepare(
      "SELECT json_extract(quote, '$.total') AS t FROM bookings WHERE reference = ?",
    )
      .bind(rental.reference)
      .first<{ t: number }>())!.t;
    const answer = await payFrom(rentalBookingStatusPath(rental.token), {
      accept: "yes",
      amount: "1",
      amount_cents: "1",
    });
    expect(answer.status).toBe(303);
    const [row] = await payments(rental.reference);
    expect(row!.amount).toBe(Math.round((Math.round(rentalTotal * 100) * depositTerms.rental.sharePercent) / 100));
  });

  it("opens no checkout for a booking its token does not name, nor without the terms accepted", async () => {
    const cart = await reservation();
    const stranger = await payFrom(reservationStatusPath("not-anyones-token-0000000000000000000000000"), {
      accept: "yes",
      reference: cart.reference,
    });
    expect(stranger.status).toBe(404);
    const unticked = await payFrom(reservationStatusPath(cart.token), {});
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Tick the box to accept the deposit");
    expect(await payments(cart.reference)).toEqual([]);
  });

  it("refuses a forged or stale notice with 400 and changes nothing", async () => {
    const cart = await reservation();
    const session = await checkout(reservationStatusPath(cart.token));
    const { session: paid } = await payOnStandIn(session.id);
    const payload = await completedEvent(paid);
    const forged = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: "whsec_someone_else" });
    expect((await notify(payload, forged)).status).toBe(400);
    const stale = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await notify(payload, stale)).status).toBe(400);
    expect((await notify(payload, "t=1,v1=00")).status).toBe(400);
    expect((await payments(cart.reference)).map((row) => row.state)).toEqual(["open"]);
    expect(await holdUntil(cart.reference)).toBeNull();
  });

  it("counts one notice delivered three times at once exactly once: one paid deposit, one receipt, a 7-day hold", async () => {
    const cart = await reservation();
    const session = await checkout(reservationStatusPath(cart.token));
    const { session: paid, standInNotice } = await payOnStandIn(session.id);
    // Back from the payment page before Stripe's notice: "being confirmed", and the page looks again.
    const returned = await (await ask(`${reservationStatusPath(cart.token)}?deposit=returned`)).text();
    expect(returned).toContain("Your payment is being confirmed");
    expect(returned).toMatch(/<meta http-equiv="refresh" content="4"/);
    expect(returned).not.toContain("Deposit paid:");
    const payload = await completedEvent(paid);
    const answers = await Promise.all([notify(payload), notify(payload), notify(payload)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // The stand-in's own notice of the same payment (another event id) arrives too, and changes nothing.
    await waitOnExecutionContext(standInNotice);
    // A late "expired" notice of the same session, out of order, changes nothing either.
    const expired = JSON.stringify({
      ...JSON.parse(payload),
      id: "evt_test_late_expiry",
      type: "checkout.session.expired",
      data: { object: { ...paid, status: "expired", payment_status: "unpaid" } },
    });
    expect((await notify(expired)).status).toBe(200);
    expect((await payments(cart.reference)).map((row) => row.state)).toEqual(["paid"]);
    expect(await mails(cart.reference, "deposit-paid")).toBe(1);
    const until = Date.parse((await holdUntil(cart.reference))!);
    const days = (until - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(depositTerms.reservation.paidHoldDays - 0.01);
    expect(days).toBeLessThanOrEqual(depositTerms.reservation.paidHoldDays);
    const page = await (await ask(reservationStatusPath(cart.token))).text();
    expect(page).toContain("Deposit paid:");
    expect(page).not.toContain("Pay the $500.00 deposit");
  });

  it("refunds in full, at once, a payment that arrives after its booking was released, and says why", async () => {
    const cart = await reservation();
    const session = await checkout(reservationStatusPath(cart.token));
    const { session: paid } = await payOnStandIn(session.id);
    await changeBookingStatus(db(), bookingWithReference(cart.reference), "decline");
    expect((await notify(await completedEvent(paid))).status).toBe(200);
    const [row] = await payments(cart.reference);
    expect(row).toMatchObject({ state: "refunded", refund: depositTerms.reservation.fixedCents, reason: "released" });
    expect(await mails(cart.reference, "refunded")).toBe(1);
    expect(await mails(cart.reference, "deposit-paid")).toBe(0);
    expect(await refundedThere(String(paid.payment_intent))).toEqual([depositTerms.reservation.fixedCents]);
  });

  it("refunds a declined booking's paid deposit once, however often the refunds run", async () => {
    const cart = await reservation();
    const session = await checkout(reservationStatusPath(cart.token));
    const { session: paid } = await payOnStandIn(session.id);
    await notify(await completedEvent(paid));
    await changeBookingStatus(db(), bookingWithReference(cart.reference), "decline");
    await Promise.all([settleDeposits(env), settleDeposits(env), settleDeposits(env)]);
    const [row] = await payments(cart.reference);
    expect(row).toMatchObject({ state: "refunded", refund: depositTerms.reservation.fixedCents, reason: "declined" });
    expect(await mails(cart.reference, "refunded")).toBe(1);
    expect(await refundedThere(String(paid.payment_intent))).toEqual([depositTerms.reservation.fixedCents]);
    const page = await (await ask(reservationStatusPath(cart.token))).text();
    expect(page).toContain("Refunded");
    expect(page).toContain("we declined the booking");
  });

  it("refunds a renter who cancels within 24 hours of the start the rental policy's share, to the cent", async () => {
    const rental = await heldSixSeater({ start: addDays(today, 1) });
    const session = await checkout(rentalBookingStatusPath(rental.token));
    const { session: paid } = await payOnStandIn(session.id);
    await notify(await completedEvent(paid));
    const ctx = createExecutionContext();
    const cancelled = await answerPage(
      new Request(`${here}${rentalBookingStatusPath(rental.token)}`, {
        method: "POST",
        headers: { Origin: here, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "cancel" }),
      }),
      env,
      ctx,
    );
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain(
      `${rentalTerms.cancellation.lateRefundPercent}% of your deposit paid online is refunded`,
    );
    await waitOnExecutionContext(ctx);
    const [row] = await payments(rental.reference);
    const share = Math.round((row!.amount * rentalTerms.cancellation.lateRefundPercent) / 100);
    expect(row).toMatchObject({ state: "refunded", refund: share, reason: "renter-cancelled" });
    expect(await refundedThere(String(paid.payment_intent))).toEqual([share]);
  });

  it("has no stand-in with a real key, without the local secret, or for any host but this machine", async () => {
    const askStandIn = (origin: string, bindings: Env) =>
      api.fetch(
        new Request(`${origin}/payments/stand-in/v1/checkout/sessions/cs_test_x`, {
          headers: { Authorization: "Bearer sk_test_local_stand_in" },
        }),
        bindings,
        createExecutionContext(),
      );
    // On this machine it answers as Stripe does for an unknown session.
    expect((await askStandIn(here, env)).status).toBe(404);
    expect(await (await askStandIn(here, env)).json()).toMatchObject({ error: { code: "resource_missing" } });
    for (const [origin, bindings] of [
      [here, { ...env, STRIPE_SECRET_KEY: "sk_live_configured" }],
      [here, { ...env, PAYMENT_STAND_IN_SECRET: undefined }],
      ["https://dealer.example.com", env],
    ] as const) {
      const answer = await askStandIn(origin, bindings as Env);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: "Not found" });
    }
  });

  it("lists to staff, once a day at six, the deposits whose record here and Stripe's disagree", async () => {
    const cart = await reservation();
    const session = await checkout(reservationStatusPath(cart.token));
    const { session: paid } = await payOnStandIn(session.id);
    await notify(await completedEvent(paid));
    const agreeing = recordingMailer();
    const sixTwo = dealerTime(today, "06:02");
    await checkDepositsDaily(env, agreeing.mailer, sixTwo);
    expect(agreeing.sent).toEqual([]);
    // Our record loses the payment Stripe took (as a lost notice would leave it).
    await env.DB.prepare("UPDATE booking_payments SET state = 'open' WHERE reference = ?").bind(cart.reference).run();
    const atNoon = recordingMailer();
    await checkDepositsDaily(env, atNoon.mailer, dealerTime(today, "12:02"));
    expect(atNoon.sent).toEqual([]);
    const atSix = recordingMailer();
    await checkDepositsDaily(env, atSix.mailer, sixTwo);
    expect(atSix.sent).toHaveLength(1);
    const mail = await readEmail(atSix.sent[0]!);
    expect(mail.subject).toContain("1 where our record and Stripe's disagree");
    expect(mail.text).toContain(`${cart.reference}: here open; Stripe: session complete, paid`);
  });

  it("limits the checkouts one booking can open in an hour", async () => {
    const cart = await reservation();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await payFrom(reservationStatusPath(cart.token), { accept: "yes" })).status).toBe(303);
    }
    const sixth = await payFrom(reservationStatusPath(cart.token), { accept: "yes" });
    expect(sixth.status).toBe(429);
    expect(await payments(cart.reference)).toHaveLength(5);
  });
});
