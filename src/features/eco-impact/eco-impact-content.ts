import { ecoConstants } from "./calculate";

/** The eco-impact page's benefit and fact cards. */
export const ecoBenefits = [
  { title: "Zero Emissions", text: "No tailpipe, so no exhaust where you ride, park or store the cart." },
  { title: "Energy Efficient", text: "Electric motors turn about 90% of their energy into motion." },
  { title: "Forest Protection", text: "Less CO2 is less work for the trees of the Endless Mountains." },
  { title: "Sustainable Materials", text: "Lithium batteries last years longer and are recycled at end of life." },
  { title: "Climate Action", text: "Every gallon not burned keeps 19.6 lbs of CO2 out of the air." },
  { title: "Clean Air", text: "Quiet, fume-free carts for campgrounds, farms and neighbourhoods." },
];

export const ecoFacts = [
  { value: `${ecoConstants.co2PoundsPerGallon} lbs`, text: "of CO2 from every gallon of gasoline burned" },
  { value: "90% vs 25%", text: "efficiency of an electric motor versus a gas engine" },
  { value: "$1,200+", text: "average annual fuel and maintenance savings" },
  { value: String(ecoConstants.treesPerTonCo2), text: "trees needed to absorb one ton of CO2 a year" },
];
