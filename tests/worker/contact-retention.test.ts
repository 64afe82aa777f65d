import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { contactMessageRetention } from "~/config/data-retention";
import { deleteExpiredContactMessages } from "~/features/mail/outbox-retention.server";
import { privacyDocument } from "~/features/policies/site-documents";
import worker from "../../worker/index";
import { api } from "../../worker/api";
import { contactRequest, validMessage } from "./contact-support";

/**
 * Contact messages are kept for the period the privacy page states and no longer: the cron job
 * deletes older ones whatever became of them, and the page reads the period from the same setting.
 */

async function messageReceived(monthsAgo: number, daysAgo: number, status = "sent"): Promise<string> {
  const quiet = { ...env, CONTACT_QUEUE: { send: async () => undefined } } as unknown as Env;
  const response = await api.fetch(contactRequest(validMessage), quiet);
  const { id } = (await response.json()) as { id: string };
  const received = new Date();
  received.setUTCMonth(received.getUTCMonth() - monthsAgo);
  received.setUTCDate(received.getUTCDate() - daysAgo);
  await env.DB.prepare("UPDATE contact_messages SET created_at = ?, status = ? WHERE id = ?")
    .bind(received.toISOString(), status, id)
    .run();
  return id;
}

async function stillStored(ids: string[]): Promise<string[]> {
  const kept: string[] = [];
  for (const id of ids) {
    if (await env.DB.prepare("SELECT 1 FROM contact_messages WHERE id = ?").bind(id).first()) kept.push(id);
  }
  return kept;
}

const months = contactMessageRetention.months;

describe("contact message retention", () => {
  it("deletes messages older than the retention period, sent, failed or never sent, and keeps the rest", async () => {
    const expired = [
      await messageReceived(months, 1, "sent"),
      await messageReceived(months + 6, 0, "failed"),
      await messageReceived(months, 2, "queued"),
    ];
    const kept = [await messageReceived(months - 1, 0), await messageReceived(0, 0)];
    await deleteExpiredContactMessages(env, new Date());
    expect(await stillStored(expired)).toEqual([]);
    expect(await stillStored(kept)).toEqual(kept);
  });

  it("forgets the sender's address once past the hour its limits count, and keeps it within", async () => {
    const past = await messageReceived(0, 1);
    const recent = await messageReceived(0, 0);
    await deleteExpiredContactMessages(env, new Date());
    const senderOf = (id: string) =>
      env.DB.prepare("SELECT client_key AS client, network_key AS network FROM contact_messages WHERE id = ?")
        .bind(id)
        .first<{ client: string; network: string }>();
    expect(await senderOf(past)).toEqual({ client: "", network: "" });
    expect((await senderOf(recent))?.client).toMatch(/\/64$/);
    expect((await senderOf(recent))?.network).toMatch(/\/48$/);
  });

  it("runs with the Worker's cron job", async () => {
    const expired = await messageReceived(months, 1);
    const kept = await messageReceived(months - 1, 0);
    const quiet = { ...env, CONTACT_QUEUE: { send: async () => undefined } } as unknown as Env;
    await worker.scheduled(createScheduledController(), quiet);
    expect(await stillStored([expired, kept])).toEqual([kept]);
  });

  it("is the period the privacy page states", () => {
    const text = privacyDocument.sections.flatMap((section) => [
      ...(section.paragraphs ?? []),
      ...(section.list ?? []),
    ]);
    expect(text.join("\n")).toContain(`deleted automatically ${months} months after they arrive`);
  });
});
