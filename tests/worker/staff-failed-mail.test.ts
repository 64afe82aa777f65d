import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { staffBookingPath } from "~/config/pages";
import { answerPage } from "./registry-pages";

/**
 * The Failed e-mails staff page through the Worker's Access gate: what `npm run contact --
 * list-failed` lists, and its one button running the retry command's UPDATE, then the queue at once.
 */
const here = "http://localhost:8787";
const staffEnv = { ...env, STAFF_LOCAL_IDENTITY: "ana@dealer.example" } as unknown as Env;
const path = "/staff/failed-mail";
const reference = "R-7K3M9Q";

const ask = (init: RequestInit = {}, bindings: Env = staffEnv, at = path): Promise<Response> =>
  answerPage(new Request(`${here}${at}`, init), bindings);

const tap = (origin = here, bindings: Env = staffEnv) =>
  ask(
    { method: "POST", headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "" },
    bindings,
  );

const textOf = async (response: Response) =>
  (await response.text())
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

/** A booking's announcement that ran out of retries with the staff copy sent and the customer's owed. */
async function failedMessage(id: string): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO contact_messages (id, first_name, last_name, email, phone, interest, message, status, attempts,
       last_error, booking_reference, booking_event, staff_sent_at)
     VALUES (?1, 'Ada', 'Lovelace', 'ada@example.org', '570-555-0199', 'sales', 'A six-seater, please.', 'failed', 6,
       'mail server unavailable', ?2, 'placed', '2026-07-04T13:00:00.000Z')`,
  )
    .bind(id, reference)
    .run();
}

const rowOf = (id: string) =>
  env.DB.prepare("SELECT status, attempts, enqueued_at AS enqueuedAt FROM contact_messages WHERE id = ?")
    .bind(id)
    .first<{ status: string; attempts: number; enqueuedAt: string | null }>();

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM contact_messages").run();
});

describe("the Failed e-mails staff page", () => {
  it("lists a failed message as the command does, with its booking's page and the copies still owed", async () => {
    await failedMessage("msg-failed-1");
    const response = await ask();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await response.clone().text();
    const text = await textOf(response);
    expect(text).toContain("msg-failed-1");
    expect(text).toContain("6 attempts");
    expect(text).toContain("Last error: mail server unavailable");
    expect(text).toContain("Still owed: customer");
    expect(html).toContain(`href="${staffBookingPath(reference)}"`);
    expect(text).toContain("Send them again");
    expect(html).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);
  });

  it("says there are none when none failed", async () => {
    const text = await textOf(await ask());
    expect(text).toContain("No failed messages.");
    expect(text).not.toContain("Send them again");
  });

  it("puts them back in line and on the queue at once; a second tap finds none and says so", async () => {
    await failedMessage("msg-failed-2");
    const retried = await tap();
    expect(retried.status).toBe(200);
    expect(await textOf(retried)).toContain("1 message(s) put back in line; they are on the queue now.");
    const row = await rowOf("msg-failed-2");
    expect(row?.status).not.toBe("failed");
    expect(row?.attempts).toBe(0);
    // Not left for the cron job's next sweep.
    expect(row?.enqueuedAt).toBeTruthy();
    const again = await tap();
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain("No failed messages to retry.");
  });

  it("answers a post that is not a form with a 415, putting nothing back in line (issue 47)", async () => {
    await failedMessage("msg-failed-4");
    const plain = await ask({ method: "POST", headers: { Origin: here, "Content-Type": "text/plain" }, body: "retry" });
    expect(plain.status).toBe(415);
    expect((await rowOf("msg-failed-4"))?.status).toBe("failed");
  });

  it("refuses a post from another site or without a verified sign-in, and a GET changes nothing", async () => {
    await failedMessage("msg-failed-3");
    expect((await tap("https://evil.example")).status).toBe(403);
    expect((await tap(here, env as unknown as Env)).status).toBe(403);
    expect((await ask({}, env as unknown as Env)).status).toBe(403);
    await ask({}, staffEnv, `${path}?retry=1`);
    await ask({}, staffEnv, `${path}.data`);
    expect((await rowOf("msg-failed-3"))?.status).toBe("failed");
  });
});
