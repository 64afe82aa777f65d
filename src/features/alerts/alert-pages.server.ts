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

/** Stop (the page's button, or `List-Unsubscribe=One-Click`) or renew. */
export async function manageFromPage(env: Env, request: Request, token: string): Promise<ManageOutcome> {
  const form = await readFormBody(request, 1024);
  const intent = form instanceof BodyRefusal ? "stop" : form.get("intent");
  if (intent === "renew") return { done: (await renewAlert(database(env.DB), token)) ? "renewed" : "gone" };
  return { done: (await endAlert(database(env.DB), token)) ? "stopped" : "gone" };
}
