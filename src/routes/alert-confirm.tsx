import { AlertConfirmPage } from "~/features/alerts/AlertPages";
import { confirmFromPage } from "~/features/alerts/alert-pages.server";
import { alertWords } from "~/config/alert-terms";
import { workerContext } from "~/server/context.server";
import { privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/alert-confirm";

export const headers = privatePageHeaders;

export async function action({ params, context }: Route.ActionArgs) {
  return confirmFromPage(context.get(workerContext).env, params.token);
}

export function meta() {
  return privatePageMeta(alertWords.confirmHeading);
}

export default function AlertConfirm({ actionData }: Route.ComponentProps) {
  return <AlertConfirmPage outcome={actionData} />;
}
