import { data } from "react-router";
import { site } from "~/config/site";
import { StaffTradeInPage } from "~/features/staff/StaffTradeInPage";
import { answerFromStaffPage, staffTradeInView } from "~/features/staff/staff-trade-ins.server";
import { workerContext } from "~/server/context.server";
import { staffPageForm } from "~/server/staff-form.server";
import { requireStaff } from "~/server/staff-access.server";
import { privatePageHeaders, StaffPageBoundary } from "~/shell/private-page";
import type { Route } from "./+types/staff-trade-in";

export const headers = privatePageHeaders;

export const ErrorBoundary = StaffPageBoundary;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  const trade = await staffTradeInView(worker, params.id, new Date());
  if (!trade) throw data(null, { status: 404 });
  return { trade };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const worker = context.get(workerContext);
  const staff = await requireStaff(request, worker.env);
  const form = await staffPageForm(request);
  const outcome = await answerFromStaffPage(worker, params.id, form, staff.email);
  return data(outcome, { status: outcome.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Trade-in: ${loaderData.trade.cart}` : "No such trade-in";
  return [{ title: `${title} | Staff | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function StaffTradeIn({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffTradeInPage trade={loaderData.trade} outcome={actionData} />;
}
