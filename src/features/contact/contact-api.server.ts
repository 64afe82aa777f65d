import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ApiEnv } from "~/server/api-env";
import {
  acceptContactMessage,
  isSameOrigin,
  tooManyMessages,
  verifyTurnstile,
  withinRateLimit,
} from "./contact-intake.server";
import { contactSchema, fieldErrorsFromZod } from "./contact-schema.server";

export const contactBodyLimitBytes = 16 * 1024;

export const contactApi = new Hono<ApiEnv>();

contactApi.post(
  "/",
  async (c, next) => {
    if (!isSameOrigin(c.req.raw)) return c.json({ error: "Requests from other sites are not accepted" }, 403);
    const type = c.req.header("Content-Type") ?? "";
    if (!/^application\/json\b/i.test(type)) return c.json({ error: "Send the message as application/json" }, 415);
    return next();
  },
  bodyLimit({
    maxSize: contactBodyLimitBytes,
    onError: (c) => c.json({ error: `The message is too large (limit ${contactBodyLimitBytes / 1024} KB)` }, 413),
  }),
  async (c, next) => {
    // Parse ourselves so malformed JSON gets a clear 400 instead of a framework default.
    try {
      const parsed: unknown = await c.req.json();
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        return c.json({ error: "The body must be a JSON object" }, 400);
      }
    } catch {
      return c.json({ error: "The body is not valid JSON" }, 400);
    }
    return next();
  },
  zValidator("json", contactSchema, (result, c) => {
    if (!result.success) {
      return c.json({ error: "Please correct the highlighted fields", fields: fieldErrorsFromZod(result.error) }, 400);
    }
  }),
  async (c) => {
    const submission = c.req.valid("json");
    // Counted once a message is well-formed: those are what cost storage and staff time.
    if (!(await withinRateLimit(c.env, c.req.raw))) {
      return c.json({ error: tooManyMessages }, 429);
    }
    const human = await verifyTurnstile(
      c.env.TURNSTILE_SECRET,
      submission.turnstileToken,
      c.req.header("CF-Connecting-IP") ?? null,
    );
    if (!human) return c.json({ error: "We could not confirm you are not a robot. Please try again." }, 403);
    const result = await acceptContactMessage(c.env, submission);
    const id = result.kind === "accepted" ? result.id : crypto.randomUUID();
    return c.json({ id, status: "queued" }, 202);
  },
);
