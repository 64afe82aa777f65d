import { standInApi } from "./stand-in-api.server";

/**
 * The fetch the Stripe library is given while the stand-in plays Stripe: each request it would
 * send to api.stripe.com is answered by the stand-in's routes in this Worker, unchanged but for its
 * origin, so the library's own encoding, headers and idempotency keys are what the stand-in reads.
 */
export function standInFetch(env: Env, origin: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    // This site's own origin, so the pages the stand-in names (its checkout page) open in the browser.
    const local = new URL(`${url.pathname}${url.search}`, origin);
    return standInApi.fetch(new Request(local, request), env);
  };
}
