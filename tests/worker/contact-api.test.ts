import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { visitorLimits } from "~/config/visitor-limits";
import { tooManyMessages } from "~/features/contact/contact-refusals";
import { api } from "../../worker/api";
import { contactRequest, freshClientIp, validMessage } from "./contact-support";

// The API router is mounted at /api in the Worker; here it is called directly, so paths lack the prefix.
async function post(request: Request, environment: Env = env) {
  return api.fetch(request, environment);
}

const apiRequest = contactRequest;

async function rowCount(): Promise<number> {
  return (
    (await env.DB.prepare("SELECT COUNT(*) AS count FROM contact_messages").first<{ count: number }>())?.count ?? 0
  );
}

afterEach(() => vi.restoreAllMocks());

describe("POST /api/contact", () => {
  it("stores a valid message as queued, enqueues it and answers 202 with its id", async () => {
    const response = await post(apiRequest(validMessage));
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const row = await env.DB.prepare("SELECT * FROM contact_messages WHERE id = ?")
      .bind(id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ first_name: "Ada", email: "ada@example.org", interest: "sales", status: "queued" });
    expect(row?.enqueued_at).toBeTruthy();
  });

  it("trims text and defaults the interest to sales", async () => {
    const { interest: _omitted, ...withoutInterest } = validMessage;
    const response = await post(apiRequest({ ...withoutInterest, firstName: "  Ada  " }));
    const { id } = (await response.json()) as { id: string };
    const row = await env.DB.prepare("SELECT first_name, interest FROM contact_messages WHERE id = ?").bind(id).first();
    expect(row).toEqual({ first_name: "Ada", interest: "sales" });
  });

  it.each([
    ["firstName", { firstName: "" }, "First name is required"],
    ["lastName", { lastName: "   " }, "Last name is required"],
    ["email", { email: "not-an-address" }, "Invalid email address"],
    ["phone", { phone: "" }, "Phone number is required"],
    ["phone", { phone: "12345" }, "Enter a 10-digit phone number, with an extension after it if you have one"],
    ["phone", { phone: "555-0199 ext 9" }, "Enter a 10-digit phone number, with an extension after it if you have one"],
    [
      "phone",
      { phone: "570-555-0199 call after 5" },
      "Enter a 10-digit phone number, with an extension after it if you have one",
    ],
    [
      "firstName",
      { firstName: "ACCOUNT LOCKED: call 1-888-555-0100" },
      "Please enter your name in letters (spaces, hyphens, apostrophes and periods allowed)",
    ],
    [
      "lastName",
      { lastName: "visit evil.example/login" },
      "Please enter your name in letters (spaces, hyphens, apostrophes and periods allowed)",
    ],
    [
      "lastName",
      { lastName: "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaft" },
      "Must be at most 40 characters",
    ],
    ["interest", { interest: "pizza" }, "Choose sales, service, parts or general"],
    ["message", { message: "too short" }, "Message must be at least 10 characters"],
  ])("rejects a bad %s with the spec's message and stores nothing", async (field, change, message) => {
    const before = await rowCount();
    const response = await post(apiRequest({ ...validMessage, ...change }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBeTruthy();
    expect(body.fields[field]).toBe(message);
    expect(await rowCount()).toBe(before);
  });

  it("rejects line breaks in one-line fields, so no e-mail header can be injected", async () => {
    const response = await post(apiRequest({ ...validMessage, lastName: "Smith\r\nBcc: victim@example.com" }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields.lastName).toBe("Must be on one line");
    const email = await post(apiRequest({ ...validMessage, email: "a@example.com\nBcc: b@example.com" }));
    expect(email.status).toBe(400);
  });

  it("answers 400 for malformed JSON and for JSON that is not an object", async () => {
    expect((await post(apiRequest("{not json"))).status).toBe(400);
    const list = await post(apiRequest("[1,2]"));
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({ error: "The body must be a JSON object" });
  });

  it("answers 415 for form-encoded and plain-text posts", async () => {
    for (const type of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
      const response = await post(apiRequest("firstName=Ada", { "Content-Type": type }));
      expect(response.status, type).toBe(415);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
  });

  it("answers 403 to another site's page", async () => {
    const response = await post(apiRequest(validMessage, { Origin: "https://evil.example" }));
    expect(response.status).toBe(403);
  });

  it("answers 413 above 16 KB, declared or streamed in chunks", async () => {
    const big = { ...validMessage, message: "x".repeat(17 * 1024) };
    expect((await post(apiRequest(big))).status).toBe(413);
    const encoded = new TextEncoder().encode(JSON.stringify(big));
    const stream = new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < encoded.length; offset += 1024)
          controller.enqueue(encoded.slice(offset, offset + 1024));
        controller.close();
      },
    });
    const chunked = new Request("https://dealer.test/contact", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "https://dealer.test",
        "CF-Connecting-IP": freshClientIp(),
      },
      body: stream,
    });
    expect((await post(chunked)).status).toBe(413);
  });

  it("answers 429 once a client passes the rate limit", async () => {
    const ip = "198.51.100.77";
    const answers: Response[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      answers.push(await post(apiRequest(validMessage, { "CF-Connecting-IP": ip })));
    }
    // Its hourly figure refuses first; the limiter counts every try and refuses past 5 a minute.
    const { client } = visitorLimits.contactMessagesFrom;
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array(client).fill(202),
      ...Array(7 - client).fill(429),
    ]);
    expect(((await answers.at(-1)!.json()) as { error: string }).error).toBe(tooManyMessages);
  });

  it("quietly drops bots that fill the hidden field", async () => {
    const before = await rowCount();
    const response = await post(apiRequest({ ...validMessage, website: "http://spam.example" }));
    expect(response.status).toBe(202);
    expect(await rowCount()).toBe(before);
  });

  it("still answers 202 when the queue refuses, leaving the row for the sweeper", async () => {
    const broken = { ...env, CONTACT_QUEUE: { send: () => Promise.reject(new Error("queue down")) } } as unknown as Env;
    const response = await post(apiRequest(validMessage), broken);
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const row = await env.DB.prepare("SELECT status, enqueued_at FROM contact_messages WHERE id = ?").bind(id).first();
    expect(row).toEqual({ status: "queued", enqueued_at: null });
  });

  it("never answers with a stack trace", async () => {
    const broken = {
      ...env,
      DB: {
        prepare: () => {
          throw new Error("D1 exploded at line 42");
        },
      },
    } as unknown as Env;
    const response = await post(apiRequest(validMessage), broken);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("exploded");
    expect(text).not.toContain("at ");
  });
});

describe("Turnstile", () => {
  // Cloudflare's documented test secrets; their verdicts are what siteverify answers for each.
  const secrets = {
    pass: "1x0000000000000000000000000000000AA",
    fail: "2x0000000000000000000000000000000AA",
    spent: "3x0000000000000000000000000000000AA",
  };

  function stubSiteverify() {
    // This machine cannot reach Cloudflare, so siteverify answers here as documented for each key.
    return vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      const secret = (init?.body as FormData).get("secret");
      if (secret === secrets.pass) return Response.json({ success: true });
      if (secret === secrets.spent) return Response.json({ success: false, "error-codes": ["timeout-or-duplicate"] });
      return Response.json({ success: false, "error-codes": ["invalid-input-response"] });
    });
  }

  it("accepts a message whose token verifies, and refuses failing or spent tokens", async () => {
    const siteverify = stubSiteverify();
    const withSecret = (secret: string) => ({ ...env, TURNSTILE_SECRET: secret }) as Env;
    const body = { ...validMessage, turnstileToken: "XXXX.DUMMY.TOKEN.XXXX" };
    expect((await post(apiRequest(body), withSecret(secrets.pass))).status).toBe(202);
    expect((await post(apiRequest(body), withSecret(secrets.fail))).status).toBe(403);
    expect((await post(apiRequest(body), withSecret(secrets.spent))).status).toBe(403);
    expect((await post(apiRequest(validMessage), withSecret(secrets.pass))).status).toBe(403);
    expect(siteverify).toHaveBeenCalledWith(
      "https://challenges.cloudflare.com/turnstile/v0/siteverify",
      expect.anything(),
    );
  });
});
