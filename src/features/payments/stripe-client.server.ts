import type Stripe from "stripe";
import { isThisMachine } from "~/server/https-redirect";
import { standInFetch } from "./stand-in/stand-in-fetch.server";

/**
 * The Stripe client, through the official library on Workers' fetch. With STRIPE_SECRET_KEY it
 * talks to Stripe. Without it, on this machine only and only while `npm start` has set
 * PAYMENT_STAND_IN_SECRET, the same library is pointed at the local stand-in (stand-in/), which
 * answers the few calls the site makes as Stripe's API reference documents them. Otherwise there
 * is no client, and no page offers to take money.
 */
export async function stripeClient(env: Env, requestUrl: URL | null): Promise<Stripe | null> {
  if (!depositsOffered(env, requestUrl)) return null;
  const StripeLibrary = await stripeLibrary();
  if (env.STRIPE_SECRET_KEY) {
    return new StripeLibrary(env.STRIPE_SECRET_KEY, {
      httpClient: StripeLibrary.createFetchHttpClient(),
      maxNetworkRetries: 2,
    });
  }
  return new StripeLibrary("sk_test_local_stand_in", {
    httpClient: StripeLibrary.createFetchHttpClient(standInFetch(env, requestUrl?.origin ?? "http://localhost")),
    maxNetworkRetries: 0,
  });
}

/**
 * Whether the stand-in answers: never with a real key, never without the local-only secret that
 * `wrangler deploy` never uploads, and only for a request to this machine (the cron job, which has
 * no request, counts as this machine's only when the secret is there).
 */
export function standInAllowed(env: Env, requestUrl: URL | null): boolean {
  if (env.STRIPE_SECRET_KEY || !env.PAYMENT_STAND_IN_SECRET) return false;
  return requestUrl === null || isThisMachine(requestUrl);
}

/** Whether the pages offer to take a deposit: with Stripe's key, or where the stand-in answers. */
export function depositsOffered(env: Env, requestUrl: URL | null): boolean {
  return Boolean(env.STRIPE_SECRET_KEY) || standInAllowed(env, requestUrl);
}

/** The secret webhooks are verified with: Stripe's endpoint secret, or the stand-in's local one. */
export function webhookSecret(env: Env, requestUrl: URL): string | null {
  if (env.STRIPE_SECRET_KEY) return env.STRIPE_WEBHOOK_SECRET || null;
  return standInAllowed(env, requestUrl) ? env.PAYMENT_STAND_IN_SECRET! : null;
}

/**
 * The library, loaded on first use rather than when the Worker starts: it is a seventh of the
 * script, and only the few requests that touch money need it.
 */
export async function stripeLibrary(): Promise<typeof Stripe> {
  return (await import("stripe")).default;
}
