import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import {
  handleContactBatch,
  handleDeadLetters,
  retryDelaySeconds,
  sweepStalledMessages,
} from "~/features/mail/mail-delivery.server";
import type { ContactQueueMessage } from "~/features/mail/outbox.server";
import { api } from "../../worker/api";
import { contactRequest, readEmail, recordingMailer, validMessage } from "./contact-support";

async function submit(body: Record<string, unknown> = validMessage): Promise<string> {
  const response = await api.fetch(contactRequest(body), env);
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

function batchFor(id: string, attempts = 1, queue = "contact-messages") {
  return createMessageBatch<ContactQueueMessage>(queue, [
    { id: `delivery-${id}-${attempts}`, timestamp: new Date(), attempts, body: { messageId: id } },
  ]);
}

async function consume(
  id: string,
  mailer: ReturnType<typeof recordingMailer>["mailer"],
  attempts = 1,
  environment: Env = env,
) {
  const batch = batchFor(id, attempts);
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  const ctx = createExecutionContext();
  await handleContactBatch(batch, environment, mailer);
  const result = await getQueueResult(batch, ctx);
  return { ...result, retryDelays: retry.mock.calls.map(([options]) => options?.delaySeconds) };
}

async function statusOf(id: string) {
  return env.DB.prepare("SELECT status, attempts, sent_at, last_error FROM contact_messages WHERE id = ?")
    .bind(id)
    .first<{
      status: string;
      attempts: number;
      sent_at: string | null;
      last_error: string | null;
    }>();
}

// Each test's customer starts with no e-mail from the site this hour: the messages of earlier tests,
// all from one address, would otherwise meet the hourly limit on customer e-mails (tested on its own).
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM contact_messages").run();
});

describe("the contact queue consumer", () => {
  it("e-mails staff once, with the visitor as Reply-To, and marks the message sent", async () => {
    const id = await submit({ ...validMessage, message: "Is the <b>Rover</b> & the Nomad in stock?" });
    const { mailer, sent } = recordingMailer();
    const result = await consume(id, mailer);
    expect(result.explicitAcks).toContain(`delivery-${id}-1`);
    // The visitor's own receipt goes first (tests/worker/customer-email.test.ts), then staff's.
    expect(sent.map((copy) => copy.to)).toEqual([validMessage.email, env.STAFF_EMAIL_TO]);
    const email = sent[1];
    expect(email?.to).toBe(env.STAFF_EMAIL_TO);
    expect(email?.from).toBe(env.STAFF_EMAIL_FROM);
    const read = await readEmail(email!);
    expect(read.replyTo).toEqual([{ name: "Ada Lovelace", address: "ada@example.org" }]);
    expect(read.subject).toContain("Ada Lovelace");
    expect(read.text).toContain("Is the <b>Rover</b> & the Nomad in stock?");
    expect(read.html).toContain("&#60;b&#62;Rover&#60;/b&#62; &#38; the Nomad");
    expect(await statusOf(id)).toMatchObject({ status: "sent", attempts: 1 });
    expect((await statusOf(id))?.sent_at).toBeTruthy();
  });

  it("names the vehicle the visitor wrote about", async () => {
    await env.DB.batch(
      upsertVehiclesSql(seedCatalogue.filter((vehicle) => vehicle.id === "denago-ev-city"))
        .split(/;\s*$/m)
        .filter((statement) => statement.trim())
        .map((statement) => env.DB.prepare(statement)),
    );
    const id = await submit({ ...validMessage, vehicleId: "denago-ev-city" });
    const { mailer, sent } = recordingMailer();
    await consume(id, mailer);
    const read = await readEmail(sent[1]!);
    expect(read.subject).toContain("DENAGO EV City");
    expect(read.text).toContain("/vehicle/denago-ev-city");
  });

  it("does not e-mail twice when the queue delivers the same message again", async () => {
    const id = await submit();
    const { mailer, sent } = recordingMailer();
    await consume(id, mailer, 1);
    const again = await consume(id, mailer, 2);
    expect(sent).toHaveLength(2);
    expect(again.explicitAcks).toContain(`delivery-${id}-2`);
  });

  it("retries with growing delays when sending fails, and e-mails once when it works", async () => {
    const id = await submit();
    const { mailer, sent } = recordingMailer({ failTo: env.STAFF_EMAIL_TO, failTimes: 2 });
    const first = await consume(id, mailer, 1);
    const second = await consume(id, mailer, 2);
    const third = await consume(id, mailer, 3);
    expect(first.retryMessages.map((message) => message.msgId)).toEqual([`delivery-${id}-1`]);
    expect(first.retryDelays).toEqual([retryDelaySeconds(1)]);
    expect(second.retryDelays).toEqual([retryDelaySeconds(2)]);
    expect(retryDelaySeconds(2)).toBeGreaterThan(retryDelaySeconds(1));
    expect(third.explicitAcks).toContain(`delivery-${id}-3`);
    expect(sent.map((copy) => copy.to)).toEqual([validMessage.email, env.STAFF_EMAIL_TO]);
    expect(await statusOf(id)).toMatchObject({ status: "sent", attempts: 3, last_error: null });
  });

  it("marks a message failed when it reaches the dead-letter queue", async () => {
    const id = await submit();
    const batch = batchFor(id, 6, "contact-messages-dlq");
    await handleDeadLetters(batch, env, recordingMailer().mailer);
    expect(await getQueueResult(batch, createExecutionContext())).toMatchObject({ explicitAcks: [`delivery-${id}-6`] });
    expect((await statusOf(id))?.status).toBe("failed");
  });

  it("also sends the lead to the CRM as ADF/XML when a CRM address is set", async () => {
    const id = await submit({ ...validMessage, interest: "service" });
    const { mailer, sent } = recordingMailer();
    await consume(id, mailer, 1, { ...env, CRM_LEAD_EMAIL_TO: "leads@crm.example.com" } as Env);
    expect(sent.map((email) => email.to)).toEqual([validMessage.email, env.STAFF_EMAIL_TO, "leads@crm.example.com"]);
    const lead = (await readEmail(sent[2]!)).text ?? "";
    expect(lead).toContain("<adf>");
    expect(lead).toContain("<prospect");
    expect(lead).toContain("<requestdate>");
    expect(lead).toContain('<name part="first">Ada</name>');
    expect(lead).toContain("<email>ada@example.org</email>");
    expect(lead).toContain("<vendor>");
  });
});

describe("the cron sweeper", () => {
  it("re-enqueues a message whose enqueue failed, once it is old enough", async () => {
    const broken = { ...env, CONTACT_QUEUE: { send: () => Promise.reject(new Error("queue down")) } } as unknown as Env;
    const response = await api.fetch(contactRequest(validMessage), broken);
    const { id } = (await response.json()) as { id: string };
    expect(await sweepStalledMessages(env, new Date())).toBe(0);
    const later = new Date(Date.now() + 5 * 60_000);
    expect(await sweepStalledMessages(env, later)).toBeGreaterThanOrEqual(1);
    const row = await env.DB.prepare("SELECT enqueued_at FROM contact_messages WHERE id = ?")
      .bind(id)
      .first<{ enqueued_at: string }>();
    expect(row?.enqueued_at).toBeTruthy();
    // Now enqueued, it is no longer stalled.
    expect(await sweepStalledMessages(env, later)).toBe(0);
  });
});
