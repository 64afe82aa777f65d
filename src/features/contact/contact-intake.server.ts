import { database } from "~/server/db.server";
import type { ContactInput } from "./contact-rules";
import type { ContactSubmission } from "./contact-schema.server";
import { markEnqueued, storeContactMessage, type ContactQueueMessage } from "./contact-store.server";

export const turnstileVerifyUrl = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** Server-side Turnstile check; skipped when no secret is configured. */
export async function verifyTurnstile(
  secret: string | undefined,
  token: string | undefined,
  ip: string | null,
): Promise<boolean> {
  if (!secret) return true;
  if (!token) return false;
  const form = new FormData();
  form.set("secret", secret);
  form.set("response", token);
  if (ip) form.set("remoteip", ip);
  try {
    const response = await fetch(turnstileVerifyUrl, { method: "POST", body: form });
    const outcome = (await response.json()) as { success?: boolean };
    return outcome.success === true;
  } catch {
    return false;
  }
}

export type IntakeResult = { kind: "accepted"; id: string } | { kind: "dropped" };

/**
 * Stores a valid message, then queues it by id. The message is safe in D1 before the visitor is
 * told it arrived; if the queue refuses it, the cron sweeper enqueues it later.
 */
export async function acceptContactMessage(env: Env, submission: ContactSubmission): Promise<IntakeResult> {
  // Bots fill the hidden field; they get the same answer as people and nothing is stored.
  if (submission.website) return { kind: "dropped" };
  const input: ContactInput = {
    firstName: submission.firstName,
    lastName: submission.lastName,
    email: submission.email,
    phone: submission.phone,
    interest: submission.interest,
    message: submission.message,
    vehicleId: submission.vehicleId,
  };
  const db = database(env.DB);
  const id = await storeContactMessage(db, input);
  try {
    await env.CONTACT_QUEUE.send({ messageId: id } satisfies ContactQueueMessage);
    await markEnqueued(db, id);
  } catch (error) {
    console.error("contact enqueue failed; the sweeper will retry", {
      messageId: id,
      reason: error instanceof Error ? error.message : String(error),
    });
  }
  return { kind: "accepted", id };
}

export const tooManyMessages = "Too many messages. Please wait a minute and try again, or call us.";

/** Counts a message against its sender's address (as Cloudflare saw it); false past the limit. */
export async function withinRateLimit(env: Env, request: Request): Promise<boolean> {
  const key = request.headers.get("CF-Connecting-IP") ?? "unknown-client";
  const { success } = await env.CONTACT_RATE_LIMITER.limit({ key });
  return success;
}

/** True when the request comes from this site (or names no origin, as same-origin GETs may). */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return true;
  return origin === new URL(request.url).origin;
}
