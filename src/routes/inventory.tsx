import { SearchAlertForm } from "~/features/alerts/CatalogueAlertForms";
import { inventoryPageData } from "~/features/catalogue/inventory-page.server";
import { InventoryError, InventoryPage } from "~/features/catalogue/InventoryPage";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/inventory";

export async function loader({ url, context }: Route.LoaderArgs) {
  return inventoryPageData(context.get(workerContext).db, url.searchParams);
}

export function meta() {
  return pageMeta({
    title: "Golf Cart Inventory: New and Pre-owned Electric Carts",
    description:
      "Browse new DENAGO and EVOLUTION electric golf carts and inspected pre-owned carts. Filter by brand, series, price, seats, condition and street-legal LSVs.",
    path: "/inventory",
    breadcrumb: "Inventory",
  });
}

export default function Inventory({ loaderData }: Route.ComponentProps) {
  return <InventoryPage {...loaderData} alertForm={<SearchAlertForm filters={loaderData.filters} />} />;
}

export function ErrorBoundary() {
  return <InventoryError />;
}
