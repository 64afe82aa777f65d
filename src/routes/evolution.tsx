import { evolutionLineup, featuredModels, summarizeSeries } from "~/features/catalogue/brand-lineups";
import { listVehicles } from "~/features/catalogue/catalogue.server";
import { EvolutionPage } from "~/features/catalogue/EvolutionPage";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/evolution";

export async function loader({ context }: Route.LoaderArgs) {
  const catalogue = await listVehicles(context.get(workerContext).db);
  return { series: summarizeSeries(evolutionLineup, catalogue), featured: featuredModels(evolutionLineup, catalogue) };
}

export function meta() {
  return pageMeta({
    title: "EVOLUTION Electric Vehicles: All Seven Series",
    description:
      "EVOLUTION D5 Ranger, D5 Maverick, Classic, Carrier, Forester, Turfman and D6 Max electric carts, with starting prices and local service.",
    path: "/evolution",
    breadcrumb: "EVOLUTION",
  });
}

export default function Evolution({ loaderData }: Route.ComponentProps) {
  return <EvolutionPage {...loaderData} />;
}
