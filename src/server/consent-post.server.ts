import { redirect } from "react-router";
import { requestLimits } from "~/config/request-limits";
import { consentCookie, parseConsentChoice } from "~/lib/consent";
import { BodyRefusal, readFormBody } from "./post-body.server";
import { isSameOrigin } from "./same-origin.server";

/**
 * Where to send the visitor back: the path of the page they posted from when it is on this site,
 * else the home page. A path starting with two slashes would be read by the browser as another
 * host (`//evil.example/`), so it counts as foreign.
 */
export function pathToReturnTo(referer: string | null, requestUrl: string): string {
  if (!referer || !URL.canParse(referer)) return "/";
  const from = new URL(referer);
  if (from.origin !== new URL(requestUrl).origin) return "/";
  const path = from.pathname;
  return path.startsWith("/") && !/^\/[/\\]/.test(path) ? path : "/";
}

/** POST /consent: remembers the embed choice and returns the visitor to the page they were on. */
export async function answerConsentPost(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) {
    return Response.json({ error: "Requests from other sites are not accepted" }, { status: 403 });
  }
  const form = await readFormBody(request, requestLimits.consentForm);
  if (form instanceof BodyRefusal) return Response.json({ error: form.error }, { status: form.status });
  const choice = parseConsentChoice(form.get("choice"));
  if (!choice) return Response.json({ error: "choice must be granted or denied" }, { status: 400 });
  return redirect(pathToReturnTo(request.headers.get("Referer"), request.url), {
    headers: { "Set-Cookie": consentCookie(choice) },
  });
}
