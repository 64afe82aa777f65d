import { data } from "react-router";
import { labelOf, staffCatalogueCsvPath } from "~/config/pages";
import { site } from "~/config/site";
import { StaffSpreadsheetPage } from "~/features/staff/StaffSpreadsheetPage";
import { spreadsheetPost } from "~/features/staff/staff-spreadsheet.server";
import { workerContext } from "~/server/context.server";
import { staffPageForm } from "~/server/staff-form.server";
import { requireStaff } from "~/server/staff-access.server";
import { privatePageHeaders, StaffPageBoundary } from "~/shell/private-page";
import type { Route } from "./+types/staff-spreadsheet";

const title = labelOf("/staff/spreadsheet");

export const headers = privatePageHeaders;

export const ErrorBoundary = StaffPageBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context.get(workerContext).env);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = context.get(workerContext);
  const staff = await requireStaff(request, worker.env);
  const form = await staffPageForm(request);
  const outcome = await spreadsheetPost(worker.db, form, staff.email, worker.env.SPREADSHEET_SIGNING_KEY);
  return data(outcome, { status: outcome.status });
}

export function meta() {
  return [{ title: `${title} | Staff | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function StaffSpreadsheet({ actionData }: Route.ComponentProps) {
  return <StaffSpreadsheetPage title={title} downloadPath={staffCatalogueCsvPath} outcome={actionData} />;
}
