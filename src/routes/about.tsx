import { AboutPage } from "~/features/about/AboutPage";
import { site } from "~/config/site";
import { pageMeta } from "~/features/seo/meta";
import { breadcrumbJsonLd } from "~/features/seo/structured-data";
import { towns } from "~/features/towns/towns";

export function meta() {
  return pageMeta({
    title: "About Us: Local Golf Cart Experts",
    description: `${site.claims.yearsInBusiness}+ years selling, renting and servicing golf carts in ${site.county}: our story, values, team and the ${towns.length} municipalities we serve.`,
    path: "/about",
    structuredData: [
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "About", path: "/about" },
      ]),
    ],
  });
}

export default AboutPage;
