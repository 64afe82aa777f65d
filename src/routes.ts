import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { pages } from "./config/pages.ts";

// Every address of the site is declared once, in the page registry; this turns it into routes.
export default pages.map((page) => {
  const options = page.id ? { id: page.id } : {};
  if (page.path === "/") return index(page.module, options);
  return route(page.path === "*" ? "*" : page.path.slice(1), page.module, options);
}) satisfies RouteConfig;
