import { loanTerms } from "~/config/loan-terms";

/** The copy every town page shares: three perks and the eight services. */
export const townPerks = [
  {
    title: "Local delivery",
    text: "We bring your cart to your driveway, camp or farm, and show you how everything works.",
  },
  {
    title: "Service close to home",
    text: "Our technicians repair and maintain every brand we sell, and many we don't.",
  },
  {
    title: "Flexible financing",
    text: loanTerms.confirmedRates
      ? `Apply online with our lending partners; APR from as low as ${loanTerms.confirmedRates.minimumAprPercent}% on select models.`
      : "Apply online with our lending partners.",
  },
];

export const townServices = [
  "New DENAGO and EVOLUTION golf carts",
  "Inspected pre-owned carts",
  "Daily, weekly and monthly rentals",
  "Maintenance and repair",
  "Battery service and lithium upgrades",
  "Custom lift kits, seating and lighting",
  "Warranty service",
  "Seasonal storage",
];
