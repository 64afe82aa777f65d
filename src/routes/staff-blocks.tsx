import { data } from "react-router";
import { site } from "~/config/site";
import { StaffBlocksPage } from "~/features/staff/StaffBlocksPage";
import { blocksActionFromStaffPage, staffBlocksView } from "~/features/staff/staff-blocks.server";
import { workerContext } from "~/server/context.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { staffPageForm } from "~/server/staff-form.server";
import { requireStaff } from "~/server/staff-access.server";
import { privatePageHeaders, StaffPageBoundary } from "~/shell/private-page";
import type { Route } from "./+types/staff-blocks";

export const headers = privatePageHeaders;

export const ErrorBoundary = StaffPageBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  return { view: await staffBlocksView(worker, new Date()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  if (!isSameOrigin(request)) {
    return data({ changed: false, message: "Requests from other sites are not accepted." }, { status: 403 });
  }
  const form = await staffPageForm(request);
  const outcome = await blocksActionFromStaffPage(worker, form, new Date());
  const { status, ...shown } = outcome;
  return data(shown, { status });
}

export function meta() {
  return [{ title: `Blocks | Staff | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function StaffBlocks({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffBlocksPage view={loaderData.view} outcome={actionData} />;
}
