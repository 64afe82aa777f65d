import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { alertTerms, alertWords } from "~/config/alert-terms";
import { site } from "~/config/site";
import { testDrivePool, testDriveTimesOn } from "~/config/test-drives";
import { visitorLimits } from "~/config/visitor-limits";
import { deliverAlertMail } from "~/features/alerts/alert-mail.server";
import { limitMessages } from "~/features/bookings/booking-intake.server";
import { bookingHourlyCap } from "~/features/bookings/capacity.server";
import { addDays, localMoment } from "~/lib/calendar-days";
import { emailKey } from "~/server/person-keys.server";
import { api } from "../../worker/api";
import { apiOrigin, rentalStart, reservableCart, resetBookingStore } from "./booking-requests";
import { freshClientIp, readEmail, recordingMailer } from "./contact-support";
import { anotherCustomer } from "./people";
import { answerPage } from "./registry-pages";

/**
 * The security review's findings on limits (issue 55): one inbox written in another Unicode
 * spelling of its domain passed as another person, and the caps that serve every visitor (a kind's
 * hourly cap, alerts' hourly figure) could be reached by one client looping book-then-cancel, or by
 * a few /64s of one /48. Every request here goes through the Worker's API as a visitor's would.
 */

// The per-minute rate limiter is a limit of its own, with its own tests: each request passes it here.
const rateUnlimited = { ...env, BOOKING_RATE_LIMITER: { limit: async () => ({ success: true }) } } as unknown as Env;

function postFrom(ip: string, path: string, body: unknown, settings: Env = rateUnlimited) {
  return api.fetch(
    new Request(`${apiOrigin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: apiOrigin, "CF-Connecting-IP": ip },
      body: JSON.stringify(body),
    }),
    settings,
  );
}

const rental = (customer: object = anotherCustomer()) => ({
  plan: "six-seater",
  start: rentalStart,
  days: 2,
  delivery: { type: "pickup" },
  drivers: 0,
  ageConfirmed: true,
  ...customer,
});

let networks = 0;
/** A /48 (3fff::/20 is IPv6's documentation prefix) no other test sends from, and `count` /64s in it. */
function slash64sOfOneSlash48(count: number): string[] {
  networks += 1;
  return Array.from({ length: count }, (_, index) => `3fff:55:${networks.toString(16)}:${(index + 1).toString(16)}::1`);
}

const statusesOf = (answers: Response[]) => answers.map((answer) => answer.status);
const count = (statuses: number[], status: number) => statuses.filter((each) => each === status).length;

async function setCapacity(pool: string, capacity: number) {
  await env.DB.prepare("UPDATE booking_pools SET capacity = ? WHERE pool = ?").bind(capacity, pool).run();
}

beforeEach(async () => {
  await resetBookingStore();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM booking_placements"),
    env.DB.prepare("DELETE FROM alerts"),
    env.DB.prepare("DELETE FROM alert_requests"),
  ]);
});

describe("one inbox, whatever Unicode spelling of its domain", () => {
  // One domain as NFC, NFD, its punycode, fullwidth letters, in capitals and with DNS's root dot.
  const spellings = [
    "ada@bücher.example",
    "ada@bu\u0308cher.example",
    "ada@xn--bcher-kva.example",
    "ada@ｂüｃｈｅｒ.example",
    "Ada@BÜCHER.example",
    "ada@ｂｕ\u0308ｃｈｅｒ.example.",
  ];
  const delivered = "ada@xn--bcher-kva.example";

  it("holds alert confirmations to the address's limit, and e-mails the inbox its key names", async () => {
    const answers = await Promise.all(
      spellings.map((email, index) => postFrom(freshClientIp(), "/alerts", { email, search: { q: `cart ${index}` } })),
    );
    expect(statusesOf(answers)).toEqual(spellings.map(() => 202));
    const keys = await env.DB.prepare("SELECT email_key AS key FROM alerts").all<{ key: string }>();
    expect(keys.results.map((row) => row.key)).toEqual(Array(alertTerms.unconfirmedPerAddress).fill(delivered));

    const { mailer, sent } = recordingMailer();
    const mails = await env.DB.prepare("SELECT id FROM alert_mail WHERE purpose = 'confirm'").all<{ id: string }>();
    for (const { id } of mails.results) expect(await deliverAlertMail(env, mailer, id)).toBe("sent");
    expect(sent).toHaveLength(alertTerms.unconfirmedPerAddress);
    // The mail goes where the key says: the envelope and the To header name the one inbox.
    for (const email of sent) {
      expect(email.to).toBe(delivered);
      expect((await readEmail(email)).to?.[0]?.address).toBe(delivered);
    }
  });

  it("holds waiting bookings to the person's limit", async () => {
    await setCapacity("six-seater", 20);
    const answers = await Promise.all(
      spellings.map((email) => postFrom(freshClientIp(), "/rentals/holds", rental({ ...anotherCustomer(), email }))),
    );
    const statuses = statusesOf(answers);
    expect(count(statuses, 201)).toBe(visitorLimits.waitingRequestsPerPerson);
    expect(count(statuses, 409)).toBe(spellings.length - visitorLimits.waitingRequestsPerPerson);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(((await refused.json()) as { error: string }).error).toBe(limitMessages["person-limit"]("rental"));
  });

  it("keys every spelling as the mailer sends to it, in this runtime's UTS 46 mapping", () => {
    expect(new Set(spellings.map(emailKey))).toEqual(new Set([delivered]));
    // WHATWG URL's domain-to-ASCII, which workerd's URL parser applies, agrees.
    for (const email of spellings) {
      const domain = email.slice(email.lastIndexOf("@") + 1);
      expect(new URL(`http://${domain}`).hostname.replace(/\.$/, "")).toBe("xn--bcher-kva.example");
    }
  });
});

describe("a book-then-cancel loop from one client", () => {
  it("stops at the client's hourly count, cancelled requests included, and others can still book", async () => {
    const looper = freshClientIp();
    const statuses: number[] = [];
    // As many rounds as everyone's hourly cap: before, each cancel gave the client its place back.
    for (let round = 0; round < bookingHourlyCap(env); round += 1) {
      const answer = await postFrom(looper, "/rentals/holds", rental());
      statuses.push(answer.status);
      if (answer.status !== 201) continue;
      const { statusUrl } = (await answer.json()) as { statusUrl: string };
      const cancelled = await answerPage(
        new Request(statusUrl, {
          method: "POST",
          headers: { Origin: apiOrigin, "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=cancel",
        }),
        env,
      );
      expect(cancelled.status).toBe(200);
    }
    const { placedPerHour } = visitorLimits.client;
    expect(statuses).toEqual([
      ...Array(placedPerHour).fill(201),
      ...Array(bookingHourlyCap(env) - placedPerHour).fill(429),
    ]);
    const refused = await postFrom(looper, "/rentals/holds", rental());
    expect(((await refused.json()) as { error: string }).error).toBe(
      limitMessages["client-limit"]("rental", { sender: "client", limit: "placedPerHour" }),
    );
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(visitorLimits.windowSeconds - 120);
    expect(retryAfter).toBeLessThanOrEqual(visitorLimits.windowSeconds);

    expect((await postFrom(freshClientIp(), "/rentals/holds", rental())).status).toBe(201);
  });
});

describe("a day's at-home test drives", () => {
  const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
  const today = localMoment(new Date(), site.timeZone).day;
  let day = addDays(today, 5);
  while (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, 1);
  const times = testDriveTimesOn("Monday");
  const atHome = (time: string) => ({
    vehicleId: reservableCart,
    date: day,
    time,
    where: "home",
    town: "montrose",
    ...anotherCustomer(),
  });

  it("are one client's only up to its share, and its network's up to one more", async () => {
    for (const time of times) {
      await env.DB.prepare(
        "INSERT INTO booking_pools (pool, kind, capacity, closed_weekdays) VALUES (?, 'test-drive', 1, '0') ON CONFLICT (pool) DO UPDATE SET capacity = 1",
      )
        .bind(testDrivePool("home", time))
        .run();
    }
    expect(times).toHaveLength(8);
    const [client, ...neighbours] = slash64sOfOneSlash48(times.length);
    // The attack as it was tried: one client asking for every hour of the day at once.
    const answers = await Promise.all(times.map((time) => postFrom(client!, "/test-drives", atHome(time))));
    const statuses = statusesOf(answers);
    const share = visitorLimits.client.waitingOnTheDays;
    expect(count(statuses, 201)).toBe(share);
    expect(count(statuses, 429)).toBe(times.length - share);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(((await refused.json()) as { error: string }).error).toBe(
      limitMessages["client-limit"]("test-drive", { sender: "client", limit: "waitingOnTheDays" }),
    );

    // The other /64s of its /48 get one more between them: the network's share.
    const free = times.filter((_, index) => answers[index]!.status !== 201);
    const fromNeighbours = await Promise.all(
      free.map((time, index) => postFrom(neighbours[index]!, "/test-drives", atHome(time))),
    );
    expect(count(statusesOf(fromNeighbours), 201)).toBe(visitorLimits.network.waitingOnTheDays - share);
    // Anyone else still finds the rest of the day free.
    const left = free.filter((_, index) => fromNeighbours[index]!.status !== 201);
    const others = await Promise.all(left.map((time) => postFrom(freshClientIp(), "/test-drives", atHome(time))));
    expect(statusesOf(others)).toEqual(left.map(() => 201));
  });
});

describe("the caps that serve everyone", () => {
  it("are at least a set number of networks' worth, so a few cannot reach them", () => {
    const { networksToReachACap, network } = visitorLimits;
    expect(bookingHourlyCap(env)).toBeGreaterThanOrEqual(networksToReachACap * network.placedPerHour);
    expect(alertTerms.requestsPerHour).toBeGreaterThanOrEqual(
      networksToReachACap * alertTerms.requestsPerNetworkPerHour,
    );
  });

  it("cannot be reached by many /64s of one /48, or many addresses of one IPv4 /24, racing for a kind", async () => {
    await setCapacity("six-seater", 100);
    const ipv4 = Array.from({ length: 20 }, (_, index) => `198.51.100.${index + 1}`);
    for (const senders of [slash64sOfOneSlash48(20), ipv4]) {
      // Two requests from each, each for other days: before, twenty /64s took everyone's 30 and
      // the 31st visitor got a 503.
      const answers = await Promise.all(
        [...senders, ...senders].map((ip, index) =>
          postFrom(ip, "/rentals/holds", { ...rental(), start: addDays(rentalStart, 3 * index) }),
        ),
      );
      const statuses = statusesOf(answers);
      expect(count(statuses, 201)).toBe(visitorLimits.network.placedPerHour);
      expect(count(statuses, 429)).toBe(statuses.length - visitorLimits.network.placedPerHour);
      const refused = answers.find((answer) => answer.status === 429)!;
      expect(((await refused.json()) as { error: string }).error).toBe(
        limitMessages["client-limit"]("rental", { sender: "network", limit: "placedPerHour" }),
      );
    }
    expect((await postFrom(freshClientIp(), "/rentals/holds", rental())).status).toBe(201);
  });

  it("cannot be reached by many /64s of one /48 asking for alerts", async () => {
    const senders = slash64sOfOneSlash48(12);
    // Five made-up addresses from each: before, twelve /64s took everyone's 60 and then every visitor got a 503.
    const answers = await Promise.all(
      senders.flatMap((ip, client) =>
        Array.from({ length: 5 }, (_, index) =>
          postFrom(ip, "/alerts", { email: `made-up-${client}-${index}@example.org`, search: { seats: 6 } }),
        ),
      ),
    );
    const statuses = statusesOf(answers);
    expect(count(statuses, 202)).toBe(alertTerms.requestsPerNetworkPerHour);
    expect(count(statuses, 429)).toBe(statuses.length - alertTerms.requestsPerNetworkPerHour);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(((await refused.json()) as { error: string }).error).toBe(alertWords.tooManyFromNetwork);

    const visitor = await postFrom(freshClientIp(), "/alerts", { email: "real@example.org", search: { seats: 6 } });
    expect(visitor.status).toBe(202);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM alerts WHERE email = 'real@example.org'").first("n");
    expect(stored).toBe(1);
  });
});
