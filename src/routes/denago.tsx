import { denagoLineup, featuredModels, summarizeSeries } from "~/features/catalogue/brand-lineups";
import { listVehicles } from "~/features/catalogue/catalogue.server";
import { DenagoPage } from "~/features/catalogue/DenagoPage";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/denago";

export async function loader({ context }: Route.LoaderArgs) {
  const catalogue = await listVehicles(context.get(workerContext).db);
  return { series: summarizeSeries(denagoLineup, catalogue), models: featuredModels(denagoLineup, catalogue) };
}

export function meta() {
  return pageMeta({
    title: "DENAGO Electric Golf Carts: EV City, Nomad and Rover",
    description:
      "Shop the DENAGO lineup: the EV City, EV Nomad and lifted EV Rover electric carts, with local service and financing.",
    path: "/denago",
    breadcrumb: "DENAGO",
  });
}

export default function Denago({ loaderData }: Route.ComponentProps) {
  return <DenagoPage {...loaderData} />;
}
