import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { isIslandRoute, isRobotCheckRoute } from "~/config/pages";
import { NonceContext } from "~/lib/nonce";
import { workerContext } from "~/server/context.server";
import { applySecurityHeaders } from "~/server/security-headers";
import { stylesheetHref } from "~/styles/stylesheet";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, env } = loadContext.get(workerContext);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A plain document runs no script, so its policy allows none, as the pre-rendered pages' does.
  // (Under `npm run dev` every page runs a script: plain pages get one that reloads them on a change.)
  // A form with Turnstile's widget runs its one script, on plain pages too, once the keys are set.
  const routeIds = routerContext.staticHandlerContext.matches.map((match) => match.route.id);
  const isHydrated = routeIds.some(isIslandRoute);
  const showsRobotCheck = Boolean(env.TURNSTILE_SITE_KEY?.trim()) && routeIds.some(isRobotCheckRoute);
  applySecurityHeaders(responseHeaders, isHydrated || showsRobotCheck || import.meta.env.DEV ? nonce : null);
  // The one render-blocking file: the browser can fetch it on the answer's first bytes, before it
  // has parsed the head, and the edge can send the header ahead of the page as an Early Hint.
  responseHeaders.append("Link", `<${stylesheetHref}>; rel=preload; as=style`);

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and pre-rendering get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
