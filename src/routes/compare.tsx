import { comparePageData } from "~/features/catalogue/compare-page.server";
import { ComparePage } from "~/features/catalogue/ComparePage";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/compare";

export async function loader({ url, context }: Route.LoaderArgs) {
  return comparePageData(context.get(workerContext).db, url.searchParams);
}

export function meta() {
  return pageMeta({
    title: "Compare Golf Carts Side by Side",
    description: "Compare up to four electric golf carts: price, out-the-door price, seats, range, speed and road use.",
    path: "/compare",
    breadcrumb: "Compare",
    trail: [{ name: "Inventory", path: "/inventory" }],
  });
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  return <ComparePage page={loaderData} />;
}
