/**
 * The policy documents the footer links to. Their text lives beside each in this folder; this list
 * is what the page registry (pages.ts) reads.
 */
export interface PolicyLink {
  slug: string;
  title: string;
}

export const policyLinks = [
  { slug: "terms-conditions", title: "Terms & Conditions" },
  { slug: "return-policy", title: "Return Policy" },
  { slug: "delivery-policy", title: "Delivery Policy" },
  { slug: "rental-policy", title: "Rental Policy" },
  { slug: "ethics-policy", title: "Ethics Policy" },
  { slug: "storage-policy", title: "Storage Policy" },
  { slug: "publishing-policy", title: "Publishing Policy" },
  { slug: "feedback-policy", title: "Feedback Policy" },
  { slug: "corrections-policy", title: "Corrections Policy" },
  { slug: "diversity-policy", title: "Diversity Policy" },
  { slug: "staffing-report", title: "Staffing Report" },
] as const satisfies readonly PolicyLink[];

export type PolicySlug = (typeof policyLinks)[number]["slug"];

export function policyPath(policy: Pick<PolicyLink, "slug">): string {
  return `/policies/${policy.slug}`;
}
