import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { alertTerms, alertWords } from "~/config/alert-terms";
import { deliverAlertMail } from "~/features/alerts/alert-mail.server";
import { demandLines, demandView } from "~/features/alerts/alert-demand";
import { oneClickReady } from "~/features/alerts/alert-pages.server";
import { sendAlerts } from "~/features/alerts/alert-scan.server";
import { deleteEndedAlerts, placeAlert } from "~/features/alerts/alert-store.server";
import { noFilters } from "~/features/catalogue/filters";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { bookingWithReference, changeBookingStatus } from "~/features/bookings/capacity.server";
import { addDays } from "~/lib/calendar-days";
import { tokenHash } from "~/server/booking-keys.server";
import { clientKey } from "~/server/client-key.server";
import { database } from "~/server/db.server";
import { api } from "../../worker/api";
import worker from "../../worker/index";
import { bookingRequestsBy, rentalStart, resetBookingStore } from "./booking-requests";
import { freshClientIp, readEmail, recordingMailer } from "./contact-support";
import { answerPage } from "./registry-pages";
import { runSql } from "./run-sql";

/**
 * "Tell me when" alerts (issue 40): the API's answers, the limits held inside the INSERT, the
 * double opt-in through one confirmation e-mail, the cron step that e-mails each new match once and
 * at most once a day, and the one-click unsubscribe (RFC 8058).
 */
const origin = "https://dealer.test";

function postAlert(body: unknown, ip = freshClientIp()) {
  return api.fetch(
    new Request(`${origin}/alerts`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": ip },
      body: JSON.stringify(body),
    }),
    env,
  );
}

/** A page as the Worker's router serves it (tests/worker/registry-pages.ts). */
function page(path: string, init: RequestInit = {}) {
  return answerPage(new Request(`${origin}${path}`, init), env);
}

const pagePost = (path: string, body: string, headers: Record<string, string> = {}) =>
  page(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body });

const sixSeater = seedCatalogue.find((vehicle) => vehicle.specifications.seatingCapacity === 6 && vehicle.inStock)!;
const newSixSeater = (id: string): Vehicle => ({ ...sixSeater, id, name: `Six Seater ${id}`, images: [] });

async function alertRows(email: string) {
  const { results } = await env.DB.prepare("SELECT id, status, kind, subject_key FROM alerts WHERE email = ?")
    .bind(email)
    .all<{ id: string; status: string; kind: string; subject_key: string }>();
  return results;
}

async function unsentMail(purpose: "confirm" | "alert") {
  const { results } = await env.DB.prepare(
    "SELECT id FROM alert_mail WHERE purpose = ? AND sent_at IS NULL ORDER BY created_at",
  )
    .bind(purpose)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

/** Delivers every stored, unsent e-mail of a purpose and returns them as a mail client reads them. */
async function deliverAll(purpose: "confirm" | "alert") {
  const { mailer, sent } = recordingMailer();
  for (const id of await unsentMail(purpose)) expect(await deliverAlertMail(env, mailer, id)).toBe("sent");
  return Promise.all(sent.map(async (email) => ({ email, read: await readEmail(email) })));
}

const linkIn = (text: string, pattern: RegExp) => new URL(text.match(pattern)![0]).pathname;

/** Asks for an alert, delivers its confirmation and returns the confirm page's path. */
async function askAndGetConfirmLink(email: string, body: Record<string, unknown>) {
  expect((await postAlert({ email, ...body })).status).toBe(202);
  const [mail] = await deliverAll("confirm");
  expect(mail).toBeDefined();
  return linkIn(mail!.read.text!, /https:\/\/\S+\/alerts\/confirm\/[\w-]+/);
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM alerts"),
    env.DB.prepare("DELETE FROM alert_requests"),
    env.DB.prepare("DELETE FROM vehicles WHERE id LIKE 'alert-test-%'"),
  ]);
  await runSql(upsertVehiclesSql(seedCatalogue));
});

describe("POST /api/alerts", () => {
  it("refuses a malformed request with a 400 naming each field", async () => {
    const cases: [unknown, string][] = [
      [{ email: "not-an-address", search: {} }, "email"],
      [{ email: "ada@example.org", search: { seats: 5 } }, "search.seats"],
      [{ email: "ada@example.org", search: { colour: "red" } }, "search"],
      [{ email: "ada@example.org", vehicleId: sixSeater.id }, "on"],
      [{ email: "ada@example.org" }, "search"],
      [{ email: "ada@example.org", vehicleId: "no-such-cart", on: "price" }, "vehicleId"],
      [{ email: "ada@example.org\r\nBcc: x@example.org", search: {} }, "email"],
    ];
    for (const [body, field] of cases) {
      const response = await postAlert(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { fields: Record<string, string> };
      expect(Object.keys(answer.fields), JSON.stringify(body)).toContain(field);
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM alerts").first("n")).toBe(0);
  });

  it("answers 202 with the same body whether the address is new, known, over its limit or asking twice", async () => {
    const bodies: string[] = [];
    for (const seats of [6, 6, 4, 8, 2]) {
      const response = await postAlert({ email: "ada@example.org", search: { seats } });
      expect(response.status).toBe(202);
      bodies.push(await response.text());
    }
    expect(new Set(bodies).size).toBe(1);
    // The second "6 seats" changed nothing; past the first two unconfirmed, nothing is stored.
    const rows = await alertRows("ada@example.org");
    expect(rows.map((row) => row.subject_key).sort()).toEqual(["?seats=4", "?seats=6"]);
    expect(rows).toHaveLength(alertTerms.unconfirmedPerAddress);
  });

  it("holds the per-address limit against concurrent requests from many clients", async () => {
    const responses = await Promise.all(
      [2, 4, 6, 8, 2, 4, 6, 8, 2, 4].map((seats, index) =>
        postAlert({ email: "Ada.Lovelace+x@gmail.com", search: { seats, q: `r${index}` } }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(202));
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM alerts WHERE email_key = 'adalovelace@gmail.com'",
    ).all<{ n: number }>();
    expect(results[0]!.n).toBe(alertTerms.unconfirmedPerAddress);
    expect(await unsentMail("confirm")).toHaveLength(alertTerms.unconfirmedPerAddress);
  });

  it("holds the per-client and the hourly limits inside the INSERT, however many race", async () => {
    const request = (index: number, clientKey: string) =>
      placeAlert(database(env.DB), {
        email: `racer${index}@example.org`,
        emailKey: `racer${index}@example.org`,
        clientKey,
        subject: { kind: "search", filters: noFilters },
      });
    // One client's made-up addresses stop at its hourly limit (below its unconfirmed one).
    const outcomes = await Promise.all(Array.from({ length: 25 }, (_, index) => request(index, "192.0.2.1")));
    const stored = outcomes.filter((each) => each.outcome === "stored").length;
    expect(stored).toBe(Math.min(alertTerms.requestsPerClientPerHour, alertTerms.unconfirmedPerClient));
    expect(outcomes.filter((each) => each.outcome === "client-waiting")).toHaveLength(
      alertTerms.requestsPerClientPerHour - stored,
    );
    expect(outcomes.filter((each) => each.outcome === "client-limit")).toHaveLength(
      25 - alertTerms.requestsPerClientPerHour,
    );
    const rest = alertTerms.requestsPerHour - stored;
    const many = await Promise.all(
      Array.from({ length: rest + 15 }, (_, index) => request(100 + index, `client-${index}`)),
    );
    expect(many.filter((each) => each.outcome === "stored")).toHaveLength(rest);
    expect(many.filter((each) => each.outcome === "hourly-cap")).toHaveLength(15);
  });

  it("stores tokens only as hashes and sends one confirmation e-mail, erasing its link once sent", async () => {
    expect((await postAlert({ email: "ada@example.org", search: { seats: 6 } })).status).toBe(202);
    const [mail, second] = await deliverAll("confirm");
    expect(second).toBeUndefined();
    expect(mail!.read.to?.[0]?.address).toBe("ada@example.org");
    expect(mail!.read.text).toContain("6 seats");
    expect(mail!.read.text).toContain(`${alertTerms.unconfirmedDays} days`);
    const token = linkIn(mail!.read.text!, /https:\/\/\S+\/alerts\/confirm\/[\w-]+/)
      .split("/")
      .pop()!;
    const stored = await env.DB.prepare("SELECT hash FROM alert_tokens").all<{ hash: string }>();
    expect(stored.results.map((row) => row.hash)).toEqual([await tokenHash(token)]);
    const everything = JSON.stringify(await env.DB.prepare("SELECT * FROM alert_mail").all());
    expect(everything).not.toContain(token);
    // A second delivery of the same queue message sends nothing.
    const { mailer, sent } = recordingMailer();
    for (const id of (await env.DB.prepare("SELECT id FROM alert_mail").all<{ id: string }>()).results) {
      expect(await deliverAlertMail(env, mailer, id.id)).toBe("not-owed");
    }
    expect(sent).toHaveLength(0);
  });
});

describe("confirming", () => {
  it("shows a button on GET without confirming, confirms on POST, and only once", async () => {
    const confirm = await askAndGetConfirmLink("ada@example.org", { search: { seats: 6 } });
    const shown = await page(confirm);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(alertWords.confirmButton);
    expect((await alertRows("ada@example.org"))[0]!.status).toBe("unconfirmed");
    const first = await pagePost(confirm, "");
    expect(await first.text()).toContain(alertWords.confirmed.slice(0, 30));
    expect((await alertRows("ada@example.org"))[0]!.status).toBe("confirmed");
    const again = await pagePost(confirm, "");
    expect(await again.text()).toContain(alertWords.confirmGone.slice(0, 30));
  });

  it("deletes requests left unconfirmed past their period, and confirmed ones at their end", async () => {
    const confirm = await askAndGetConfirmLink("ada@example.org", { search: { seats: 6 } });
    await postAlert({ email: "bob@example.org", search: { seats: 4 } });
    await env.DB.prepare(
      `UPDATE alerts SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${alertTerms.unconfirmedDays} days', '-1 minute') WHERE email = 'bob@example.org'`,
    ).run();
    expect(await deleteEndedAlerts(database(env.DB))).toBe(1);
    expect(await alertRows("bob@example.org")).toHaveLength(0);
    await pagePost(confirm, "");
    expect(await deleteEndedAlerts(database(env.DB))).toBe(0);
    await env.DB.prepare(`UPDATE alerts SET ends_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 second')`).run();
    expect(await deleteEndedAlerts(database(env.DB))).toBe(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM alert_tokens").first("n")).toBe(0);
  });

  it("keeps a waiting-list request through its first day on the dealer's calendar, not UTC's", async () => {
    const start = "2027-07-03";
    await postAlert({ email: "ada@example.org", rental: { plan: "six-seater", start: rentalStart, days: 2 } });
    // Moved to a fixed day, for a fixed clock: a quarter to midnight on it in the dealer's town is
    // already the 4th in UTC.
    await env.DB.prepare("UPDATE alerts SET subject = json_set(subject, '$.start', ?) WHERE email = 'ada@example.org'")
      .bind(start)
      .run();
    const lateOnTheDay = new Date(`${start}T23:45:00-04:00`);
    expect(await deleteEndedAlerts(database(env.DB), lateOnTheDay)).toBe(0);
    expect(await deleteEndedAlerts(database(env.DB), new Date(`2027-07-04T00:15:00-04:00`))).toBe(1);
  });
});

describe("the cron step", () => {
  it("e-mails a new matching cart exactly once, at most one e-mail a day, with one-click unsubscribe", async () => {
    const confirm = await askAndGetConfirmLink("ada@example.org", { search: { seats: 6 } });
    await pagePost(confirm, "");
    // What matched before confirming is never sent.
    expect(await sendAlerts(env)).toBe(0);
    await runSql(upsertVehiclesSql([newSixSeater("alert-test-one")]));
    // Overlapping cron runs make one e-mail between them.
    expect((await Promise.all([sendAlerts(env), sendAlerts(env), sendAlerts(env)])).reduce((a, b) => a + b)).toBe(1);
    const [mail, extra] = await deliverAll("alert");
    expect(extra).toBeUndefined();
    expect(mail!.read.subject).toContain("Six Seater alert-test-one");
    expect(mail!.read.text).toContain("/vehicles/alert-test-one");
    expect(mail!.read.text).toContain("matches your search: 6 seats");
    expect(mail!.read.html).toContain('href="https://www.example.com/vehicles/alert-test-one"');
    const header = (name: string) => mail!.read.headers.find((each) => each.key === name)?.value;
    const unsubscribe = header("list-unsubscribe")!;
    expect(unsubscribe).toMatch(/^<https:\/\/[^>]+\/alerts\/manage\/[\w-]+>$/);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.read.text).toContain(new URL(unsubscribe.slice(1, -1)).toString());
    // A second import (the same file) sends nothing; another new cart waits for tomorrow.
    await runSql(upsertVehiclesSql([newSixSeater("alert-test-one")]));
    expect(await sendAlerts(env)).toBe(0);
    await runSql(upsertVehiclesSql([newSixSeater("alert-test-two")]));
    expect(await sendAlerts(env)).toBe(0);
    await env.DB.prepare(
      `UPDATE alerts SET last_mailed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${alertTerms.hoursBetweenEmails} hours', '-1 second')`,
    ).run();
    expect(await sendAlerts(env)).toBe(1);
    const [next] = await deliverAll("alert");
    expect(next!.read.text).toContain("alert-test-two");
    expect(next!.read.text).not.toContain("alert-test-one");

    // The GET shows a button and ends nothing; the one-click POST (from a mail provider: no Origin) ends it.
    const manage = new URL(unsubscribe.slice(1, -1)).pathname;
    expect(await (await page(manage)).text()).toContain(alertWords.unsubscribeButton);
    expect(await alertRows("ada@example.org")).toHaveLength(1);
    const oneClick = await pagePost(manage, "List-Unsubscribe=One-Click");
    expect(oneClick.status).toBe(200);
    expect(await alertRows("ada@example.org")).toHaveLength(0);
    await runSql(upsertVehiclesSql([newSixSeater("alert-test-three")]));
    expect(await sendAlerts(env)).toBe(0);
  });

  it("tells a price alert of a drop, with the old and the new price", async () => {
    const confirm = await askAndGetConfirmLink("ada@example.org", { vehicleId: sixSeater.id, on: "price" });
    await pagePost(confirm, "");
    expect(await sendAlerts(env)).toBe(0);
    await runSql(upsertVehiclesSql([{ ...sixSeater, price: sixSeater.price + 500 }]));
    expect(await sendAlerts(env)).toBe(0);
    await runSql(upsertVehiclesSql([{ ...sixSeater, price: sixSeater.price - 1000 }]));
    expect(await sendAlerts(env)).toBe(1);
    const [mail] = await deliverAll("alert");
    expect(mail!.read.text).toMatch(/Price dropped from \$[\d,.]+ to \$[\d,.]+\./);
  });

  it("renews an alert from its e-mail's page", async () => {
    const confirm = await askAndGetConfirmLink("ada@example.org", { search: { seats: 6 } });
    await pagePost(confirm, "");
    await runSql(upsertVehiclesSql([newSixSeater("alert-test-renew")]));
    await sendAlerts(env);
    const [mail] = await deliverAll("alert");
    const manage = linkIn(mail!.read.text!, /https:\/\/\S+\/alerts\/manage\/[\w-]+/);
    await env.DB.prepare(`UPDATE alerts SET ends_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day')`).run();
    expect(await (await pagePost(manage, "intent=renew")).text()).toContain(alertWords.renewed.slice(0, 20));
    const endsAt = await env.DB.prepare("SELECT ends_at FROM alerts").first<string>("ends_at");
    expect(Date.parse(endsAt!)).toBeGreaterThan(Date.now() + 150 * 86_400_000);
  });
});

describe("the plain forms (no JavaScript)", () => {
  it("offers the search's alert on the inventory page, a search with no results included", async () => {
    for (const query of ["?seats=6", "?seats=8&q=nothing-matches-this"]) {
      const html = await (await page(`/inventory${query}`)).text();
      const form = html.match(/<form[^>]*action="\/alerts"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? "";
      expect(form, query).toContain(alertWords.searchButton);
      expect(form).toContain('name="kind" value="search"');
      for (const [name, value] of new URLSearchParams(query)) expect(form).toContain(`name="${name}" value="${value}"`);
    }
  });

  it("offers a price alert on a vehicle's page, and its return only when it cannot be reserved", async () => {
    const html = await (await page(`/vehicles/${sixSeater.id}`)).text();
    expect(html).toContain(alertWords.priceButton);
    expect(html).not.toContain(alertWords.backButton);
    await runSql(upsertVehiclesSql([{ ...sixSeater, inStock: false, unitsInStock: 0 }]));
    const soldOut = await (await page(`/vehicles/${sixSeater.id}`)).text();
    expect(soldOut).toContain(alertWords.backButton);
    expect(soldOut).toContain(`name="vehicleId" value="${sixSeater.id}"`);
  });

  it("takes the form's post at /alerts: the same thanks for any address, the form again naming a wrong field", async () => {
    const post = (body: string) => pagePost("/alerts", body, { Origin: origin, "CF-Connecting-IP": freshClientIp() });
    const thanks = await post("kind=search&seats=6&email=ada%40example.org");
    expect(thanks.status).toBe(200);
    expect(await thanks.text()).toContain(alertWords.accepted.slice(0, 40));
    expect((await alertRows("ada@example.org")).map((row) => row.subject_key)).toEqual(["?seats=6"]);
    const again = await post("kind=search&seats=6&email=ada%40example.org");
    expect(await again.text()).toContain(alertWords.accepted.slice(0, 40));
    const wrong = await post("kind=price&vehicleId=" + sixSeater.id + "&email=not-an-address");
    expect(wrong.status).toBe(400);
    const text = await wrong.text();
    expect(text).toContain("Please enter a valid e-mail address");
    expect(text).toContain(`name="vehicleId" value="${sixSeater.id}"`);
    expect(text).toContain('value="not-an-address"');
    // A GET of the page changes nothing.
    expect((await page("/alerts?kind=search&seats=4")).status).toBe(200);
    expect(await alertRows("ada@example.org")).toHaveLength(1);
  });
});

describe("with Turnstile set", () => {
  it("answers the plain form without a token with the form again, now carrying the widget, and stores nothing", async () => {
    const withKeys = { ...env, TURNSTILE_SITE_KEY: "test-site-key", TURNSTILE_SECRET: "test-secret" } as unknown as Env;
    const answer = await answerPage(
      new Request(`${origin}/alerts`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin,
          "CF-Connecting-IP": freshClientIp(),
        },
        body: "kind=search&seats=6&email=ada%40example.org",
      }),
      withKeys,
    );
    expect(answer.status).toBe(403);
    const html = await answer.text();
    expect(html).toContain('data-sitekey="test-site-key"');
    expect(html).toContain('name="seats" value="6"');
    expect(html).toContain('value="ada@example.org"');
    expect(await alertRows("ada@example.org")).toHaveLength(0);
  });
});

describe("the rental waiting list", () => {
  const trip = { plan: "six-seater", start: rentalStart, days: 3 };

  it("offers the waiting list on the booking page for a trip with a full day, and tells the waiting list when it frees up, oldest first", async () => {
    await resetBookingStore();
    await env.DB.prepare("UPDATE booking_pools SET capacity = 1 WHERE pool = 'six-seater'").run();
    const booked = await bookingRequestsBy({
      firstName: "Cy",
      lastName: "Renter",
      email: "cy@example.org",
      phone: "570-555-0101",
    }).rental();
    expect(booked.status).toBe(201);
    const { reference } = (await booked.json()) as { reference: string };

    const bookingPage = await (await page(`/rentals/book?plan=six-seater&start=${rentalStart}&days=3`)).text();
    const waitingLink = `/alerts?kind=rental&amp;plan=six-seater&amp;start=${rentalStart}&amp;days=3`;
    expect(bookingPage).toContain(`href="${waitingLink}">${alertWords.rentalButton}</a>`);
    const waitingForm = await (await page(waitingLink.replace(/&amp;/g, "&"))).text();
    for (const [name, value] of Object.entries({ kind: "rental", plan: "six-seater", start: rentalStart, days: "3" })) {
      expect(waitingForm).toContain(`name="${name}" value="${value}"`);
    }
    expect(waitingForm).toContain(alertWords.rentalButton);

    const first = await askAndGetConfirmLink("first@example.org", { rental: trip });
    const second = await askAndGetConfirmLink("second@example.org", { rental: trip });
    await pagePost(first, "");
    await pagePost(second, "");
    expect(await sendAlerts(env)).toBe(0);

    const declined = await changeBookingStatus(
      database(env.DB),
      bookingWithReference(reference),
      "decline",
      "terminal",
    );
    expect(declined.changed).toBe(true);
    expect(await sendAlerts(env)).toBe(2);
    expect(await sendAlerts(env)).toBe(0);
    const mails = await deliverAll("alert");
    expect(mails.map((mail) => mail.read.to?.[0]?.address)).toEqual(["first@example.org", "second@example.org"]);
    expect(mails[0]!.read.text).toContain(`/rentals/book?plan=six-seater&start=${rentalStart}&days=3`);
    expect(mails[0]!.read.text).toContain("first request");
  });

  it("refuses a waiting-list request for a day outside the booking window, naming the field", async () => {
    const response = await postAlert({ email: "ada@example.org", rental: { ...trip, start: "2020-01-01" } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toHaveProperty(["rental.start"]);
    const wrongPlan = await postAlert({ email: "ada@example.org", rental: { ...trip, plan: "limousine" } });
    expect(((await wrongPlan.json()) as { fields: Record<string, string> }).fields).toHaveProperty(["rental.plan"]);
  });
});

describe("demand for staff", () => {
  it("counts the people waiting per search and per rental day on the staff day view, never naming them", async () => {
    const confirmed = async (email: string, body: Record<string, unknown>) =>
      pagePost(await askAndGetConfirmLink(email, body), "");
    await confirmed("ada@example.org", { search: { seats: 6 } });
    await confirmed("bob@example.org", { search: { seats: 6 } });
    await confirmed("cy@example.org", { rental: { plan: "six-seater", start: rentalStart, days: 2 } });
    // An unconfirmed request is no demand yet.
    await postAlert({ email: "dee@example.org", search: { seats: 6 } });
    const staffEnv = { ...env, STAFF_LOCAL_IDENTITY: "ana@dealer.example" } as unknown as Env;
    const html = await (await answerPage(new Request("http://localhost:8787/staff"), staffEnv)).text();
    const section = html.slice(html.indexOf('id="staff-alert-demand"'));
    expect(section).toMatch(/<strong>2<\/strong> (<!-- -->)?Search: 6 seats/);
    expect(section).toMatch(new RegExp(`<strong>1</strong> (<!-- -->)?${rentalStart}`));
    expect(section).toMatch(new RegExp(`<strong>1</strong> (<!-- -->)?${addDays(rentalStart, 1)}`));
    for (const email of ["ada@example.org", "bob@example.org", "cy@example.org"]) expect(html).not.toContain(email);
  });
});

describe("the queue consumer", () => {
  it("sends alert e-mails that share the contact queue, and passes the contact messages on", async () => {
    expect((await postAlert({ email: "ada@example.org", search: { seats: 6 } })).status).toBe(202);
    const [mailId] = await unsentMail("confirm");
    const acked: string[] = [];
    const message = (id: string, body: unknown) =>
      ({
        id,
        timestamp: new Date(),
        body,
        attempts: 1,
        ack: () => acked.push(id),
        retry: () => {
          throw new Error(`${id} retried`);
        },
      }) as unknown as Message<never>;
    const batch = {
      queue: "contact-messages",
      metadata: {},
      messages: [message("alert", { alertMailId: mailId }), message("contact", { messageId: "no-such-message" })],
      ackAll: () => {},
      retryAll: () => {},
    } as unknown as MessageBatch<never>;
    await worker.queue!(batch, env);
    expect(acked.sort()).toEqual(["alert", "contact"]);
    expect(
      await env.DB.prepare("SELECT sent_at FROM alert_mail WHERE id = ?").bind(mailId).first("sent_at"),
    ).not.toBeNull();
  });
});

describe("the security review's findings (issue 47)", () => {
  const storedKeys = async () =>
    (
      await env.DB.prepare("SELECT email, email_key FROM alerts ORDER BY created_at").all<{
        email: string;
        email_key: string;
      }>()
    ).results;
  const clientKeyOf = (ip: string) => clientKey(new Request(origin, { headers: { "CF-Connecting-IP": ip } }));

  it("counts one inbox written with a plus-tag on any domain, or a trailing dot, as one address", async () => {
    for (const [index, email] of ["jane+1@example.org", "jane+2@example.org", "Jane+3@Example.org."].entries()) {
      expect((await postAlert({ email, search: { seats: [2, 4, 6][index] } })).status).toBe(202);
    }
    for (const [index, email] of ["x@gmail.com.", "x@gmail.com", "x+2@gmail.com"].entries()) {
      expect((await postAlert({ email, search: { seats: [2, 4, 6][index] } })).status).toBe(202);
    }
    const rows = await storedKeys();
    expect(rows.map((row) => row.email_key)).toEqual([
      "jane@example.org",
      "jane@example.org",
      "x@gmail.com",
      "x@gmail.com",
    ]);
    // The mail goes where it was asked to, as typed.
    expect(rows.map((row) => row.email)).toEqual([
      "jane+1@example.org",
      "jane+2@example.org",
      "x@gmail.com.",
      "x@gmail.com",
    ]);
  });

  it("describes the search in the confirmation in the site's own words, never quoting what was typed", async () => {
    const typed = "ACCOUNT LOCKED: call 1-888-555-0100 visit evil.example";
    const brand = seedCatalogue[0]!.brand;
    for (const search of [
      { q: typed, seats: 6, price: "15000-25000" },
      { brand: "Call 1-888-555-0100 now", seats: 4 },
      { brand: brand.toLowerCase(), seats: 2 },
    ]) {
      expect((await postAlert({ email: `reader${search.seats}@example.org`, search })).status).toBe(202);
    }
    const mails = await deliverAll("confirm");
    expect(mails).toHaveLength(3);
    const text = (address: string) => mails.find((mail) => mail.read.to?.[0]?.address === address)!.read.text!;
    for (const mail of mails) {
      for (const part of [mail.read.text!, String(mail.read.html), mail.read.subject!]) {
        expect(part).not.toContain("ACCOUNT");
        expect(part).not.toContain("evil.example");
        expect(part).not.toContain("1-888");
      }
    }
    expect(text("reader6@example.org")).toContain("6 seats");
    expect(text("reader6@example.org")).toContain("$15,000 - $25,000");
    expect(text("reader4@example.org")).toContain("4 seats");
    // A brand from the catalogue is named as the catalogue spells it.
    expect(text("reader2@example.org")).toContain(brand);
  });

  it("refuses a client's made-up addresses past its unconfirmed limit, across addresses", async () => {
    const ask = (email: string, key: string) =>
      placeAlert(database(env.DB), {
        email,
        emailKey: email,
        clientKey: key,
        subject: { kind: "search", filters: noFilters },
      });
    const outcomes: string[] = [];
    for (let index = 0; index < alertTerms.unconfirmedPerClient + 2; index += 1) {
      // Made over more than an hour: the hourly limit is lower than the unconfirmed one.
      await env.DB.prepare(
        "UPDATE alert_requests SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-3601 seconds')",
      ).run();
      outcomes.push((await ask(`made-up-${index}@example.org`, "2001:db8:4747:2::/64")).outcome);
    }
    expect(outcomes).toEqual([
      ...Array(alertTerms.unconfirmedPerClient).fill("stored"),
      "client-waiting",
      "client-waiting",
    ]);
    // Told over the API as a 429; another client, a real visitor, still gets through.
    const ip = freshClientIp();
    for (let index = 0; index < alertTerms.unconfirmedPerClient; index += 1) {
      await env.DB.prepare(
        "UPDATE alert_requests SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-3601 seconds')",
      ).run();
      await ask(`made-up-${index}@example.net`, clientKeyOf(ip));
    }
    const refused = await postAlert({ email: "one-more@example.org", search: { seats: 6 } }, ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(alertWords.tooManyWaitingFromClient);
    expect((await postAlert({ email: "real@example.org", search: { seats: 6 } })).status).toBe(202);
  });

  it("counts a repeated request in the client's hourly limit, so the 429 comes at the same request either way", async () => {
    const whereRefused = async (email: string) => {
      const statuses: number[] = [];
      // The same cart's price, over and over, from one /64 (the rate limiter's own minute aside).
      for (let index = 0; index < alertTerms.requestsPerClientPerHour + 1; index += 1) {
        const placed = await placeAlert(database(env.DB), {
          email,
          emailKey: email,
          clientKey: "2001:db8:4747:1::/64",
          subject: { kind: "price", vehicleId: sixSeater.id },
        });
        statuses.push(placed.outcome === "client-limit" ? 429 : 202);
      }
      await env.DB.prepare("DELETE FROM alert_requests").run();
      return statuses.indexOf(429);
    };
    const fresh = await whereRefused("ada@example.org");
    expect(fresh).toBe(alertTerms.requestsPerClientPerHour);
    // An address that already watches the cart is refused at the very same request.
    await placeAlert(database(env.DB), {
      email: "bob@example.org",
      emailKey: "bob@example.org",
      clientKey: "198.51.100.47",
      subject: { kind: "price", vehicleId: sixSeater.id },
    });
    expect(await whereRefused("bob@example.org")).toBe(fresh);
  });

  it("strips control characters from the search at intake, and the staff command shows any stored ones", async () => {
    const escape = "\u001b]0;PWNED\u0007\u001b[2J";
    const response = await postAlert({ email: "ada@example.org", search: { q: `cart${escape}`, brand: `X${escape}` } });
    expect(response.status).toBe(202);
    const { results } = await env.DB.prepare("SELECT subject FROM alerts").all<{ subject: string }>();
    const stored = JSON.parse(results[0]!.subject) as { search: string; brand: string };
    expect(stored.search).toBe("cart]0;PWNED[2J");
    expect(stored.brand).toBe("X]0;PWNED[2J");
    // A row stored before intake removed them prints with each control made visible.
    const lines = demandLines(
      demandView([
        {
          kind: "search",
          subject_key: "?q=x",
          subject: JSON.stringify({ ...noFilters, search: `x${escape}` }),
          waiting: 1,
          since: "2025-01-01T00:00:00.000Z",
        },
      ]),
    ).join("\n");
    expect(lines).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(lines).toContain("\\u001b]0;PWNED\\u0007");
  });

  it("takes a one-click unsubscribe that carries another site's Origin, authorised by its token", async () => {
    await pagePost(await askAndGetConfirmLink("ada@example.org", { search: { seats: 6 } }), "");
    await runSql(upsertVehiclesSql([newSixSeater("alert-test-origin")]));
    expect(await sendAlerts(env)).toBe(1);
    const [mail] = await deliverAll("alert");
    const manage = linkIn(mail!.read.text!, /https:\/\/\S+\/alerts\/manage\/[\w-]+/);
    // As a mail provider's POST arrives, through the step the Worker takes before the pages.
    const oneClick = await answerPage(
      oneClickReady(
        new Request(`${origin}${manage}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.provider.example" },
          body: "List-Unsubscribe=One-Click",
        }),
      ),
      env,
    );
    expect(oneClick.status).toBe(200);
    expect(await alertRows("ada@example.org")).toHaveLength(0);
  });
});
