import { site } from "~/config/site";

export const story = [
  `${site.name} started in ${site.foundedYear} in a two-bay garage in Montrose, fixing carts for neighbours around the lakes and campgrounds of ${site.county}.`,
  "Customers kept asking where to buy a cart they could trust, so we became a dealer: first for pre-owned carts we rebuilt ourselves, then for the DENAGO and EVOLUTION electric lines.",
  "Today we sell, rent, store and service electric carts across the county, and we still answer the phone ourselves.",
];

export const values = [
  { title: "Straight talk", text: "Clear prices, clear estimates, and advice we would give our own family." },
  {
    title: "Built to last",
    text: "We sell carts we are willing to service for years, and we stock the parts to do it.",
  },
  { title: "Neighbours first", text: "Local hiring, local sponsorships, and service calls to the farthest township." },
  { title: "Cleaner rides", text: "Electric carts keep our hills and lakes quiet and clean." },
];

export interface TeamMember {
  name: string;
  role: string;
  experience: string;
  description: string;
}

/** Fictional placeholders until the dealer supplies staff names and photos. */
export const team: readonly TeamMember[] = [
  {
    name: "Dale Hoover",
    role: "Owner",
    experience: "25 years",
    description: "Started the business and still test-drives every cart before it leaves the lot.",
  },
  {
    name: "Maria Kowalski",
    role: "Sales Manager",
    experience: "12 years",
    description: "Matches buyers with the right cart, lender and accessories.",
  },
  {
    name: "Tom Brennan",
    role: "Service Manager",
    experience: "18 years",
    description: "Factory-trained on DENAGO and EVOLUTION; leads our technicians.",
  },
  {
    name: "Jess Carter",
    role: "Rentals & Storage Coordinator",
    experience: "6 years",
    description: "Schedules deliveries and keeps the rental fleet charged and clean.",
  },
];
