import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/seo/meta";
import { areaServedFor, localServiceJsonLd } from "~/seo/structured-data";
import { showroomDistanceText } from "./town-distance";
import { townPath, type Town } from "~/config/towns";

export function townMeta(town: Town): MetaDescriptor[] {
  const path = townPath(town);
  const title = `Golf Carts in ${town.name}, PA: Sales, Rentals and Service`;
  return pageMeta({
    title,
    description: `Electric golf cart sales, rentals, delivery and repair for ${town.name} (${town.type}), ${showroomDistanceText(town)}.`,
    path,
    breadcrumb: town.name,
    trail: [{ name: "Towns we serve", path: "/about" }],
    structuredData: [localServiceJsonLd({ path, name: title, areaServed: areaServedFor([town]) })],
  });
}
