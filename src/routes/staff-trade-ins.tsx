import { labelOf } from "~/config/pages";
import { site } from "~/config/site";
import { StaffTradeInsPage } from "~/features/staff/StaffTradeInsPage";
import { staffTradeInList } from "~/features/staff/staff-trade-ins.server";
import { workerContext } from "~/server/context.server";
import { requireStaff } from "~/server/staff-access.server";
import { privatePageHeaders, StaffPageBoundary } from "~/shell/private-page";
import type { Route } from "./+types/staff-trade-ins";

const title = labelOf("/staff/trade-ins");

export const headers = privatePageHeaders;

export const ErrorBoundary = StaffPageBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  return { lines: await staffTradeInList(worker, new Date()) };
}

export function meta() {
  return [{ title: `${title} | Staff | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function StaffTradeIns({ loaderData }: Route.ComponentProps) {
  return <StaffTradeInsPage lines={loaderData.lines} title={title} />;
}
