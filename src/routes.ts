import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { permanentRedirects } from "./features/layout/document-pages";
import { towns, townPath } from "./features/towns/towns";

export default [
  index("routes/home.tsx"),
  route("inventory", "routes/inventory.tsx"),
  route("vehicle/:id", "routes/vehicle.tsx"),
  route("vehicles/:id", "routes/vehicle.tsx", { id: "routes/vehicles-alias" }),
  route("denago", "routes/denago.tsx"),
  route("evolution", "routes/evolution.tsx"),
  route("rentals", "routes/rentals.tsx"),
  route("services", "routes/services.tsx"),
  route("about", "routes/about.tsx"),
  route("showroom", "routes/showroom.tsx"),
  route("contact", "routes/contact.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  route("financing", "routes/financing.tsx"),
  route("eco-impact", "routes/eco-impact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("policies/:slug", "routes/policy.tsx"),
  // Every town is its own pre-rendered page; the slug is fixed text in the path, not a parameter.
  ...towns.map((town) => route(townPath(town).slice(1), "routes/town.tsx", { id: `town/${town.slug}` })),
  ...permanentRedirects.map((alias) =>
    route(alias.from.slice(1), "routes/permanent-redirect.ts", { id: `redirect${alias.from}` }),
  ),
  route("consent", "routes/consent.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("feeds/products.xml", "routes/product-feed.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
