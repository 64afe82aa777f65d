import { data } from "react-router";
import { site } from "~/config/site";
import { StaffFailedMailPage } from "~/features/staff/StaffFailedMailPage";
import { retryFromStaffPage, staffFailedMailView } from "~/features/staff/staff-failed-mail.server";
import { workerContext } from "~/server/context.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { staffPageForm } from "~/server/staff-form.server";
import { requireStaff } from "~/server/staff-access.server";
import { privatePageHeaders, StaffPageBoundary } from "~/shell/private-page";
import type { Route } from "./+types/staff-failed-mail";

export const headers = privatePageHeaders;

export const ErrorBoundary = StaffPageBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  return { messages: await staffFailedMailView(worker) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  if (!isSameOrigin(request)) {
    return data({ changed: false, message: "Requests from other sites are not accepted." }, { status: 403 });
  }
  // The button's form carries nothing to read, but only a staff page's form reaches the retry.
  await staffPageForm(request);
  const { status, ...shown } = await retryFromStaffPage(worker);
  return data(shown, { status });
}

export function meta() {
  return [{ title: `Failed e-mails | Staff | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function StaffFailedMail({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffFailedMailPage messages={loaderData.messages} outcome={actionData} />;
}
