import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { bookingKindNames, type BookingKind } from "~/config/booking-kinds";
import { site } from "~/config/site";
import { visitorLimits } from "~/config/visitor-limits";
import {
  bookingWithReference,
  changeBookingStatus,
  placeBooking,
  type BookingInput,
} from "~/features/bookings/capacity.server";
import { limitMessages } from "~/features/bookings/booking-intake.server";
import { deliverContactMessage } from "~/features/mail/mail-delivery.server";
import { storeContactMessage } from "~/features/mail/outbox.server";
import { addDays, localMoment } from "~/lib/calendar-days";
import { database } from "~/server/db.server";
import { api } from "../../worker/api";
import { readEmail, recordingMailer } from "./contact-support";
import { anotherCustomer } from "./people";
import { runSql } from "./run-sql";

/**
 * The limits that keep one visitor, or a bot, from draining the calendar or mailing a stranger
 * (issue 36): a person's waiting requests per kind, every visitor's requests per kind and hour, the
 * robot check on booking requests, and the customer e-mails one address receives per hour.
 */
const origin = "https://dealer.test";
const db = () => database(env.DB);
const today = localMoment(new Date(), site.timeZone).day;

function post(path: string, body: unknown, clientIp: string, settings: Env = env) {
  return api.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": clientIp },
      body: JSON.stringify(body),
    }),
    settings,
  );
}

// Addresses no other test file sends from (3fff::/20 is IPv6's documentation prefix), each in a
// /48 of its own, so the per-client rate limit and the per-network limits start empty for each.
let clients = 0;
const clientIps = (count: number) =>
  Array.from({ length: count }, () => {
    clients += 1;
    return `3fff:36:${clients.toString(16)}::1`;
  });

const waiting = async (kind: BookingKind) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE kind = ? AND status = 'requested'")
    .bind(kind)
    .first<{ n: number }>())!.n;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM bookings").run();
  await env.DB.prepare("DELETE FROM contact_messages").run();
  await env.DB.prepare("DELETE FROM hourly_cap_notices").run();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("one person's requests waiting for staff", () => {
  it("holds at most 2 carts for one address and phone, however many client addresses race for every cart", async () => {
    await runSql(upsertVehiclesSql(seedCatalogue));
    const inStock = seedCatalogue.filter((vehicle) => vehicle.inStock).map((vehicle) => vehicle.id);
    expect(inStock.length).toBeGreaterThan(10);
    // The attack as it was tried: 50 reservations from 10 client addresses, one inbox written
    // several ways (Gmail ignores dots, case and plus-tags) and one phone written several ways.
    const spellings = ["ada.lovelace@gmail.com", "AdaLovelace@Gmail.com", "a.d.a.lovelace+carts@googlemail.com"];
    const phones = ["570-555-0123", "(570) 555-0123", "+1 570.555.0123"];
    const ips = clientIps(10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post(
          `/vehicles/${inStock[index % inStock.length]}/reservations`,
          {
            firstName: "Ada",
            lastName: "Lovelace",
            email: spellings[index % spellings.length],
            phone: phones[index % phones.length],
            delivery: { type: "pickup" },
          },
          ips[index % ips.length]!,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(visitorLimits.waitingRequestsPerPerson);
    expect(statuses.filter((status) => status === 409)).toHaveLength(50 - visitorLimits.waitingRequestsPerPerson);
    const refused = answers.find((answer) => answer.status === 409)!;
    const { error } = (await refused.json()) as { error: string };
    expect(error).toBe(
      `You already have 2 cart reservation requests waiting for our answer, as many as we take online from one ` +
        `e-mail address or phone number. We will call you about them; to add another or change one, call us at ${site.phone.display}.`,
    );
    expect(await waiting("reservation")).toBe(2);

    // A real buyer still finds carts to reserve.
    const buyer = await post(
      `/vehicles/${inStock[5]}/reservations`,
      { ...anotherCustomer(), delivery: { type: "pickup" } },
      clientIps(1)[0]!,
    );
    expect(buyer.status).toBe(201);
  });

  function input(kind: BookingKind, person: { email: string; phone: string }, day: string): BookingInput {
    const pool = {
      rental: "six-seater",
      service: "service",
      storage: "storage-indoor",
      reservation: "vehicle:cart",
      "test-drive": "test-drive:showroom:10:00",
    };
    return {
      kind,
      pool: pool[kind],
      start: day,
      end: addDays(day, 1),
      request: {},
      quote: {},
      describe: (reference) => ({ summary: "test", announcement: `Booking ${reference}` }),
      interest: "sales",
      firstName: "Pat",
      lastName: "Customer",
      ...person,
    };
  }

  it.each(bookingKindNames)(
    "counts a %s request against its address and its phone alike, and frees one once staff answer",
    async (kind) => {
      for (const pool of ["six-seater", "service", "storage-indoor", "vehicle:cart", "test-drive:showroom:10:00"]) {
        await env.DB.prepare(
          "INSERT INTO booking_pools (pool, kind, capacity) VALUES (?, 'rental', 50) ON CONFLICT (pool) DO UPDATE SET capacity = 50",
        )
          .bind(pool)
          .run();
      }
      await env.DB.prepare("UPDATE booking_pools SET closed_weekdays = '' WHERE pool = 'service'").run();
      const day = addDays(today, 30);
      const pat = { email: "pat.customer@outlook.com", phone: "570-555-0177" };
      const first = await placeBooking(db(), input(kind, pat, day));
      expect(first.placed).toBe(true);
      expect((await placeBooking(db(), input(kind, pat, day))).placed).toBe(true);
      // A third by the same address with a tag Outlook ignores, or by the same phone from another address.
      for (const again of [
        { email: "Pat.Customer+third@Outlook.com", phone: "570-555-0179" },
        { email: "someone.else@example.org", phone: "1 (570) 555-0177" },
      ]) {
        expect(await placeBooking(db(), input(kind, again, day))).toEqual({ placed: false, reason: "person-limit" });
      }
      // Another kind of booking, or another person, is not held back.
      const other = bookingKindNames.find((candidate) => candidate !== kind)!;
      expect((await placeBooking(db(), input(other, pat, day))).placed).toBe(true);
      expect((await placeBooking(db(), input(kind, anotherCustomer(), day))).placed).toBe(true);
      // Confirmed, the request no longer waits: the person may ask for one more.
      await changeBookingStatus(db(), bookingWithReference(first.placed ? first.reference : ""), "confirm");
      expect((await placeBooking(db(), input(kind, pat, day))).placed).toBe(true);
      expect((await placeBooking(db(), input(kind, pat, day))).placed).toBe(false);
    },
  );
});

describe("the security review's findings on booking limits (issue 47)", () => {
  const pools = ["six-seater", "service", "storage-indoor", "vehicle:cart", "test-drive:showroom:10:00"];
  const inputFor = (kind: BookingKind, person: { email: string; phone: string }, day: string, clientKey?: string) => ({
    kind,
    pool: { rental: pools[0], service: pools[1], storage: pools[2], reservation: pools[3], "test-drive": pools[4] }[
      kind
    ]!,
    start: day,
    end: addDays(day, 1),
    request: {},
    quote: {},
    describe: (reference: string) => ({ summary: "test", announcement: `Booking ${reference}` }),
    interest: "sales" as const,
    firstName: "Pat",
    lastName: "Customer",
    ...person,
    ...(clientKey ? { clientKey } : {}),
  });

  beforeEach(async () => {
    for (const pool of pools) {
      await env.DB.prepare(
        "INSERT INTO booking_pools (pool, kind, capacity) VALUES (?, 'rental', 50) ON CONFLICT (pool) DO UPDATE SET capacity = 50",
      )
        .bind(pool)
        .run();
    }
    await env.DB.prepare("UPDATE booking_pools SET closed_weekdays = '' WHERE pool = 'service'").run();
  });

  it("counts one inbox's plus-tags on any domain, a trailing dot and a phone's extension as one person", async () => {
    const day = addDays(today, 31);
    const jane = (email: string, phone: string) => placeBooking(db(), inputFor("test-drive", { email, phone }, day));
    expect((await jane("jane+1@example.org", "570-555-0101")).placed).toBe(true);
    expect((await jane("jane+2@example.org", "570-555-0102")).placed).toBe(true);
    expect(await jane("jane+3@example.org", "570-555-0103")).toEqual({ placed: false, reason: "person-limit" });
    expect(await jane("Jane@Example.org.", "570-555-0104")).toEqual({ placed: false, reason: "person-limit" });
    // One phone with an extension, in any of its spellings, is the same line.
    const sam = (email: string, phone: string) => placeBooking(db(), inputFor("rental", { email, phone }, day));
    expect((await sam("sam.1@example.net", "570-555-0140 ext 9")).placed).toBe(true);
    expect((await sam("sam.2@example.net", "(570) 555-0140 x9")).placed).toBe(true);
    expect(await sam("sam.3@example.net", "570.555.0140 #12")).toEqual({ placed: false, reason: "person-limit" });
    // The address mail goes to is kept as typed.
    const stored = await env.DB.prepare(
      "SELECT email FROM bookings WHERE kind = 'test-drive' ORDER BY created_at",
    ).all<{
      email: string;
    }>();
    expect(stored.results.map((row) => row.email)).toEqual(["jane+1@example.org", "jane+2@example.org"]);
  });

  it("holds one client's waiting requests of a kind, whoever they name, in the placing statement", async () => {
    const day = addDays(today, 32);
    const client = "2001:db8:47:1::/64";
    // The attack as it was tried: made-up people from one client, racing for one day.
    const racers = await Promise.all(
      Array.from({ length: 14 }, () => placeBooking(db(), inputFor("test-drive", anotherCustomer(), day, client))),
    );
    expect(racers.filter((each) => each.placed)).toHaveLength(visitorLimits.client.waitingOnTheDays);
    expect(racers.filter((each) => !each.placed && each.reason === "client-limit")).toHaveLength(
      14 - visitorLimits.client.waitingOnTheDays,
    );
    // Over other days and hours (its placings of the hour made older), up to its waiting limit.
    const anHourLater = () =>
      env.DB.prepare(
        "UPDATE booking_placements SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-3601 seconds')",
      ).run();
    let waiting = visitorLimits.client.waitingOnTheDays;
    for (let later = 1; waiting <= visitorLimits.client.waiting; later += 1) {
      await anHourLater();
      const placed = await placeBooking(db(), inputFor("test-drive", anotherCustomer(), addDays(day, later), client));
      if (!placed.placed) {
        expect(placed).toEqual({ placed: false, reason: "client-limit", sender: "client", limit: "waiting" });
        break;
      }
      waiting += 1;
    }
    expect(waiting).toBe(visitorLimits.client.waiting);
    // Another kind, another client, or a request staff have answered, is not held back.
    expect((await placeBooking(db(), inputFor("rental", anotherCustomer(), day, client))).placed).toBe(true);
    expect((await placeBooking(db(), inputFor("test-drive", anotherCustomer(), day, "198.51.100.9"))).placed).toBe(
      true,
    );
    const first = racers.find((each) => each.placed)!;
    await changeBookingStatus(db(), bookingWithReference(first.placed ? first.reference : ""), "confirm");
    expect((await placeBooking(db(), inputFor("test-drive", anotherCustomer(), day, client))).placed).toBe(true);
    // Answered, a request forgets its sender's address and network.
    const keys = await env.DB.prepare(
      "SELECT client_key || network_key AS keys FROM bookings WHERE status <> 'requested'",
    ).all<{ keys: string }>();
    expect(keys.results.map((row) => row.keys)).toEqual([""]);
  });

  it("answers a client past its limit over the API with a 429 naming the limit", async () => {
    const ip = clientIps(1)[0]!;
    const start = addDays(today, 33);
    const statuses: number[] = [];
    for (let index = 0; index < visitorLimits.client.waitingOnTheDays + 1; index += 1) {
      // The rate limiter's own minute (5 requests) is another limit: each request goes through it fresh.
      const settings = { ...env, BOOKING_RATE_LIMITER: { limit: async () => ({ success: true }) } } as unknown as Env;
      const answer = await post(
        "/rentals/holds",
        {
          plan: "six-seater",
          start,
          days: 1,
          delivery: { type: "pickup" },
          drivers: 0,
          ...anotherCustomer(),
          ageConfirmed: true,
        },
        ip,
        settings,
      );
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(((await answer.json()) as { error: string }).error).toBe(
          limitMessages["client-limit"]("rental", { sender: "client", limit: "waitingOnTheDays" }),
        );
      }
    }
    expect(statuses).toEqual([...Array(visitorLimits.client.waitingOnTheDays).fill(201), 429]);
  });
});

describe("the hourly cap on each kind of booking", () => {
  it("takes exactly the cap from a burst of different renters, asks the rest to call and e-mails staff once", async () => {
    await env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity) VALUES ('four-seater', 'rental', 40) ON CONFLICT (pool) DO UPDATE SET capacity = 40",
    ).run();
    const staffSent: string[] = [];
    const staffEmail = {
      async send(message: EmailMessage) {
        staffSent.push(message.to);
        return env.STAFF_EMAIL.send(message);
      },
    } as SendEmail;
    const capped = { ...env, BOOKING_HOURLY_CAP: "3", STAFF_EMAIL: staffEmail } as Env;
    const start = addDays(today, 45);
    const ips = clientIps(10);
    const hold = (index: number) =>
      post(
        "/rentals/holds",
        {
          plan: "four-seater",
          start,
          days: 1,
          delivery: { type: "pickup" },
          drivers: 0,
          ...anotherCustomer(),
          ageConfirmed: true,
        },
        ips[index]!,
        capped,
      );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => hold(index)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(7).fill(503)]);
    for (const answer of answers.filter((candidate) => candidate.status === 503)) {
      const { error } = (await answer.json()) as { error: string };
      expect(error).toBe(
        `We are receiving an unusual number of rental booking requests and cannot take yours online right now. Please call us at ${site.phone.display}.`,
      );
      const retryAfter = Number(answer.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(staffSent).toEqual([env.STAFF_EMAIL_TO]);
    expect(await waiting("rental")).toBe(3);
  });
});

describe("the robot check on booking requests", () => {
  const secrets = { pass: "1x0000000000000000000000000000000AA", fail: "2x0000000000000000000000000000000AA" };

  it("refuses a reservation without a token that verifies once the keys are set, holding nothing", async () => {
    await runSql(upsertVehiclesSql(seedCatalogue));
    const vehicle = seedCatalogue.find((candidate) => candidate.inStock)!.id;
    await env.DB.prepare("UPDATE vehicles SET units_in_stock = 3 WHERE id = ?").bind(vehicle).run();
    // This machine cannot reach Cloudflare, so siteverify answers here as documented for each key.
    const siteverify = vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      const secret = (init?.body as FormData).get("secret");
      return Response.json({ success: secret === secrets.pass });
    });
    const body = { ...anotherCustomer(), delivery: { type: "pickup" } };
    const reserve = (extra: object, settings: Partial<Env>) =>
      post(`/vehicles/${vehicle}/reservations`, { ...body, ...extra }, clientIps(1)[0]!, {
        ...env,
        ...settings,
      } as Env);
    const token = { turnstileToken: "XXXX.DUMMY.TOKEN.XXXX" };

    const missing = await reserve({}, { TURNSTILE_SECRET: secrets.pass });
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { error: string }).error).toBe(
      "We could not confirm you are not a robot. Please try again.",
    );
    expect((await reserve(token, { TURNSTILE_SECRET: secrets.fail })).status).toBe(403);
    const halfSetUp = await reserve(token, { TURNSTILE_SITE_KEY: "1x00000000000000000000AA", TURNSTILE_SECRET: "" });
    expect(halfSetUp.status).toBe(503);
    expect(await waiting("reservation")).toBe(0);

    expect((await reserve(token, { TURNSTILE_SECRET: secrets.pass })).status).toBe(201);
    expect(siteverify).toHaveBeenCalledWith(
      "https://challenges.cloudflare.com/turnstile/v0/siteverify",
      expect.anything(),
    );
    expect(await waiting("reservation")).toBe(1);
  });
});

describe("customer e-mails to one address", () => {
  async function message(email: string) {
    return storeContactMessage(db(), {
      firstName: "Ada",
      lastName: "Lovelace",
      email,
      phone: "570-555-0199",
      interest: "general",
      message: "Please tell me more about your carts.",
    });
  }

  it("sends an address at most 3 in an hour, tells staff why the rest were not sent, and lets staff's answers through", async () => {
    const { mailer, sent } = recordingMailer();
    const customerCopies = () => sent.filter((email) => email.to !== env.STAFF_EMAIL_TO);
    // Five receipts to one Gmail inbox, however it is written.
    const spellings = ["grace.hopper@gmail.com", "GraceHopper@gmail.com", "grace.hopper+1@gmail.com"];
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await message(spellings[index % spellings.length]!));
    for (const id of ids) expect(await deliverContactMessage(env, mailer, id)).toBe("sent");
    expect(customerCopies()).toHaveLength(visitorLimits.customerEmailsPerHour);

    const staffCopies = sent.filter((email) => email.to === env.STAFF_EMAIL_TO);
    expect(staffCopies).toHaveLength(5);
    const lastStaffCopy = await readEmail(staffCopies.at(-1)!);
    expect(lastStaffCopy.text).toContain(
      "Customer e-mail: the customer was NOT e-mailed: their address already had 3 e-mails from the website in the last hour",
    );
    const errors = await env.DB.prepare(
      "SELECT customer_error AS error FROM contact_messages ORDER BY created_at",
    ).all<{ error: string | null }>();
    expect(errors.results.map((row) => row.error)).toEqual([null, null, null, "hourly limit", "hourly limit"]);

    // Staff confirming that customer's booking still reaches them; their own cancellation does not.
    await env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity) VALUES ('service', 'service', 5) ON CONFLICT (pool) DO UPDATE SET capacity = 5, closed_weekdays = ''",
    ).run();
    const booking = (email: string) =>
      placeBooking(db(), {
        kind: "service",
        pool: "service",
        start: addDays(today, 20),
        end: addDays(today, 21),
        request: {},
        quote: {},
        describe: (reference) => ({ summary: "Battery Services", announcement: `Service request ${reference}` }),
        interest: "service",
        firstName: "Grace",
        lastName: "Hopper",
        email,
        phone: "570-555-0166",
      });
    const confirmed = await booking("Grace.Hopper@gmail.com");
    const cancelled = await booking("gracehopper@gmail.com");
    if (!confirmed.placed || !cancelled.placed) throw new Error("expected both bookings placed");
    await changeBookingStatus(db(), bookingWithReference(confirmed.reference), "confirm");
    await changeBookingStatus(db(), bookingWithReference(cancelled.reference), "cancel", "customer");
    const notices = await env.DB.prepare(
      "SELECT id, booking_event AS event FROM contact_messages WHERE booking_event IN ('confirmed', 'cancelled')",
    ).all<{ id: string; event: string }>();
    for (const notice of notices.results) await deliverContactMessage(env, mailer, notice.id);
    const subjects = await Promise.all(customerCopies().map(async (email) => (await readEmail(email)).subject));
    expect(subjects.filter((subject) => subject?.includes(confirmed.reference))).toEqual([
      `Your service booking ${confirmed.reference}: confirmed`,
    ]);
    expect(subjects.filter((subject) => subject?.includes(cancelled.reference))).toEqual([]);
  });
});
