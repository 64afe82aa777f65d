import { listVehicles } from "~/features/catalogue/catalogue.server";
import { productFeedXml } from "~/features/catalogue/product-feed";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/product-feed";

export async function loader({ context }: Route.LoaderArgs) {
  const vehicles = await listVehicles(context.get(workerContext).db);
  return new Response(productFeedXml(vehicles), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
