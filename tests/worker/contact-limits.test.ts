import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { site } from "~/config/site";
import { api } from "../../worker/api";
import { contactRequest, validMessage, withinOneRateWindow } from "./contact-support";

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

describe("the per-sender rate limit", () => {
  it("counts IPv6 senders by their /64 and IPv4 senders by their full address", async () => {
    await withinOneRateWindow();
    const fromOneNetwork = [];
    for (let host = 1; host <= 6; host += 1) {
      const ip = `2001:db8:ffff:7:${host}::${host}`;
      fromOneNetwork.push((await post(contactRequest(validMessage, { "CF-Connecting-IP": ip }))).status);
    }
    expect(fromOneNetwork).toEqual([202, 202, 202, 202, 202, 429]);

    const neighbours = [];
    for (let host = 1; host <= 6; host += 1) {
      const ip = `203.0.113.${host}`;
      neighbours.push((await post(contactRequest(validMessage, { "CF-Connecting-IP": ip }))).status);
    }
    expect(neighbours).toEqual([202, 202, 202, 202, 202, 202]);
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
