import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleContactBatch } from "~/features/mail/mail-delivery.server";
import type { ContactInput } from "~/features/contact/contact-rules";
import { ContactStoreError, storeContactMessage, type ContactQueueMessage } from "~/features/mail/outbox.server";
import type { Mailer } from "~/features/mail/mailer.server";
import { database } from "~/server/db.server";
import { api } from "../../worker/api";
import { contactRequest } from "./contact-support";

/**
 * Logs are read by whoever runs the account, kept by Cloudflare and shipped to log tools: no log
 * line may hold what a visitor wrote, even when something fails with their data in hand.
 */

const visitor = {
  firstName: "Zebulon",
  lastName: "Quackenbush",
  email: "zq-7731@mailbox.example.org",
  phone: "570-555-7731",
  interest: "service",
  message: "My purple cart squeaks on the left rear wheel.",
} as const;
const visitorFields = [visitor.firstName, visitor.lastName, visitor.email, visitor.phone, visitor.message];

/** Everything printed to the console, errors with their messages, stacks and causes spelled out. */
function captureConsole() {
  const spies = (["error", "log", "warn", "info", "debug"] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation(() => undefined),
  );
  const spelled = (value: unknown, depth = 0): string => {
    if (depth > 5) return "";
    if (value instanceof Error) {
      return `${value.name} ${value.message} ${value.stack ?? ""} ${JSON.stringify(value)} ${spelled(value.cause, depth + 1)}`;
    }
    if (value && typeof value === "object") {
      return Object.entries(value)
        .map(([key, inner]) => `${key}=${spelled(inner, depth + 1)}`)
        .join(" ");
    }
    return String(value);
  };
  return {
    calls: () => spies.flatMap((spy) => spy.mock.calls),
    text: () =>
      spies
        .flatMap((spy) => spy.mock.calls)
        .map((call) => call.map((argument) => spelled(argument)).join(" "))
        .join("\n"),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The database itself refuses every new contact message, as a broken migration or a full disk would. */
async function withRefusingTable<T>(run: () => Promise<T>): Promise<T> {
  await env.DB.exec(
    "CREATE TRIGGER refuse_contact_messages BEFORE INSERT ON contact_messages BEGIN SELECT RAISE(ABORT, 'refused'); END;",
  );
  try {
    return await run();
  } finally {
    await env.DB.exec("DROP TRIGGER refuse_contact_messages;");
  }
}

describe("no visitor data in logs", () => {
  it("a message the database refuses to store logs its id and the error's code, never the message", async () => {
    const logged = captureConsole();
    const response = await withRefusingTable(async () => api.fetch(contactRequest(visitor), env));
    expect(response.status).toBe(500);
    const text = logged.text();
    for (const field of visitorFields) expect(text).not.toContain(field);
    const notStored = logged.calls().find(([line]) => line === "contact message not stored");
    expect(notStored?.[1]).toEqual({ messageId: expect.stringMatching(/^[0-9a-f-]{36}$/), code: "SQLITE_CONSTRAINT" });
  });

  it("the error a failed insert throws carries the message id and code, not the values drizzle saw", async () => {
    const logged = captureConsole();
    const refused = await storeContactMessage(database(env.DB), {
      ...visitor,
      interest: "pizza",
    } as unknown as ContactInput)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContactStoreError);
    const error = refused as ContactStoreError;
    expect(error.code).toBe("SQLITE_CONSTRAINT");
    expect(error.cause).toBeUndefined();
    for (const field of visitorFields) {
      expect(`${error.message} ${error.stack}`).not.toContain(field);
      expect(logged.text()).not.toContain(field);
    }
  });

  it("a mail failure whose text echoes the visitor's address is logged by its kind only", async () => {
    const response = await api.fetch(contactRequest(visitor), {
      ...env,
      CONTACT_QUEUE: { send: async () => undefined },
    } as unknown as Env);
    const { id } = (await response.json()) as { id: string };
    const rejecting: Mailer = {
      async send() {
        throw new Error(`550 5.1.1 <${visitor.email}>: mailbox of ${visitor.firstName} ${visitor.lastName} rejected`);
      },
    };
    const logged = captureConsole();
    const batch = createMessageBatch<ContactQueueMessage>("contact-messages", [
      { id: "delivery-1", timestamp: new Date(), attempts: 1, body: { messageId: id } },
    ]);
    await handleContactBatch(batch, env, rejecting);
    expect((await getQueueResult(batch, createExecutionContext())).retryMessages).toHaveLength(1);
    const text = logged.text();
    expect(text).toContain(id);
    for (const field of visitorFields) expect(text).not.toContain(field);
  });
});
