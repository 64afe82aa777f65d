import { redirect } from "react-router";
import { consentCookie, parseConsentChoice } from "~/lib/consent";
import type { Route } from "./+types/consent";

export async function action({ request }: Route.ActionArgs) {
  const choice = parseConsentChoice((await request.formData()).get("choice"));
  if (!choice) return Response.json({ error: "choice must be granted or denied" }, { status: 400 });
  const headers = { "Set-Cookie": consentCookie(choice) };
  // A fetcher submission stays on its page; a plain form post returns to where it came from.
  const referer = request.headers.get("Referer");
  const back = referer && new URL(referer).origin === new URL(request.url).origin ? new URL(referer).pathname : "/";
  return redirect(back, { headers });
}

export function loader() {
  return redirect("/");
}
