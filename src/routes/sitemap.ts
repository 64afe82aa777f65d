import { sitemapPaths } from "~/config/pages";
import { listVehicleIds } from "~/features/catalogue/catalogue.server";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import { sitemapXml } from "~/seo/sitemap";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const vehicleIds = await listVehicleIds(context.get(workerContext).db);
  return new Response(sitemapXml([...sitemapPaths, ...vehicleIds.map(canonicalVehiclePath)]), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
