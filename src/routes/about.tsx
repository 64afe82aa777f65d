import { AboutPage } from "~/features/about/AboutPage";
import { site } from "~/config/site";
import { pageMeta } from "~/seo/meta";
import { towns } from "~/config/towns";

export function meta() {
  return pageMeta({
    title: "About Us: Local Golf Cart Experts",
    description: `${site.claims.yearsInBusiness}+ years selling, renting and servicing golf carts in ${site.county}: our story, values, team and the ${towns.length} municipalities we serve.`,
    path: "/about",
    breadcrumb: "About",
  });
}

export default AboutPage;
