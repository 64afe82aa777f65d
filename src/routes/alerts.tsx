import { data } from "react-router";
import { alertWords } from "~/config/alert-terms";
import { AlertRequestPage } from "~/features/alerts/AlertRequestPage";
import { alertRequestFromForm, alertRequestFromQuery } from "~/features/alerts/alert-request-page.server";
import { robotCheckKey } from "~/server/turnstile.server";
import { workerContext } from "~/server/context.server";
import { privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/alerts";

export const headers = privatePageHeaders;

export function loader({ url, context }: Route.LoaderArgs) {
  return { view: alertRequestFromQuery(url.searchParams), siteKey: robotCheckKey(context.get(workerContext).env) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const view = await alertRequestFromForm(context.get(workerContext).env, request);
  const status = view.outcome && !view.outcome.accepted ? view.outcome.status : 200;
  return data({ view }, { status });
}

export function meta() {
  return privatePageMeta(alertWords.requestHeading);
}

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  return <AlertRequestPage view={actionData?.view ?? loaderData.view} siteKey={loaderData.siteKey} />;
}
