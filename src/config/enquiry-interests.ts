/**
 * What a visitor can ask the dealer about. The contact form offers them, and every message staff
 * receive (the e-mail and the CRM's lead) names the one chosen.
 */
export const interests = ["sales", "service", "parts", "general"] as const;
export type Interest = (typeof interests)[number];

export const interestLabels: Record<Interest, string> = {
  sales: "Sales",
  service: "Service",
  parts: "Parts",
  general: "General enquiry",
};
