import { createExecutionContext } from "cloudflare:test";
import { createElement, type ComponentType } from "react";
import { renderToReadableStream } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
  useParams,
  useRouteError,
} from "react-router";
import { isStaffPath, pages, type PageKind } from "~/config/pages";
import { createRouterContext } from "~/server/context.server";
import { staffAnswer } from "~/server/staff-access.server";

/**
 * The registry's pages as the Worker's router serves them, for tests inside workerd (where the
 * build's server bundle does not exist): each route module's own loader, action and component,
 * and in front of `/staff` the Worker's own Access gate (worker/index.ts wires the same two).
 */

interface RouteModule {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
  default?: ComponentType<never>;
  ErrorBoundary?: ComponentType<never>;
}

const routeModules = import.meta.glob<RouteModule>("../../src/routes/*.{ts,tsx}", { eager: true });
const served: readonly PageKind[] = ["rendered", "resource", "staff"];

const handler = createStaticHandler(
  pages
    .filter((page) => served.includes(page.kind))
    .map((page) => {
      const module = routeModules[`../../src/${page.module}`]!;
      const Page = module.default;
      const Boundary = module.ErrorBoundary;
      return {
        id: page.id ?? page.module,
        path: page.path,
        ...(module.loader ? { loader: (args: unknown) => module.loader!(args as never) } : {}),
        ...(module.action ? { action: (args: unknown) => module.action!(args as never) } : {}),
        ...(Page
          ? {
              Component: () =>
                createElement(Page, {
                  loaderData: useLoaderData(),
                  actionData: useActionData(),
                  params: useParams(),
                } as never),
            }
          : {}),
        // A route's own boundary, as the build wires it: what a thrown refusal shows, with its status.
        ...(Boundary ? { ErrorBoundary: () => createElement(Boundary, { error: useRouteError() } as never) } : {}),
      };
    }),
);

/**
 * Routes that answer with their own response: every module without a component, as React Router
 * itself decides (a `resource` address, and staff ones such as a download or the island's photo post).
 */
const resourceIds = new Set(
  pages
    .filter((page) => served.includes(page.kind) && !routeModules[`../../src/${page.module}`]!.default)
    .map((page) => page.id ?? page.module),
);

async function render(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const requestContext = createRouterContext({ env, ctx, nonce: "test" });
  // A resource (XML, text, a calendar file) answers with its loader's own response, as the Worker's.
  const leaf = matchRoutes(handler.dataRoutes, new URL(request.url).pathname)?.at(-1);
  if (leaf && resourceIds.has(leaf.route.id)) {
    // A refusal thrown (a 403 from another site) is the answer, as React Router's server sends it.
    return handler.queryRoute(request, { requestContext }).catch((thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    });
  }
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) return context;
  const router = createStaticRouter(handler.dataRoutes, context);
  const stream = await renderToReadableStream(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  await stream.allReady;
  return new Response(stream, { status: context.statusCode, headers: { "Content-Type": "text/html" } });
}

/**
 * What the loaders behind `request` answered, as one string (a resource's status and body, a
 * redirect's target, or the pages' data and errors): all a page shows comes from it, so two equal
 * strings mean the page showed the same.
 */
export async function loadedData(request: Request, env: Env): Promise<string> {
  const requestContext = createRouterContext({ env, ctx: createExecutionContext(), nonce: "test" });
  const leaf = matchRoutes(handler.dataRoutes, new URL(request.url).pathname)?.at(-1);
  if (leaf && resourceIds.has(leaf.route.id)) {
    const answer = await handler.queryRoute(request, { requestContext });
    return `${answer.status} ${await answer.text()}`;
  }
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) return `${context.status} ${context.headers.get("Location")}`;
  return JSON.stringify({ status: context.statusCode, data: context.loaderData, errors: context.errors });
}

/**
 * The page's (or resource's) answer to `request`, a staff page's only past the Access check; `ctx`
 * is given where a test waits for what the answer left running (waitOnExecutionContext).
 */
export async function answerPage(
  request: Request,
  env: Env,
  ctx: ExecutionContext = createExecutionContext(),
): Promise<Response> {
  if (isStaffPath(new URL(request.url).pathname)) return staffAnswer(request, env, () => render(request, env, ctx));
  return render(request, env, ctx);
}
