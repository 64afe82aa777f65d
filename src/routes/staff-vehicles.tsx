import { labelOf } from "~/config/pages";
import { site } from "~/config/site";
import { StaffVehiclesPage } from "~/features/staff/StaffVehiclesPage";
import { staffVehicleList } from "~/features/staff/staff-vehicles.server";
import { workerContext } from "~/server/context.server";
import { requireStaff } from "~/server/staff-access.server";
import { privatePageHeaders } from "~/shell/private-page";
import type { Route } from "./+types/staff-vehicles";

const title = labelOf("/staff/vehicles");

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  return { list: await staffVehicleList(worker.db, query) };
}

export function meta() {
  return [{ title: `${title} | Staff | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function StaffVehicles({ loaderData }: Route.ComponentProps) {
  return <StaffVehiclesPage list={loaderData.list} title={title} />;
}
