import { database } from "~/server/db.server";
import { readFormBody, BodyRefusal } from "~/server/post-body.server";
import { confirmAlert, endAlert, renewAlert } from "./alert-store.server";
import { recordBaseline } from "./alert-scan.server";
import type { ManageOutcome } from "./AlertPages";

/**
 * The POSTs of the confirm and manage pages. No same-origin check: the token in the address is
 * what authorises them, and a mail client's one-click unsubscribe (RFC 8058) posts from elsewhere.
 */

export async function confirmFromPage(env: Env, token: string): Promise<{ confirmed: boolean }> {
  const confirmed = await confirmAlert(database(env.DB), token);
  if (confirmed) await recordBaseline(env, confirmed);
  return { confirmed: confirmed !== null };
}

const managePage = /^\/alerts\/manage\/[^/]+\/?$/;

/**
 * The manage page's POST without its Origin header, for React Router, which refuses an action whose
 * Origin is another site's: RFC 8058's one-click unsubscribe comes from the mail provider's servers
 * and some send their own Origin. The token in the address authorises the POST, whatever its
 * origin, and the page changes nothing a stranger could use (it stops or renews that one alert).
 */
export function oneClickReady(request: Request): Request {
  if (request.method !== "POST" || !request.headers.has("Origin")) return request;
  if (!managePage.test(new URL(request.url).pathname)) return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return new Request(request, { headers });
}

/** Stop (the page's button, or `List-Unsubscribe=One-Click`) or renew. */
export async function manageFromPage(env: Env, request: Request, token: string): Promise<ManageOutcome> {
  const form = await readFormBody(request, 1024);
  const intent = form instanceof BodyRefusal ? "stop" : form.get("intent");
  if (intent === "renew") return { done: (await renewAlert(database(env.DB), token)) ? "renewed" : "gone" };
  return { done: (await endAlert(database(env.DB), token)) ? "stopped" : "gone" };
}
