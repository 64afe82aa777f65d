import { data, redirect } from "react-router";
import { labelOf, staffVehiclePath } from "~/config/pages";
import { site } from "~/config/site";
import { StaffNewArrivalPage } from "~/features/staff/StaffNewArrivalPage";
import { addNewArrival } from "~/features/staff/staff-vehicle.server";
import { newArrivalChoices } from "~/features/staff/staff-vehicles.server";
import { newArrivalFromTradeIn } from "~/features/staff/staff-trade-ins.server";
import { workerContext } from "~/server/context.server";
import { staffPageForm } from "~/server/staff-form.server";
import { requireStaff } from "~/server/staff-access.server";
import { privatePageHeaders, StaffPageBoundary } from "~/shell/private-page";
import type { Route } from "./+types/staff-vehicle-new";

const title = labelOf("/staff/vehicles/new");

export const headers = privatePageHeaders;

export const ErrorBoundary = StaffPageBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  // "Start a new arrival from it" on a trade-in's page: the form comes filled from that cart.
  const tradeIn = new URL(request.url).searchParams.get("tradeIn");
  return {
    choices: await newArrivalChoices(worker.db),
    fromTradeIn: tradeIn ? await newArrivalFromTradeIn(worker, tradeIn) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = context.get(workerContext);
  const staff = await requireStaff(request, worker.env);
  const form = await staffPageForm(request);
  const added = await addNewArrival(worker, form, staff.email);
  if ("id" in added) return redirect(staffVehiclePath(added.id), 303);
  return data(added, { status: added.status });
}

export function meta() {
  return [{ title: `${title} | Staff | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function StaffVehicleNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StaffNewArrivalPage
      choices={loaderData.choices}
      title={title}
      outcome={actionData}
      fromTradeIn={loaderData.fromTradeIn}
    />
  );
}
