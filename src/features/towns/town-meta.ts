import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/features/seo/meta";
import { areaServedFor, autoDealerJsonLd, breadcrumbJsonLd } from "~/features/seo/structured-data";
import { distanceFromShowroom } from "./geography";
import { townPath, type Town } from "./towns";

export function townMeta(town: Town): MetaDescriptor[] {
  const path = townPath(town);
  return pageMeta({
    title: `Golf Carts in ${town.name}, PA: Sales, Rentals and Service`,
    description: `Electric golf cart sales, rentals, delivery and repair for ${town.name} (${town.type}), ${distanceFromShowroom(town)} miles from our Montrose showroom.`,
    path,
    structuredData: [
      autoDealerJsonLd({ path, areaServed: areaServedFor([town]) }),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Towns we serve", path: "/about" },
        { name: town.name, path },
      ]),
    ],
  });
}
