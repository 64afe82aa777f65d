import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { handleContactBatch, handleDeadLetters, sweepStalledMessages } from "~/features/mail/mail-delivery.server";
import { requeueFailedSql, type ContactQueueMessage } from "~/features/mail/outbox.server";
import type { Mailer } from "~/features/mail/mailer.server";
import { api } from "../../worker/api";
import { contactRequest, readEmail, recordingMailer, validMessage } from "./contact-support";

/**
 * Leads are never lost and never doubled: whatever the queue, the sweeper and the mail service do,
 * staff get each message once, the CRM gets its copy once, and a message that ran out of retries
 * stays failed (and staff hear of it) until staff retry it.
 */

const crmAddress = "leads@crm.example.com";
const withCrm = { ...env, CRM_LEAD_EMAIL_TO: crmAddress } as Env;

/** The environment with a queue that only records what was put on it: these tests are the consumer. */
function recordingQueue(base: Env = env) {
  const enqueued: ContactQueueMessage[] = [];
  const environment = {
    ...base,
    CONTACT_QUEUE: { send: async (body: ContactQueueMessage) => void enqueued.push(body) },
  } as unknown as Env;
  return { environment, enqueued };
}

async function submit(body: Record<string, unknown> = validMessage): Promise<string> {
  const response = await api.fetch(contactRequest(body), recordingQueue().environment);
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

let deliveryCounter = 0;
function batchFor(id: string, attempts = 1, queue = "contact-messages") {
  deliveryCounter += 1;
  return createMessageBatch<ContactQueueMessage>(queue, [
    { id: `delivery-${deliveryCounter}`, timestamp: new Date(), attempts, body: { messageId: id } },
  ]);
}

async function consume(id: string, mailer: Mailer, environment: Env = env, attempts = 1) {
  const batch = batchFor(id, attempts);
  await handleContactBatch(batch, environment, mailer);
  const result = await getQueueResult(batch, createExecutionContext());
  return { acked: result.explicitAcks.length === 1, retried: result.retryMessages.length === 1 };
}

async function deadLetter(id: string, mailer: Mailer) {
  const batch = batchFor(id, 6, "contact-messages-dlq");
  await handleDeadLetters(batch, env, mailer);
  return getQueueResult(batch, createExecutionContext());
}

async function rowOf(id: string) {
  return env.DB.prepare("SELECT status, attempts, staff_sent_at, crm_sent_at FROM contact_messages WHERE id = ?")
    .bind(id)
    .first<{ status: string; attempts: number; staff_sent_at: string | null; crm_sent_at: string | null }>();
}

const recipients = (sent: { to: string }[]) => sent.map((email) => email.to);

// Each test's customer starts with no e-mail from the site this hour: the messages of earlier tests,
// all from one address, would otherwise meet the hourly limit on customer e-mails (tested on its own).
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM contact_messages").run();
});

describe("a CRM copy that fails", () => {
  it("is retried on its own: staff get their copy once, the CRM once it works", async () => {
    const id = await submit();
    const { mailer, sent } = recordingMailer({ failTo: crmAddress, failTimes: 3 });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await consume(id, mailer, withCrm, attempt)).toEqual({ acked: false, retried: true });
    }
    expect(await consume(id, mailer, withCrm, 4)).toEqual({ acked: true, retried: false });
    expect(recipients(sent)).toEqual([validMessage.email, env.STAFF_EMAIL_TO, crmAddress]);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "sent", attempts: 4 });
    expect(row?.staff_sent_at).toBeTruthy();
    expect(row?.crm_sent_at).toBeTruthy();
  });

  it("after running out of retries, the staff's retry command sends only the CRM copy", async () => {
    const id = await submit();
    const failing = recordingMailer({ failTo: crmAddress });
    for (let attempt = 1; attempt <= 6; attempt += 1) await consume(id, failing.mailer, withCrm, attempt);
    await deadLetter(id, recordingMailer().mailer);
    expect((await rowOf(id))?.status).toBe("failed");
    expect(recipients(failing.sent)).toEqual([validMessage.email, env.STAFF_EMAIL_TO]);

    await env.DB.exec(requeueFailedSql());
    const queue = recordingQueue(withCrm);
    await sweepStalledMessages(queue.environment, new Date());
    expect(queue.enqueued).toContainEqual({ messageId: id });
    const working = recordingMailer();
    await consume(id, working.mailer, withCrm);
    expect(recipients(working.sent)).toEqual([crmAddress]);
    expect((await rowOf(id))?.status).toBe("sent");
  });
});

describe("two deliveries of one message at once", () => {
  it("send it once: one delivery sends, the other acknowledges without sending", async () => {
    const id = await submit();
    // A slow mail service keeps the first delivery sending while the second one starts.
    const { mailer, sent } = recordingMailer({ delayMs: 300 });
    const [first, second] = await Promise.all([consume(id, mailer, withCrm), consume(id, mailer, withCrm)]);
    expect(recipients(sent)).toEqual([validMessage.email, env.STAFF_EMAIL_TO, crmAddress]);
    expect([first, second]).toEqual([
      { acked: true, retried: false },
      { acked: true, retried: false },
    ]);
    expect((await rowOf(id))?.status).toBe("sent");
  });

  it("a delivery that died holding the message does not block it once its lease has run out", async () => {
    const id = await submit();
    const expired = new Date(Date.now() - 1000).toISOString();
    await env.DB.prepare("UPDATE contact_messages SET claimed_until = ?, claim_token = 'dead' WHERE id = ?")
      .bind(expired, id)
      .run();
    const { mailer, sent } = recordingMailer();
    await consume(id, mailer);
    expect(recipients(sent)).toEqual([validMessage.email, env.STAFF_EMAIL_TO]);
  });

  it("the sweeper leaves a message alone while a delivery holds it", async () => {
    const broken = { ...env, CONTACT_QUEUE: { send: () => Promise.reject(new Error("queue down")) } } as unknown as Env;
    const response = await api.fetch(contactRequest(validMessage), broken);
    const { id } = (await response.json()) as { id: string };
    const later = new Date(Date.now() + 60 * 60_000);
    const heldUntil = new Date(later.getTime() + 60_000).toISOString();
    await env.DB.prepare("UPDATE contact_messages SET claimed_until = ?, claim_token = 'busy' WHERE id = ?")
      .bind(heldUntil, id)
      .run();
    const queue = recordingQueue();
    await sweepStalledMessages(queue.environment, later);
    expect(queue.enqueued).not.toContainEqual({ messageId: id });
  });
});

describe("a dead letter", () => {
  it("is marked failed first, then staff get one e-mail naming it by id and nothing the visitor wrote", async () => {
    const id = await submit();
    const statusAtNotice: (string | undefined)[] = [];
    const { mailer: recording, sent } = recordingMailer();
    const mailer: Mailer = {
      async send(email) {
        statusAtNotice.push((await rowOf(id))?.status);
        await recording.send(email);
      },
    };
    const result = await deadLetter(id, mailer);
    expect(result.explicitAcks).toHaveLength(1);
    expect(statusAtNotice).toEqual(["failed"]);
    expect(recipients(sent)).toEqual([env.STAFF_EMAIL_TO]);
    const notice = await readEmail(sent[0]!);
    expect(notice.subject).toContain(id);
    expect(notice.text).toContain(id);
    expect(notice.text).toContain("npm run contact -- retry-failed");
    const whole = `${notice.subject}\n${notice.text}`;
    for (const field of [validMessage.firstName, validMessage.lastName, validMessage.email, validMessage.phone]) {
      expect(whole).not.toContain(field);
    }
    expect(whole).not.toContain("test drive");

    // The queue may hand the same dead letter over again: staff are told once.
    await deadLetter(id, mailer);
    expect(sent).toHaveLength(1);
  });

  it("is still marked failed and acknowledged when the notice itself cannot be sent", async () => {
    const id = await submit();
    const { mailer: failing, sent } = recordingMailer({ failTimes: 1 });
    let tries = 0;
    const mailer: Mailer = { send: (email) => ((tries += 1), failing.send(email)) };
    const result = await deadLetter(id, mailer);
    expect(tries).toBe(1);
    expect(sent).toHaveLength(0);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
    expect((await rowOf(id))?.status).toBe("failed");
  });

  it("stays failed: the sweeper never re-enqueues it and a late delivery sends nothing, until staff retry", async () => {
    const id = await submit();
    await deadLetter(id, recordingMailer().mailer);
    const { environment: watching, enqueued } = recordingQueue();
    for (const hoursLater of [1, 24, 24 * 30]) {
      await sweepStalledMessages(watching, new Date(Date.now() + hoursLater * 60 * 60_000));
    }
    expect(enqueued).not.toContainEqual({ messageId: id });

    const { mailer, sent } = recordingMailer();
    expect(await consume(id, mailer)).toEqual({ acked: true, retried: false });
    expect(sent).toHaveLength(0);
    expect((await rowOf(id))?.status).toBe("failed");

    await env.DB.exec(requeueFailedSql());
    await sweepStalledMessages(watching, new Date());
    expect(enqueued).toContainEqual({ messageId: id });
    await consume(id, mailer);
    expect(recipients(sent)).toEqual([validMessage.email, env.STAFF_EMAIL_TO]);
  });
});
