import path from "node:path";
import { expect, test } from "@playwright/test";
import { unstable_readConfig } from "wrangler";
import { mailQueues } from "~/features/mail/mail-queues";

/**
 * The Worker tells dead letters from fresh messages by queue name (src/features/mail/mail-queues.ts),
 * while Cloudflare wires the queues from wrangler.toml. A rename in one and not the other would send
 * dead letters to the mail consumer and retry them for ever, so the two are compared here, in Node,
 * where wrangler's own parser can read wrangler.toml (the Worker tests run in workerd, which cannot).
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");

/** The part of wrangler's parsed config this test reads (its declared type does not resolve here). */
interface QueuesConfig {
  producers?: { binding: string; queue: string }[];
  consumers?: { queue: string; dead_letter_queue?: string }[];
}

test("the contact queues the code names are the ones wrangler.toml wires @desktop", () => {
  const { queues } = unstable_readConfig({ config: path.join(projectRoot, "wrangler.toml") }) as {
    queues: QueuesConfig;
  };
  expect(queues.producers?.find((producer) => producer.binding === "CONTACT_QUEUE")?.queue).toBe(mailQueues.messages);
  const consumerOf = (name: string) => queues.consumers?.find((consumer) => consumer.queue === name);
  expect(consumerOf(mailQueues.messages)?.dead_letter_queue).toBe(mailQueues.deadLetters);
  expect(consumerOf(mailQueues.deadLetters), "the Worker consumes its own dead letters").toBeDefined();
  expect(consumerOf(mailQueues.deadLetters)?.dead_letter_queue).toBeUndefined();
});
