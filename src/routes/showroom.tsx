import { pageMeta } from "~/seo/meta";
import { areaServedFor, autoDealerJsonLd } from "~/seo/structured-data";
import { ShowroomPage } from "~/features/showroom/ShowroomPage";
import { towns } from "~/config/towns";

export function meta() {
  return pageMeta({
    title: "Showroom and Locations",
    description:
      "Visit our Montrose, PA golf cart showroom for test drives, expert advice and financing, or shop online with delivery.",
    path: "/showroom",
    breadcrumb: "Showroom",
    structuredData: [
      autoDealerJsonLd({
        path: "/showroom",
        areaServed: areaServedFor(towns),
      }),
    ],
  });
}

export default ShowroomPage;
