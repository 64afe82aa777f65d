import { AboutPage } from "~/features/about/AboutPage";
import { featuredHeroCarts } from "~/features/catalogue/featured.server";
import { leadingDealerPhoto } from "~/features/photos/dealer-photos.server";
import { site } from "~/config/site";
import { pageMeta } from "~/seo/meta";
import { towns } from "~/config/towns";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(workerContext).db;
  const [photo, featured] = await Promise.all([leadingDealerPhoto(db, "about"), featuredHeroCarts(db)]);
  return { photo, featured };
}

export function meta() {
  return pageMeta({
    title: "About Us: Local Golf Cart Experts",
    description: `${site.claims.yearsInBusiness}+ years selling, renting and servicing golf carts in ${site.county}: our story, values, team and the ${towns.length} municipalities we serve.`,
    path: "/about",
    breadcrumb: "About",
  });
}

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage photo={loaderData.photo} featured={loaderData.featured} />;
}
