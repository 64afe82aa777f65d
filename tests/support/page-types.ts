/**
 * One page of each kind the site has: what the quality budgets (size, accessibility, HTML validity,
 * Lighthouse) are measured on.
 */
export interface PageType {
  name: string;
  path: string;
  /** Pre-rendered pages are plain documents with no JavaScript. */
  isStatic: boolean;
}

export const pageTypes: readonly PageType[] = [
  { name: "home", path: "/", isStatic: false },
  { name: "inventory", path: "/inventory", isStatic: false },
  { name: "vehicle", path: "/vehicle/evolution-d6-max-xt4", isStatic: false },
  { name: "DENAGO brand", path: "/denago", isStatic: false },
  { name: "EVOLUTION brand", path: "/evolution", isStatic: false },
  { name: "rentals", path: "/rentals", isStatic: false },
  { name: "services", path: "/services", isStatic: false },
  { name: "about", path: "/about", isStatic: false },
  { name: "showroom", path: "/showroom", isStatic: false },
  { name: "financing", path: "/financing", isStatic: false },
  { name: "contact", path: "/contact", isStatic: false },
  { name: "thank-you", path: "/thank-you", isStatic: false },
  { name: "eco-impact", path: "/eco-impact", isStatic: false },
  { name: "town", path: "/montrose-golf-carts", isStatic: true },
  { name: "policy", path: "/policies/return-policy", isStatic: true },
  { name: "privacy", path: "/privacy", isStatic: true },
  { name: "terms", path: "/terms", isStatic: true },
  { name: "not found", path: "/no-such-page", isStatic: false },
];

/** The pages Lighthouse scores (it is slow, so one of each kind the issue names). */
export const lighthousePaths: readonly string[] = [
  "/",
  "/inventory",
  "/vehicle/evolution-d6-max-xt4",
  "/contact",
  "/eco-impact",
  "/montrose-golf-carts",
  "/policies/return-policy",
];
