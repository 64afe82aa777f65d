/**
 * The queue names the code relies on: the Worker tells dead letters from fresh messages by the name
 * of the queue a batch came from. wrangler.toml is what Cloudflare reads and cannot import this, so
 * it names them too; tests/e2e/contact-queue-names.spec.ts reads wrangler.toml with wrangler's own
 * parser and fails when the two disagree. This module imports nothing, so that Node-side check can
 * load it.
 */
export const mailQueues = { messages: "contact-messages", deadLetters: "contact-messages-dlq" } as const;
