import { data } from "react-router";
import { staticPageHandle } from "~/features/layout/route-handle";
import { findTownByPath } from "~/features/towns/towns";
import type { Route } from "./+types/town";

export const handle = staticPageHandle;

export function loader({ url }: Route.LoaderArgs) {
  const town = findTownByPath(url.pathname);
  if (!town) throw data(null, { status: 404 });
  return { town };
}

export default function TownPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container page-section">
      <h1>Golf Carts in {loaderData.town.name}</h1>
    </section>
  );
}
