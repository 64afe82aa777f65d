import { calculateEcoImpact, parseEcoInput } from "~/features/eco-impact/calculate";
import { EcoImpactPage } from "~/features/eco-impact/EcoImpactPage";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/eco-impact";

export function loader({ url }: Route.LoaderArgs) {
  const { input, problems } = parseEcoInput(url.searchParams);
  const submitted = url.searchParams.has("miles");
  return { input, problems, result: submitted && problems.length === 0 ? calculateEcoImpact(input) : null };
}

export function meta() {
  return pageMeta({
    title: "Eco-Impact Calculator: CO2 and Fuel an Electric Cart Saves",
    description:
      "Estimate the CO2, gasoline and money an electric golf cart saves over a gas cart, by miles per week, usage and years.",
    path: "/eco-impact",
    breadcrumb: "Eco-Impact Calculator",
  });
}

export default function EcoImpact({ loaderData }: Route.ComponentProps) {
  return <EcoImpactPage {...loaderData} />;
}
