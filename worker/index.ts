/**
 * The Worker: /api/* goes to the Hono API, every other request to React Router; the queue handler
 * e-mails contact messages to staff and the cron sweeper re-enqueues stalled ones. Static files and
 * pre-rendered pages never reach this code; the asset layer answers them first.
 */
import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import {
  bindingMailer,
  handleContactBatch,
  handleDeadLetters,
  sweepStalledMessages,
} from "~/features/contact/contact-delivery.server";
import type { ContactQueueMessage } from "~/features/contact/contact-store.server";
import { api } from "~/server/api.server";
import { createRouterContext } from "~/server/context.server";
import { cachedAnswer } from "~/server/page-cache.server";
import { applySecurityHeaders } from "~/server/security-headers";

const loadServerBuild = () => import("virtual:react-router/server-build");
const renderPage = createRequestHandler(loadServerBuild, import.meta.env.MODE);
const currentBuild = async () => (await loadServerBuild()).assets.version;

const app = new Hono<{ Bindings: Env }>();

app.use(async (c, next) => {
  await next();
  c.res = new Response(c.res.body, c.res);
  applySecurityHeaders(c.res.headers, null);
});

// Catalogue answers change only when staff import; the edge keeps them until the catalogue does.
app.use("/api/vehicles/*", async (c, next) => {
  return cachedAnswer({
    request: c.req.raw,
    db: c.env.DB,
    ctx: c.executionCtx as ExecutionContext,
    build: await currentBuild(),
    produce: async () => {
      await next();
      return c.res;
    },
    browserCacheControl: "public, max-age=60, must-revalidate",
  });
});

app.route("/api", api);

// app.all, not app.get: form posts without JavaScript must reach the route actions.
app.all("*", async (c) => {
  const ctx = c.executionCtx as ExecutionContext;
  return cachedAnswer({
    request: c.req.raw,
    db: c.env.DB,
    ctx,
    build: await currentBuild(),
    produce: (nonce) => renderPage(c.req.raw, createRouterContext({ env: c.env, ctx, nonce })),
    browserCacheControl: "no-cache",
  });
});

const deadLetterQueue = "contact-messages-dlq";

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    if (batch.queue === deadLetterQueue) return handleDeadLetters(batch, env);
    return handleContactBatch(batch, env, bindingMailer(env.STAFF_EMAIL));
  },
  async scheduled(_controller, env) {
    await sweepStalledMessages(env);
  },
} satisfies ExportedHandler<Env, ContactQueueMessage>;
