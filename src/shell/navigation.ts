import { labelOf } from "~/config/pages";
import { policyLinks, policyPath } from "~/config/policy-list";
import { site } from "~/config/site";
import { headerTownSlugs, towns, townPath } from "~/config/towns";

/**
 * Which pages each menu lists, in the spec's order. Labels come from the page registry, which
 * also refuses an address the site does not have.
 */
export interface NavItem {
  to: string;
  label: string;
}

const linkTo = (path: string): NavItem => ({ to: path, label: labelOf(path) });

export const primaryNav: readonly NavItem[] = ["/", "/inventory", "/rentals", "/services", "/showroom", "/contact"].map(
  linkTo,
);

export const townsMenu: readonly NavItem[] = headerTownSlugs.map((slug) => linkTo(townPath({ slug })));

export const aboutMenu: readonly NavItem[] = ["/about", "/financing", "/storage", "/eco-impact"].map(linkTo);

export const footerBrandLinks: readonly NavItem[] = ["/evolution", "/denago", "/storage"].map(linkTo);

/** The spec's footer order: policies interleaved with the privacy and terms documents. */
export const footerPolicyLinks: readonly NavItem[] = [
  ...policyLinks.slice(0, 2).map(policyPath),
  "/privacy",
  ...policyLinks.slice(2).map(policyPath),
  "/privacy-policy",
  "/terms-of-service",
].map(linkTo);

export const footerTownLinks: readonly NavItem[] = towns.map((town) => linkTo(townPath(town)));

export const financingApplication = { href: site.financingApplicationUrl, label: "Financing" };
