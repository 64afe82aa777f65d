import { listVehicles } from "~/features/catalogue/catalogue.server";
import { sitemapXml } from "~/features/seo/sitemap";
import { workerContext } from "~/server/context.server";
import { database } from "~/server/db.server";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const vehicles = await listVehicles(database(context.get(workerContext).env.DB));
  return new Response(sitemapXml(vehicles.map((vehicle) => vehicle.id)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
