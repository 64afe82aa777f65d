import { loanTerms } from "~/config/loan-terms";
import { site } from "~/config/site";
import { formatMoney } from "~/lib/format";
import type { Question } from "~/seo/structured-data";
import { representativeExample } from "./monthly-payment";

/** The lenders' confirmed rates and terms, or null: every rate or term below is said only with them. */
const rates = loanTerms.confirmedRates;

/** The lenders whose applications the financing page links to. Addresses are placeholders until the dealer's partner links are set. */
export interface FinancingPartner {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  buttonText: string;
  url: string;
  /** Small logo drawn for this site (public/images/partners). */
  image: string;
  /** Names a colour theme in financing.css. */
  theme: "green" | "blue" | "amber" | "slate";
}

export const financingPartners: readonly FinancingPartner[] = [
  {
    id: "keystone-credit",
    title: "Keystone Powersports Credit",
    subtitle: rates ? `Promotional ${rates.minimumAprPercent}% APR` : "New DENAGO and EVOLUTION",
    description: rates
      ? `Promotional ${rates.minimumAprPercent}% APR on select new DENAGO and EVOLUTION models for qualified buyers.`
      : "Loans on new DENAGO and EVOLUTION models for qualified buyers.",
    buttonText: "Apply with Keystone",
    url: "https://keystone-credit.example.com/apply",
    image: "/images/partners/keystone.svg",
    theme: "green",
  },
  {
    id: "endless-fcu",
    title: "Endless Mountains FCU",
    subtitle: "Local credit union",
    description: "Member rates on new and used carts, with decisions made locally.",
    buttonText: "Apply with the credit union",
    url: "https://endless-fcu.example.com/loans",
    image: "/images/partners/credit-union.svg",
    theme: "blue",
  },
  {
    id: "cart-lease",
    title: "CartLease",
    subtitle: "Lease to own",
    description: "Low monthly payments and a buyout option for budgets that need room.",
    buttonText: "Start a lease",
    url: "https://cartlease.example.com/apply",
    image: "/images/partners/lease.svg",
    theme: "amber",
  },
  {
    id: "prime-rec",
    title: "Prime Recreational Lending",
    subtitle: rates ? `Terms up to ${rates.maximumTermMonths} months` : "Premium and lifted carts",
    description: "Longer terms for premium and lifted carts.",
    buttonText: "Apply with Prime",
    url: "https://primerec.example.com/apply",
    image: "/images/partners/prime.svg",
    theme: "slate",
  },
  {
    id: "second-chance",
    title: "Fresh Start Auto Credit",
    subtitle: "All credit histories",
    description: "Options for buyers rebuilding their credit.",
    buttonText: "Check your options",
    url: "https://freshstart.example.com/apply",
    image: "/images/partners/fresh-start.svg",
    theme: "green",
  },
  {
    id: "farm-credit",
    title: "Northeast Farm Credit",
    subtitle: "Agricultural loans",
    description: "Utility carts and Turfman work vehicles financed with seasonal payments.",
    buttonText: "Apply for farm financing",
    url: "https://ne-farmcredit.example.com/apply",
    image: "/images/partners/farm.svg",
    theme: "amber",
  },
  {
    id: "business-fleet",
    title: "FleetPro Business Finance",
    subtitle: "Business and fleet",
    description: "Fleets for campgrounds, resorts and golf courses, with lease or loan.",
    buttonText: "Apply for a business account",
    url: "https://fleetpro.example.com/apply",
    image: "/images/partners/fleet.svg",
    theme: "blue",
  },
  {
    id: "card-plan",
    title: "Dealer Credit Card",
    subtitle: "Parts and service",
    description: "Spread the cost of repairs, batteries and accessories.",
    buttonText: "Apply for the card",
    url: "https://dealer-card.example.com/apply",
    image: "/images/partners/card.svg",
    theme: "slate",
  },
];

/** The financing page's opening line: the lenders' figures only once a lender has confirmed them. */
export const financingLead = rates
  ? `APR from as low as ${rates.minimumAprPercent}% and terms of ${rates.minimumTermMonths} to ${rates.maximumTermMonths} months through our lending partners.`
  : "Loans and leases through our lending partners, for new and pre-owned carts.";

export const financingBenefits = [
  ...(rates
    ? [
        `APR from as low as ${rates.minimumAprPercent}% on select models`,
        `Terms from ${rates.minimumTermMonths} to ${rates.maximumTermMonths} months`,
      ]
    : []),
  site.optionalClaims.sameDayFinancingDecisions
    ? "Quick online applications with most decisions the same day"
    : "Quick online applications",
  "Options for every credit history",
  "Business, farm and fleet financing",
  "Trade-ins welcome toward your down payment",
];

export const financingReasons = [
  {
    title: "Eight lenders, one visit",
    text: "We know which lender fits which cart and buyer, so you apply once where it counts.",
  },
  { title: "Local help", text: "Our staff walk you through the paperwork at the showroom or by phone." },
  { title: "No surprises", text: "Your quote lists the price, term and rate before you sign anything." },
];

/** The page's title and description for search results: no term length, which would need the disclosures beside it. */
export const financingMeta = {
  title: rates ? `Golf Cart Financing: APR from ${rates.minimumAprPercent}%` : "Golf Cart Financing",
  description: `Finance a golf cart with ${financingPartners.length} lending partners${rates ? `: APR from as low as ${rates.minimumAprPercent}%` : ""}. Subject to credit approval.`,
};

const example = representativeExample(rates);

export const financingQuestions: readonly Question[] = [
  {
    question: "What APR can I get on a golf cart?",
    answer: rates
      ? `From as low as ${rates.minimumAprPercent}% on select models for qualified buyers. ${loanTerms.disclaimer}`
      : loanTerms.disclaimer,
  },
  {
    question: "How long can I finance a golf cart?",
    answer:
      rates && example
        ? `Terms run from ${rates.minimumTermMonths} to ${rates.maximumTermMonths} months. For example, on ${formatMoney(example.amountFinanced)} financed, ${example.terms}`
        : "The lender sets the term with you; we help you choose the lender that fits your cart.",
  },
];
