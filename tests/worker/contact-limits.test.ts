import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { site } from "~/config/site";
import { visitorLimits } from "~/config/visitor-limits";
import { tooManyFromSender, tooManyMessages } from "~/features/contact/contact-refusals";
import { hourlyCap } from "~/server/hourly-cap.server";
import { api } from "../../worker/api";
import { contactRequest, freshClientIp, validMessage, withinOneRateWindow } from "./contact-support";

async function post(request: Request, environment: Env = env) {
  return api.fetch(request, environment);
}

async function storedMessages(): Promise<number> {
  return (
    (await env.DB.prepare("SELECT COUNT(*) AS count FROM contact_messages").first<{ count: number }>())?.count ?? 0
  );
}

/** The real local send_email binding, noting each e-mail that passes through it. */
function watchedStaffEmail() {
  const sent: { from: string; to: string }[] = [];
  const binding = {
    async send(message: EmailMessage) {
      sent.push({ from: message.from, to: message.to });
      return env.STAFF_EMAIL.send(message);
    },
  } as SendEmail;
  return { binding, sent };
}

afterEach(() => {
  vi.useRealTimers();
});

async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: string }).error;
}

describe("the per-sender rate limit", () => {
  it("counts IPv6 senders by their /64 and IPv4 senders by their full address", async () => {
    await withinOneRateWindow();
    // Past the client's hourly figure the answer is that limit's; the limiter still counts each try.
    const fromOneNetwork = [];
    for (let host = 1; host <= 6; host += 1) {
      const ip = `2001:db8:ffff:7:${host}::${host}`;
      fromOneNetwork.push(await post(contactRequest(validMessage, { "CF-Connecting-IP": ip })));
    }
    const { client } = visitorLimits.contactMessagesFrom;
    expect(fromOneNetwork.map((answer) => answer.status)).toEqual([
      ...Array(client).fill(202),
      ...Array(6 - client).fill(429),
    ]);
    expect(await errorOf(fromOneNetwork[4]!)).toBe(tooManyFromSender("client"));
    expect(await errorOf(fromOneNetwork[5]!)).toBe(tooManyMessages);

    // One /24: its network's figure refuses some, the limiter none.
    const neighbours = [];
    for (let host = 1; host <= 6; host += 1) {
      const ip = `203.0.113.${host}`;
      neighbours.push(await post(contactRequest(validMessage, { "CF-Connecting-IP": ip })));
    }
    for (const answer of neighbours.filter((each) => each.status !== 202)) {
      expect(await errorOf(answer)).toBe(tooManyFromSender("network"));
    }
  });
});

/**
 * Issue 55: the limiter lets one client send 5 messages a minute, so one client alone filled
 * everyone's hourly cap (30) in 6 minutes, and every visitor after it was told to call. Each
 * client and each network now has an hourly figure of its own, counted in the storing INSERT.
 */
describe("the per-client and per-network hourly figures", () => {
  // The per-minute limiter has its own test above: here each request passes it, as over 6 minutes.
  const unlimited = (settings: Partial<Env> = {}) =>
    ({ ...env, CONTACT_RATE_LIMITER: { limit: async () => ({ success: true }) }, ...settings }) as unknown as Env;
  const from = (ip: string, settings: Env) => post(contactRequest(validMessage, { "CF-Connecting-IP": ip }), settings);

  let networks = 0;
  /** `count` /64s of one /48 (3fff::/20, IPv6's documentation prefix) no other test sends from. */
  function slash64sOfOneSlash48(count: number): string[] {
    networks += 1;
    return Array.from(
      { length: count },
      (_, index) => `3fff:c0:${networks.toString(16)}:${(index + 1).toString(16)}::1`,
    );
  }

  it("stop one client at its figure, without taking everyone's places, and another client still sends", async () => {
    // An hour of its own for everyone's count, with room for one more than the client's figure.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2032-06-01T09:10:00Z"));
    const { client } = visitorLimits.contactMessagesFrom;
    const settings = unlimited({ CONTACT_HOURLY_CAP: String(client + 1) });
    const before = await storedMessages();
    const sender = freshClientIp();
    const statuses: number[] = [];
    for (let message = 0; message < visitorLimits.contactMessagesPerHour; message += 1) {
      statuses.push((await from(sender, settings)).status);
    }
    expect(statuses).toEqual([...Array(client).fill(202), ...Array(statuses.length - client).fill(429)]);
    const refused = await from(sender, settings);
    expect(refused.status).toBe(429);
    const error = await errorOf(refused);
    expect(error).toBe(tooManyFromSender("client"));
    expect(error).toContain(`call us at ${site.phone.display}`);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(visitorLimits.windowSeconds - 120);
    expect(retryAfter).toBeLessThanOrEqual(visitorLimits.windowSeconds);
    expect(await storedMessages()).toBe(before + client);

    // Its refused messages took no place of everyone's hour: the last one is another visitor's.
    expect((await from(freshClientIp(), settings)).status).toBe(202);
    expect((await from(freshClientIp(), settings)).status).toBe(503);
  });

  it("stop many /64s of one /48, and many addresses of one /24, racing, at the network's figure", async () => {
    const settings = unlimited({ CONTACT_HOURLY_CAP: String(visitorLimits.contactMessagesPerHour) });
    const ipv4 = Array.from({ length: 12 }, (_, index) => `198.51.100.${index + 1}`);
    for (const senders of [slash64sOfOneSlash48(12), ipv4]) {
      const before = await storedMessages();
      const answers = await Promise.all([...senders, ...senders].map((ip) => from(ip, settings)));
      const statuses = answers.map((answer) => answer.status);
      const { network } = visitorLimits.contactMessagesFrom;
      expect(statuses.filter((status) => status === 202)).toHaveLength(network);
      expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - network);
      expect(await errorOf(answers.find((answer) => answer.status === 429)!)).toBe(tooManyFromSender("network"));
      expect(await storedMessages()).toBe(before + network);
    }
    // Everyone's cap is still far off: any other visitor sends.
    expect((await from(freshClientIp(), settings)).status).toBe(202);
  });

  it("let the cap that serves everyone be reached only by a set number of networks at their figure", () => {
    const { networksToReachACap, contactMessagesFrom, contactMessagesPerHour } = visitorLimits;
    expect(hourlyCap({ ...env, CONTACT_HOURLY_CAP: undefined } as unknown as Env)).toBe(contactMessagesPerHour);
    expect(contactMessagesPerHour).toBeGreaterThanOrEqual(networksToReachACap * contactMessagesFrom.network);
    expect(contactMessagesFrom.network).toBeGreaterThan(contactMessagesFrom.client);
  });
});

describe("Turnstile settings", () => {
  it("refuses every message, asking to call, when a site key is set without its secret", async () => {
    const before = await storedMessages();
    const halfSetUp = { ...env, TURNSTILE_SITE_KEY: "1x00000000000000000000AA", TURNSTILE_SECRET: undefined } as Env;
    const response = await post(
      contactRequest({ ...validMessage, turnstileToken: "XXXX.DUMMY.TOKEN.XXXX" }),
      halfSetUp,
    );
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toContain(`call us at ${site.phone.display}`);
    expect(await storedMessages()).toBe(before);

    // `npm start` sets neither: the form works without the check.
    const unset = { ...env, TURNSTILE_SITE_KEY: "", TURNSTILE_SECRET: undefined } as Env;
    expect((await post(contactRequest(validMessage), unset)).status).toBe(202);
  });
});

describe("the hourly cap on messages from everyone", () => {
  it("stores exactly the cap from a concurrent burst, asks the rest to call and e-mails staff once", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-05-04T10:15:00Z"));
    const staffEmail = watchedStaffEmail();
    const capped = { ...env, CONTACT_HOURLY_CAP: "5", STAFF_EMAIL: staffEmail.binding } as Env;
    const before = await storedMessages();

    const answers = await Promise.all(Array.from({ length: 24 }, () => post(contactRequest(validMessage), capped)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(5).fill(202), ...Array(19).fill(503)]);
    const refused = answers.filter((answer) => answer.status === 503);
    for (const answer of refused) {
      expect(((await answer.json()) as { error: string }).error).toContain(`call us at ${site.phone.display}`);
      expect(answer.headers.get("Retry-After")).toBe("2700");
    }
    expect(await storedMessages()).toBe(before + 5);
    expect(staffEmail.sent).toEqual([{ from: env.STAFF_EMAIL_FROM, to: env.STAFF_EMAIL_TO }]);

    const later = await post(contactRequest(validMessage), capped);
    expect(later.status).toBe(503);
    expect(staffEmail.sent).toHaveLength(1);

    vi.setSystemTime(new Date("2031-05-04T11:00:05Z"));
    expect((await post(contactRequest(validMessage), capped)).status).toBe(202);
    expect(await storedMessages()).toBe(before + 6);
  });
});
