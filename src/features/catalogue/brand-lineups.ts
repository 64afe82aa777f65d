import { site } from "~/config/site";
import { factoryWarrantyFeature, factoryWarrantyName } from "~/config/warranties";
import type { Vehicle } from "./vehicle";

/**
 * What the DENAGO and EVOLUTION pages say about each line. Model names, prices, seats and ranges
 * are not here: they come from the catalogue, so a staff price change shows on these pages too.
 */

export interface SeriesCopy {
  /** Matches the catalogue's category for the series. */
  category: string;
  title: string;
  description: string;
  image: string;
  features: readonly string[];
}

export interface BrandLineup {
  brand: string;
  series: readonly SeriesCopy[];
  /** Catalogue ids shown as featured models, in order. */
  featuredIds: readonly string[];
}

export const denagoLineup: BrandLineup = {
  brand: "DENAGO",
  series: [
    {
      category: "City",
      title: "EV City",
      description: "Compact and street-friendly: a two-seater for errands around town and tight garages.",
      image: "/images/vehicles/cart-2-seat.svg",
      features: ["Full lighting", "Tight turning radius", "Lithium power"],
    },
    {
      category: "Nomad",
      title: "EV Nomad",
      description: "Lifted four-seaters with a flip rear seat for family rides and light hauling.",
      image: "/images/vehicles/cart-lifted.svg",
      features: ["Flip-flop rear seat", "All-terrain tyres", "LED light bar"],
    },
    {
      category: "Rover",
      title: "EV Rover",
      description: "Six and eight seats with raised suspension for farm lanes, camps and big families.",
      image: "/images/vehicles/cart-lifted-6.svg",
      features: ["Lifted suspension", "Three or four rows", "Longest range"],
    },
  ],
  featuredIds: [
    "denago-ev-city",
    "denago-ev-nomad",
    "denago-ev-nomad-xl",
    "denago-ev-rover-xl",
    "denago-ev-rover-xl6",
    "denago-ev-rover-xxl",
  ],
};

/**
 * "Street-legal" is said only of a model its maker certifies as a low-speed vehicle (FMVSS No. 500,
 * 49 CFR § 571.500): lights or options fitted to a golf cart do not make one (docs/decisions.md), so
 * the page points to each model's own road class rather than offering "street-legal options".
 */
/** The DENAGO page's opening line: sold and serviced here, under the maker's own warranty rather than one of ours. */
export const denagoLead = `Lithium-powered golf carts and lifted off-road carts, sold and serviced in ${site.county}, with ${factoryWarrantyName("DENAGO")}.`;

export const denagoFeatures: readonly string[] = [
  "Lithium (LiFePO4) batteries on every model",
  "25 mph top speed; each model's page shows whether its maker certifies it as an LSV",
  "Touchscreen dash with Bluetooth on most models",
  "Hydraulic brakes and independent front suspension",
  factoryWarrantyFeature("DENAGO"),
];

export const evolutionLineup: BrandLineup = {
  brand: "EVOLUTION",
  series: [
    {
      category: "D5 Ranger",
      title: "D5 RANGER",
      description: "Lifted, off-road ready carts for trails, farms and camp roads.",
      image: "/images/vehicles/cart-lifted.svg",
      features: ["Lifted chassis", "Off-road tyres", "LED lighting"],
    },
    {
      category: "D5 Maverick",
      title: "D5 MAVERICK",
      description: "A low, sporty street stance for neighbourhoods and golf communities.",
      image: "/images/vehicles/cart-4-seat.svg",
      features: ["Street stance", "Lithium battery", "Touchscreen display"],
    },
    {
      category: "Classic",
      title: "CLASSIC",
      description: "Traditional golf cart styling with modern lithium power.",
      image: "/images/vehicles/cart-2-seat.svg",
      features: ["Classic styling", "Comfort seating", "Lithium battery"],
    },
    {
      category: "Carrier",
      title: "CARRIER",
      description: "Multi-row people movers for resorts, campgrounds and large families.",
      image: "/images/vehicles/cart-6-seat.svg",
      features: ["Three or four rows", "Rear grab bars", "Lithium battery"],
    },
    {
      category: "Forester",
      title: "FORESTER",
      description: "Rugged carts with all-terrain tyres and a light bar for wooded properties.",
      image: "/images/vehicles/cart-lifted.svg",
      features: ["Rugged suspension", "All-terrain tyres", "LED light bar"],
    },
    {
      category: "Turfman",
      title: "TURFMAN",
      description: "Utility vehicles with steel cargo beds for grounds crews and farms.",
      image: "/images/vehicles/cart-utility.svg",
      features: ["Steel cargo bed", "High payload", "Tow hitch"],
    },
    {
      category: "D6 Max",
      title: "D6 MAX",
      description: "The flagship: premium lifted chassis, alloy wheels and a large touchscreen.",
      image: "/images/vehicles/cart-lifted-6.svg",
      features: ["Premium lifted chassis", "14-inch alloy wheels", "CarPlay touchscreen"],
    },
  ],
  featuredIds: [
    "evolution-d5-ranger-4-plus",
    "evolution-d5-ranger-6-plus",
    "evolution-d5-maverick-4-plus",
    "evolution-classic-4-plus",
    "evolution-carrier-6-plus",
    "evolution-d6-max-xt4",
  ],
};

export const evolutionDifference: readonly string[] = [
  "Premium construction with powder-coated steel frames",
  "Full LED lighting package",
  "Ergonomic, weather-resistant seating",
  "Quiet electric performance with lithium batteries",
  "Weather-resistant design for Pennsylvania seasons",
  factoryWarrantyFeature("EVOLUTION"),
];

export const evolutionWhyChoose: readonly { title: string; text: string }[] = [
  { title: "Proven Quality", text: "Built on frames and drivetrains proven over thousands of carts." },
  {
    title: "Advanced Features",
    text: "Touchscreens, Bluetooth, backup cameras and LED lighting come standard on most models.",
  },
  { title: "Reliable Performance", text: "Lithium batteries deliver steady power from the first mile to the last." },
  { title: "Local Support", text: "Our service department handles warranty work, parts and repairs close to home." },
];

export interface SeriesSummary extends SeriesCopy {
  models: Vehicle[];
  startingPrice: number | null;
}

/** Each series with its catalogue models, cheapest first, and the lowest price as "starting at". */
export function summarizeSeries(lineup: BrandLineup, catalogue: readonly Vehicle[]): SeriesSummary[] {
  return lineup.series.map((series) => {
    const models = catalogue
      .filter((vehicle) => vehicle.brand === lineup.brand && vehicle.category === series.category)
      .sort((a, b) => a.price - b.price);
    return { ...series, models, startingPrice: models[0]?.price ?? null };
  });
}

export function featuredModels(lineup: BrandLineup, catalogue: readonly Vehicle[]): Vehicle[] {
  return lineup.featuredIds.flatMap((id) => catalogue.filter((vehicle) => vehicle.id === id));
}

/** "4 Models" / "1 Model" */
export function modelCountLabel(count: number): string {
  return `${count} ${count === 1 ? "Model" : "Models"}`;
}

/** Series cards show at most this many model links, then "+N more models". */
export const seriesModelLinkLimit = 3;
