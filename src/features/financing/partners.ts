import { loanTerms } from "~/config/loan-terms";
import { site } from "~/config/site";

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
    subtitle: `Promotional ${loanTerms.minimumAprPercent}% APR`,
    description: `Promotional ${loanTerms.minimumAprPercent}% APR on select new DENAGO and EVOLUTION models for qualified buyers.`,
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
    subtitle: `Terms up to ${loanTerms.maximumTermMonths} months`,
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

export const financingBenefits = [
  `APR from as low as ${loanTerms.minimumAprPercent}% on select models`,
  `Terms from ${loanTerms.minimumTermMonths} to ${loanTerms.maximumTermMonths} months`,
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
