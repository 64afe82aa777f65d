import { pageMeta } from "~/features/seo/meta";
import { areaServedFor, autoDealerJsonLd, breadcrumbJsonLd } from "~/features/seo/structured-data";
import { ShowroomPage } from "~/features/showroom/ShowroomPage";
import { towns } from "~/features/towns/towns";

export function meta() {
  return pageMeta({
    title: "Showroom and Locations",
    description:
      "Visit our Montrose, PA golf cart showroom for test drives, expert advice and financing, or shop online with delivery.",
    path: "/showroom",
    structuredData: [
      autoDealerJsonLd({
        path: "/showroom",
        areaServed: areaServedFor(towns),
      }),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Showroom", path: "/showroom" },
      ]),
    ],
  });
}

export default ShowroomPage;
