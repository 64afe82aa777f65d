import { listVehicles } from "~/features/catalogue/catalogue.server";
import { applyFilters, parseFilters } from "~/features/catalogue/filters";
import { InventoryError, InventoryPage } from "~/features/catalogue/InventoryPage";
import { summarizeVehicle } from "~/features/catalogue/vehicle-summary";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/inventory";

export async function loader({ url, context }: Route.LoaderArgs) {
  const filters = parseFilters(url.searchParams);
  const catalogue = await listVehicles(
    context.get(workerContext).db,
    filters.sort === "newest" ? "newest" : "featured",
  );
  const brands = [...new Set(catalogue.map((vehicle) => vehicle.brand))].sort();
  return { vehicles: applyFilters(catalogue, filters).map(summarizeVehicle), total: catalogue.length, filters, brands };
}

export function meta() {
  return pageMeta({
    title: "Golf Cart Inventory: New and Pre-owned Electric Carts",
    description:
      "Browse new DENAGO and EVOLUTION electric golf carts and inspected pre-owned carts. Filter by brand, series, price, seats and condition.",
    path: "/inventory",
    breadcrumb: "Inventory",
  });
}

export default function Inventory({ loaderData }: Route.ComponentProps) {
  return <InventoryPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <InventoryError />;
}
