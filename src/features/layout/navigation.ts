import { site } from "~/config/site";
import { policyLinks, policyPath } from "~/features/policies/policy-list";
import { headerTownSlugs, towns, townPath } from "~/features/towns/towns";

export interface NavItem {
  to: string;
  label: string;
}

export const primaryNav: readonly NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/inventory", label: "Inventory" },
  { to: "/rentals", label: "Rentals" },
  { to: "/services", label: "Services" },
  { to: "/showroom", label: "Showroom" },
  { to: "/contact", label: "Contact" },
];

export const townsMenu: readonly NavItem[] = headerTownSlugs.map((slug) => {
  const town = towns.find((candidate) => candidate.slug === slug);
  if (!town) throw new Error(`Header town ${slug} is not in the town list`);
  return { to: townPath(town), label: town.name };
});

export const aboutMenu: readonly NavItem[] = [
  { to: "/about", label: "About Us" },
  { to: "/financing", label: "Financing" },
  { to: "/eco-impact", label: "Eco-Impact Calculator" },
];

export const footerBrandLinks: readonly NavItem[] = [
  { to: "/evolution", label: "EVOLUTION" },
  { to: "/denago", label: "DENAGO" },
];

/** The spec's footer order: policies interleaved with the privacy and terms documents. */
export const footerPolicyLinks: readonly NavItem[] = [
  ...policyLinks.slice(0, 2).map((policy) => ({ to: policyPath(policy), label: policy.title })),
  { to: "/privacy", label: "Privacy" },
  ...policyLinks.slice(2).map((policy) => ({ to: policyPath(policy), label: policy.title })),
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
];

export const footerTownLinks: readonly NavItem[] = towns.map((town) => ({ to: townPath(town), label: town.name }));

export const financingApplication = { href: site.financingApplicationUrl, label: "Financing" };
