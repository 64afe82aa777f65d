import { data } from "react-router";
import { PaperworkPage } from "~/features/rentals/PaperworkPage";
import { paperworkView } from "~/features/rentals/paperwork.server";
import { signPaperwork } from "~/features/rentals/paperwork-signing.server";
import { workerContext } from "~/server/context.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { NotFoundBoundary, privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/rental-paperwork";

export const headers = privatePageHeaders;
export const ErrorBoundary = NotFoundBoundary;

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await paperworkView(context.get(workerContext).db, params.token);
  if (!view) throw data(null, { status: 404 });
  return { view };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const worker = context.get(workerContext);
  if (!isSameOrigin(request)) {
    return data({ ok: false, message: "Requests from other sites are not accepted." }, { status: 403 });
  }
  const form = await request.formData().catch(() => new FormData());
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const outcome = await signPaperwork(worker, params.token, {
    consent: text("consent") === "yes",
    name: text("name"),
    shownHash: text("shown"),
  });
  if (!outcome.ok && outcome.status === 404) throw data(null, { status: 404 });
  return outcome.ok ? outcome : data(outcome, { status: outcome.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.view.title);
}

export default function RentalPaperwork({ loaderData, actionData }: Route.ComponentProps) {
  return <PaperworkPage view={loaderData.view} answer={actionData} />;
}
