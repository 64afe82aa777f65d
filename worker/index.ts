/**
 * The Worker: /api/* goes to the Hono API, every other request to React Router, which renders the
 * page with a fresh CSP nonce. Static files and pre-rendered pages never reach this code; the asset
 * layer answers them first.
 */
import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import { api } from "~/server/api.server";
import { createRouterContext } from "~/server/context.server";
import { applySecurityHeaders, createNonce } from "~/server/security-headers";

const renderPage = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const app = new Hono<{ Bindings: Env }>();

app.use(async (c, next) => {
  await next();
  c.res = new Response(c.res.body, c.res);
  applySecurityHeaders(c.res.headers, null);
});

app.route("/api", api);

// app.all, not app.get: form posts without JavaScript must reach the route actions.
app.all("*", (c) => {
  const context = createRouterContext({ env: c.env, ctx: c.executionCtx as ExecutionContext, nonce: createNonce() });
  return renderPage(c.req.raw, context);
});

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
