import { pageMeta } from "~/seo/meta";
import { aboutDealerPageJsonLd } from "~/seo/structured-data";
import { ShowroomPage } from "~/features/showroom/ShowroomPage";
import { featuredHeroCarts } from "~/features/catalogue/featured.server";
import { leadingDealerPhoto } from "~/features/photos/dealer-photos.server";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/showroom";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(workerContext).db;
  const [photo, featured] = await Promise.all([leadingDealerPhoto(db, "showroom"), featuredHeroCarts(db)]);
  return { photo, featured };
}

const title = "Showroom and Locations";

export function meta() {
  return pageMeta({
    title,
    description:
      "Visit our Montrose, PA golf cart showroom for test drives, expert advice and financing, or shop online with delivery.",
    path: "/showroom",
    breadcrumb: "Showroom",
    structuredData: [aboutDealerPageJsonLd({ path: "/showroom", name: title })],
  });
}

export default function Showroom({ loaderData }: Route.ComponentProps) {
  return <ShowroomPage photo={loaderData.photo} featured={loaderData.featured} />;
}
