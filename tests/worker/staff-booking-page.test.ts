import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { staffBookingPath } from "~/config/pages";
import { rentalBookingStatusPath } from "~/features/rentals/rental-paths";
import { addDays, localMoment } from "~/lib/calendar-days";
import { anotherCustomer } from "./people";
import { heldSixSeater } from "./rental-fixtures";
import { answerPage } from "./registry-pages";

/**
 * A booking's staff page through the Worker's Access gate and the page's own loader and action (the
 * engine's UPDATE),
 * as a staff member's phone asks for it: what it shows, the answers it gives and refuses, and a
 * staff answer racing the customer's own cancel.
 */
const today = localMoment(new Date(), site.timeZone).day;
const start = addDays(today, 40);
const here = "http://localhost:8787";
const staffMember = "ana@dealer.example";
/** The Worker's bindings as `npm start` gives them: this machine let in as a staff member. */
const staffEnv = { ...env, STAFF_LOCAL_IDENTITY: staffMember } as unknown as Env;

const placed = (customer = anotherCustomer()) => heldSixSeater({ start, customer });

const ask = (path: string, init: RequestInit = {}, bindings: Env = staffEnv): Promise<Response> =>
  answerPage(new Request(`${here}${path}`, init), bindings);

/** A tap on one of the page's buttons: a form post from the page itself. */
const tap = (reference: string, decision: string, origin = here) =>
  ask(staffBookingPath(reference), {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ decision }),
  });

const row = (reference: string) =>
  env.DB.prepare("SELECT status, decided_by AS decidedBy FROM bookings WHERE reference = ?")
    .bind(reference)
    .first<{ status: string; decidedBy: string | null }>();

const changes = async (reference: string) =>
  (
    await env.DB.prepare("SELECT status, changed_by AS changedBy FROM booking_changes WHERE reference = ? ORDER BY id")
      .bind(reference)
      .all<{ status: string; changedBy: string }>()
  ).results;

const customerNotices = async (reference: string) =>
  (
    await env.DB.prepare(
      "SELECT booking_event AS event, enqueued_at IS NOT NULL AS enqueued FROM contact_messages WHERE booking_reference = ? AND booking_event != 'placed' ORDER BY created_at",
    )
      .bind(reference)
      .all<{ event: string; enqueued: number }>()
  ).results;

/** The page's text without markup, as a screen reader or a test reads it. */
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bookings"),
    env.DB.prepare("DELETE FROM booking_changes"),
    env.DB.prepare("DELETE FROM contact_messages"),
    env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity) VALUES ('six-seater', 'rental', 40) ON CONFLICT (pool) DO UPDATE SET capacity = 40",
    ),
  ]);
});

describe("a booking's staff page", () => {
  it("shows what it is, who to call (a tap-to-call link), the price, the time left, and its answers", async () => {
    const customer = { ...anotherCustomer(), phone: "(570) 555-0142" };
    const { reference } = await placed(customer);
    const response = await ask(staffBookingPath(reference.toLowerCase()));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await response.clone().text();
    const text = await textOf(response);
    expect(text).toContain(`Rental booking ${reference}`);
    expect(text).toContain("Status: requested");
    expect(text).toMatch(/4[67] h \d+ min left/);
    expect(text).toContain(`${customer.firstName} ${customer.lastName}`);
    expect(html).toContain('href="tel:+15705550142"');
    expect(html).toContain(`href="mailto:${customer.email}"`);
    expect(text).toContain("6 Seater, 3 days (3 Day rate) $735.00");
    // The price as the renter saw it, Pennsylvania's sales tax on its line (issue 39); a golf cart's
    // rental carries no PTA fee or rental tax (issue 47).
    expect(text).toContain("Pennsylvania sales tax (6%) $44.10");
    expect(text).not.toContain("Public Transportation Assistance fee");
    expect(text).toContain("Total $779.10");
    expect(text).toContain("Placed on the website");
    for (const button of ["Confirm", "Decline", "Cancel"]) {
      expect(html).toMatch(new RegExp(`<button[^>]*value="${button.toLowerCase()}"[^>]*>${button}</button>`));
    }
    // Sold is a cart reservation's answer only.
    expect(html).not.toContain('value="sold"');
    // A plain document: staff pages ship no JavaScript.
    expect(html).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);
  });

  it("confirms on a tap, records who, and puts the customer's e-mail on the queue at once", async () => {
    const { reference } = await placed();
    const response = await tap(reference, "confirm");
    expect(response.status).toBe(200);
    const text = await textOf(response);
    expect(text).toContain(`Confirmed: ${reference} (Rental booking:`);
    expect(text).toContain("The customer's booking page now says confirmed.");
    expect(text).toContain("Status: confirmed");
    expect(text).toContain(`Confirmed by ${staffMember}`);
    expect(await row(reference)).toEqual({ status: "confirmed", decidedBy: staffMember });
    expect(await changes(reference)).toEqual([{ status: "confirmed", changedBy: staffMember }]);
    // Not left for the cron job's next sweep.
    expect(await customerNotices(reference)).toEqual([{ event: "confirmed", enqueued: 1 }]);
  });

  it("refuses a second tap by name and changes nothing twice: one change, one e-mail", async () => {
    const { reference } = await placed();
    const taps = await Promise.all([tap(reference, "confirm"), tap(reference, "confirm")]);
    expect(taps.map((response) => response.status).sort()).toEqual([200, 409]);
    const refused = taps.find((response) => response.status === 409)!;
    expect(await textOf(refused)).toContain(`${reference} is already confirmed; nothing was changed.`);
    expect(await changes(reference)).toHaveLength(1);
    expect(await customerNotices(reference)).toHaveLength(1);
  });

  it("gives the command's refusals: a declined booking cannot be confirmed, a confirmed one is cancelled, not declined", async () => {
    const first = await placed();
    expect((await tap(first.reference, "decline")).status).toBe(200);
    const confirmDeclined = await tap(first.reference, "confirm");
    expect(confirmDeclined.status).toBe(409);
    expect(await textOf(confirmDeclined)).toContain(
      `${first.reference} is declined, so it cannot be confirmed; nothing was changed.`,
    );

    const second = await placed();
    expect((await tap(second.reference, "confirm")).status).toBe(200);
    const declineConfirmed = await tap(second.reference, "decline");
    expect(declineConfirmed.status).toBe(409);
    expect(await textOf(declineConfirmed)).toContain(
      "To release a confirmed booking's place, cancel it: tap Cancel below.",
    );
    const sold = await tap(second.reference, "sold");
    expect(sold.status).toBe(409);
    expect(await textOf(sold)).toContain("only a cart reservation can be marked sold");
    expect((await row(second.reference))?.status).toBe("confirmed");
  });

  it("refuses a post from another site, an unknown answer, and a GET changes nothing", async () => {
    const { reference } = await placed();
    const crossSite = await tap(reference, "confirm", "https://evil.example");
    expect(crossSite.status).toBe(403);
    const unknown = await tap(reference, "approve");
    expect(unknown.status).toBe(400);
    expect(await textOf(unknown)).toContain("decision: choose one of confirm, decline, cancel, sold");
    // Mail scanners and link previews open every link in an e-mail.
    await ask(`${staffBookingPath(reference)}?decision=confirm`);
    await ask(`${staffBookingPath(reference)}.data?decision=confirm`);
    expect(await row(reference)).toEqual({ status: "requested", decidedBy: null });
  });

  it("answers a post that is not a form with a 415, changing nothing (issue 47)", async () => {
    const { reference } = await placed();
    const plain = await ask(staffBookingPath(reference), {
      method: "POST",
      headers: { Origin: here, "Content-Type": "text/plain" },
      body: "decision=confirm",
    });
    expect(plain.status).toBe(415);
    expect(await row(reference)).toEqual({ status: "requested", decidedBy: null });
  });

  it("answers an unknown reference with the not-found page", async () => {
    const response = await ask(staffBookingPath("R-NOSUCH"));
    expect(response.status).toBe(404);
  });

  it("is refused without a verified Access sign-in, showing no booking data", async () => {
    const customer = anotherCustomer();
    const { reference } = await placed(customer);
    for (const response of [
      await ask(staffBookingPath(reference), {}, env as unknown as Env),
      await tap(reference, "confirm").then(() => ask(staffBookingPath(reference), {}, env as unknown as Env)),
    ]) {
      expect(response.status).toBe(403);
      const text = await response.text();
      expect(text).not.toContain(customer.email);
      expect(text).not.toContain(reference);
    }
  });
});

describe("a staff answer racing the customer's own cancel", () => {
  it("ends in one consistent state: the answers, the status, the history and the e-mails agree", async () => {
    const races = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { reference, token } = await placed();
        const [staff, customer] = await Promise.all([
          tap(reference, "confirm"),
          ask(rentalBookingStatusPath(token), {
            method: "POST",
            headers: { Origin: here, "Content-Type": "application/x-www-form-urlencoded" },
            body: "",
          }),
        ]);
        return { reference, staff: staff.status, customer: customer.status };
      }),
    );
    for (const race of races) {
      const history = (await changes(race.reference)).map((change) => change.status);
      const notices = (await customerNotices(race.reference)).map((notice) => notice.event);
      // The customer may cancel a confirmed booking, so their cancel always stands.
      expect(race.customer, race.reference).toBe(200);
      expect((await row(race.reference))?.status).toBe("cancelled");
      if (race.staff === 200) expect(history).toEqual(["confirmed", "cancelled"]);
      else {
        expect(race.staff).toBe(409);
        expect(history).toEqual(["cancelled"]);
      }
      // Exactly one e-mail per change that happened, none for one that did not.
      expect(notices).toEqual(history);
    }
  });
});
