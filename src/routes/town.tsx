import { data } from "react-router";
import { TownPage } from "~/features/towns/TownPage";
import { townMeta } from "~/features/towns/town-meta";
import { findTownByPath } from "~/config/towns";
import type { Route } from "./+types/town";

export function loader({ url }: Route.LoaderArgs) {
  const town = findTownByPath(url.pathname);
  if (!town) throw data(null, { status: 404 });
  return { slug: town.slug, path: url.pathname };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const town = loaderData ? findTownByPath(loaderData.path) : undefined;
  return town ? townMeta(town) : [{ title: "404 Page Not Found" }];
}

export default function Town({ loaderData }: Route.ComponentProps) {
  const town = findTownByPath(loaderData.path);
  return town ? <TownPage town={town} /> : null;
}
