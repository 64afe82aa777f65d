import { Hono } from "hono";
import type { ApiEnv } from "~/server/api-env";
import { takeContactMessage } from "./contact-intake.server";

export const contactApi = new Hono<ApiEnv>();

/** The form with JavaScript posts here as JSON; the checks are the no-JavaScript form's. */
contactApi.post("/", async (c) => {
  const outcome = await takeContactMessage(c.env, c.req.raw, "json");
  if (outcome.accepted) return c.json({ id: outcome.id, status: "queued" }, 202);
  const { status, error, fields, retryAfterSeconds } = outcome;
  if (retryAfterSeconds) c.header("Retry-After", String(retryAfterSeconds));
  return c.json(Object.keys(fields).length > 0 ? { error, fields } : { error }, status);
});
