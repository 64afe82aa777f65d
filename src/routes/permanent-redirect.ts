import { data, redirect } from "react-router";
import { permanentRedirectTarget } from "~/config/pages";
import type { Route } from "./+types/permanent-redirect";

/** Other names of a page: the router answers them as the asset layer's `_redirects` does. */
export function loader({ url }: Route.LoaderArgs) {
  const target = permanentRedirectTarget(url.pathname);
  if (!target) throw data("Not found", { status: 404 });
  return redirect(target, 301);
}
