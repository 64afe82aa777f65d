import { labelOf, staffPathPrefix } from "~/config/pages";
import { site } from "~/config/site";
import { AlertDemand } from "~/features/alerts/AlertDemand";
import { alertDemand } from "~/features/alerts/alert-demand.server";
import { StaffWeekPage } from "~/features/staff/StaffWeekPage";
import { staffCatalogueChores } from "~/features/staff/staff-vehicles.server";
import { staffWeekView } from "~/features/staff/staff-week.server";
import { waitingTradeIns } from "~/features/trade-ins/trade-in-store.server";
import { workerContext } from "~/server/context.server";
import { requireStaff } from "~/server/staff-access.server";
import { privatePageHeaders } from "~/shell/private-page";
import type { Route } from "./+types/staff-day";

const title = labelOf(staffPathPrefix);

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  return {
    week: await staffWeekView(worker, new Date()),
    demand: await alertDemand(worker.db),
    catalogue: await staffCatalogueChores(worker.db),
    tradeInsWaiting: await waitingTradeIns(worker.db),
  };
}

export function meta() {
  return [{ title: `${title} | Staff | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function StaffDay({ loaderData }: Route.ComponentProps) {
  return (
    <StaffWeekPage
      week={loaderData.week}
      title={title}
      catalogue={loaderData.catalogue}
      tradeInsWaiting={loaderData.tradeInsWaiting}
      demand={<AlertDemand demand={loaderData.demand} />}
    />
  );
}
