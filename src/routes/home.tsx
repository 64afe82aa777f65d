import { featuredCards } from "~/features/catalogue/featured.server";
import { leadingDealerPhoto } from "~/features/photos/dealer-photos.server";
import { HomePage } from "~/features/home/HomePage";
import { site } from "~/config/site";
import { pageMeta } from "~/seo/meta";
import { areaServedFor, autoDealerJsonLd } from "~/seo/structured-data";
import { towns } from "~/config/towns";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(workerContext).db;
  // The home hero shows a home photo, else the showroom's, else the featured carts.
  const [featured, photo] = await Promise.all([featuredCards(db), leadingDealerPhoto(db, "home")]);
  return { featured, photo };
}

export function meta() {
  return pageMeta({
    title: `${site.name}: Electric Golf Carts in ${site.county}, PA`,
    description: `DENAGO and EVOLUTION electric golf cart sales, rentals, service, financing and storage for ${site.county} and its ${towns.length} municipalities.`,
    path: "/",
    structuredData: [
      autoDealerJsonLd({
        areaServed: areaServedFor(towns),
      }),
    ],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage featured={loaderData.featured} photo={loaderData.photo} />;
}
