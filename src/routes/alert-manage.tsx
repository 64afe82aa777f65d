import { AlertManagePage } from "~/features/alerts/AlertPages";
import { manageFromPage } from "~/features/alerts/alert-pages.server";
import { alertWords } from "~/config/alert-terms";
import { workerContext } from "~/server/context.server";
import { privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/alert-manage";

export const headers = privatePageHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  return manageFromPage(context.get(workerContext).env, request, params.token);
}

export function meta() {
  return privatePageMeta(alertWords.manageHeading);
}

export default function AlertManage({ actionData }: Route.ComponentProps) {
  return <AlertManagePage outcome={actionData} />;
}
