/** The eco-impact calculator's constants and formulas, exactly as the dealer publishes them. */
export const ecoConstants = {
  co2PoundsPerGallon: 19.6,
  gasCartMilesPerGallon: 15,
  fuelPricePerGallon: 3.5,
  electricityPricePerKwh: 0.12,
  kwhPerMile: 0.15,
  treesPerTonCo2: 16.5,
  poundsPerTon: 2000,
  weeksPerYear: 52,
} as const;

export const usageMultipliers = {
  recreational: 1,
  residential: 1.2,
  commercial: 2,
  golf_course: 2.5,
} as const;

export type UsageType = keyof typeof usageMultipliers;

export const usageLabels: Record<UsageType, string> = {
  recreational: "Recreational",
  residential: "Residential",
  commercial: "Commercial",
  golf_course: "Golf course",
};

export const timeFrames = [1, 3, 5, 10] as const;
export type TimeFrame = (typeof timeFrames)[number];

export const milesPerWeekLimits = { min: 1, max: 500, default: 25 } as const;

export interface EcoInput {
  milesPerWeek: number;
  usage: UsageType;
  years: TimeFrame;
}

export interface EcoResult {
  /** Pounds of CO2 not emitted. */
  co2Saved: number;
  /** Gallons of gasoline not burned. */
  fuelSaved: number;
  /** Dollars not spent on gasoline. */
  costSaved: number;
  treesEquivalent: number;
  /** Dollars spent on electricity instead. */
  electricCost: number;
  netSavings: number;
}

export function calculateEcoImpact({ milesPerWeek, usage, years }: EcoInput): EcoResult {
  const c = ecoConstants;
  const miles = milesPerWeek * c.weeksPerYear * years * usageMultipliers[usage];
  const gallons = miles / c.gasCartMilesPerGallon;
  const co2Saved = gallons * c.co2PoundsPerGallon;
  const costSaved = gallons * c.fuelPricePerGallon;
  const electricCost = miles * c.kwhPerMile * c.electricityPricePerKwh;
  return {
    co2Saved,
    fuelSaved: gallons,
    costSaved,
    treesEquivalent: (co2Saved / c.poundsPerTon) * c.treesPerTonCo2,
    electricCost,
    netSavings: costSaved - electricCost,
  };
}

export const defaultEcoInput: EcoInput = { milesPerWeek: milesPerWeekLimits.default, usage: "recreational", years: 1 };

export type EcoInputProblem = { field: "miles" | "usage" | "years"; message: string };

/** Reads calculator input from a query string (the form works without JavaScript). */
export function parseEcoInput(params: URLSearchParams): { input: EcoInput; problems: EcoInputProblem[] } {
  const problems: EcoInputProblem[] = [];
  const milesText = params.get("miles");
  let milesPerWeek: number = defaultEcoInput.milesPerWeek;
  if (milesText !== null) {
    const miles = Number(milesText);
    if (!Number.isFinite(miles) || miles < milesPerWeekLimits.min || miles > milesPerWeekLimits.max) {
      problems.push({
        field: "miles",
        message: `Miles per week must be a number from ${milesPerWeekLimits.min} to ${milesPerWeekLimits.max}.`,
      });
    } else milesPerWeek = miles;
  }
  const usageText = params.get("usage");
  let usage: UsageType = defaultEcoInput.usage;
  if (usageText !== null) {
    if (usageText in usageMultipliers) usage = usageText as UsageType;
    else problems.push({ field: "usage", message: "Choose recreational, residential, commercial or golf course." });
  }
  const yearsText = params.get("years");
  let years: TimeFrame = defaultEcoInput.years;
  if (yearsText !== null) {
    const value = Number(yearsText);
    if ((timeFrames as readonly number[]).includes(value)) years = value as TimeFrame;
    else
      problems.push({
        field: "years",
        message: `Choose a time frame of ${timeFrames.slice(0, -1).join(", ")} or ${timeFrames.at(-1)} years.`,
      });
  }
  return { input: { milesPerWeek, usage, years }, problems };
}

const wholeNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export const formatEco = {
  pounds: (value: number) => `${wholeNumber.format(value)} lbs`,
  gallons: (value: number) => `${oneDecimal.format(value)} gal`,
  dollars: (value: number) => dollars.format(value),
  trees: (value: number) => oneDecimal.format(value),
};

/** The result figures as the page shows them, in order: the server's page and the island read this one list. */
export const ecoFigures: readonly {
  key: keyof EcoResult;
  label: string;
  testId: string;
  format: (value: number) => string;
}[] = [
  { key: "co2Saved", label: "CO2 saved", testId: "eco-co2", format: formatEco.pounds },
  { key: "fuelSaved", label: "Fuel saved", testId: "eco-fuel", format: formatEco.gallons },
  { key: "costSaved", label: "Fuel cost saved", testId: "eco-cost", format: formatEco.dollars },
  { key: "treesEquivalent", label: "Trees equivalent", testId: "eco-trees", format: formatEco.trees },
  { key: "electricCost", label: "Electricity cost", testId: "eco-electric", format: formatEco.dollars },
  { key: "netSavings", label: "Net savings", testId: "eco-net", format: formatEco.dollars },
];
