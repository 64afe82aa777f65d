import { loanTerms } from "~/config/loan-terms";
export const whyChoose = [
  { title: "Premium Quality", text: "DENAGO and EVOLUTION carts with lithium power, inspected before delivery." },
  { title: "Expert Service", text: "Factory-trained technicians for maintenance, batteries and warranty work." },
  loanTerms.confirmedRates
    ? {
        title: `${loanTerms.confirmedRates.minimumAprPercent}% APR Financing`,
        text: `${loanTerms.confirmedRates.minimumAprPercent}% APR financing on select models through our lending partners.`,
      }
    : { title: "Easy Financing", text: "Apply with our lending partners for new and pre-owned carts." },
  { title: "Eco-Friendly", text: "Quiet, zero-emission electric carts for your neighbourhood, farm or camp." },
];

/** The brand tiles; brands we carry new link to their page, the rest to matching inventory. */
export const brandTiles = [
  { name: "Club Car", to: "/inventory?brand=club%20car" },
  { name: "EZ-GO", to: "/inventory?brand=ez-go" },
  { name: "Denago", to: "/denago" },
  { name: "Evolution", to: "/evolution" },
  { name: "Tomberlin", to: "/inventory?brand=tomberlin" },
  { name: "Swift EV", to: "/inventory?brand=swift%20ev" },
];

/** How many town links the home page lists before "see all". */
export const homeTownCount = 24;
