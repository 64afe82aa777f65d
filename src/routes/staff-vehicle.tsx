import { data } from "react-router";
import { site } from "~/config/site";
import { visibleText } from "~/lib/visible-text";
import { StaffVehiclePage } from "~/features/staff/StaffVehiclePage";
import { changeFromStaffPage, staffVehicleView } from "~/features/staff/staff-vehicle.server";
import { workerContext } from "~/server/context.server";
import { staffPageForm } from "~/server/staff-form.server";
import { requireStaff } from "~/server/staff-access.server";
import { privatePageHeaders, StaffPageBoundary } from "~/shell/private-page";
import type { Route } from "./+types/staff-vehicle";

export const headers = privatePageHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  const staff = await requireStaff(request, worker.env);
  const view = await staffVehicleView(worker, params.id);
  if (!view) throw data(null, { status: 404 });
  return { view, staffEmail: staff.email };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const worker = context.get(workerContext);
  const staff = await requireStaff(request, worker.env);
  const form = await staffPageForm(request);
  const outcome = await changeFromStaffPage(worker, params.id, form, staff.email);
  return data(outcome, { status: outcome.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData
    ? `${visibleText(loaderData.view.vehicle.name)} (${loaderData.view.statusWords})`
    : "No such vehicle";
  return [{ title: `${title} | Staff | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = StaffPageBoundary;

export default function StaffVehicle({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffVehiclePage view={loaderData.view} staffEmail={loaderData.staffEmail} outcome={actionData} />;
}
