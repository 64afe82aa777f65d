/**
 * Rental rates, deposits and fees: the rentals page and the rental policy both read this table.
 */

export interface RentalPeriod {
  id: "daily" | "three-day" | "weekly" | "monthly";
  label: string;
  days: number;
}

export const rentalPeriods: readonly RentalPeriod[] = [
  { id: "daily", label: "Daily", days: 1 },
  { id: "three-day", label: "3 Day", days: 3 },
  { id: "weekly", label: "Weekly", days: 7 },
  { id: "monthly", label: "Monthly", days: 30 },
];

export interface RentalRate {
  period: RentalPeriod["id"];
  price: number;
  /** The saving the dealer advertises against daily renting, as published (percent), if any. */
  savingsPercent: number | null;
  /**
   * The per-day figure used when a rental is renewed at this rate. A rental contracted for 29 days
   * or fewer and renewed past them stays a rental, with the same taxes and fees (61 Pa. Code
   * § 47.20(a), "rental contract"); only a rental contracted for 30 days or more is a lease.
   */
  renewalPerDay: number;
}

export interface RentalPlan {
  id: "four-seater" | "six-seater" | "utility";
  /**
   * What the class's carts are on the road, as the catalogue's road class says: a golf cart, or a
   * street-legal low-speed vehicle its maker certifies, titled and registered. Which state fees a
   * rental carries follows it (src/config/taxes.ts). Every class rents golf carts today.
   */
  roadClass: "golf-cart" | "lsv";
  title: string;
  description: string;
  badge: string;
  deposit: number;
  rates: readonly RentalRate[];
}

const fourSeaterRates: readonly RentalRate[] = [
  { period: "daily", price: 245, savingsPercent: null, renewalPerDay: 245 },
  { period: "three-day", price: 685, savingsPercent: 6.8, renewalPerDay: 228.34 },
  { period: "weekly", price: 1050, savingsPercent: 38.7, renewalPerDay: 150 },
  { period: "monthly", price: 2800, savingsPercent: 61.6, renewalPerDay: 94 },
];

export const rentalPlans: readonly RentalPlan[] = [
  {
    id: "four-seater",
    roadClass: "golf-cart",
    title: "4 Seater",
    description: "The family favourite for neighbourhoods, campgrounds and events.",
    badge: "Most popular",
    deposit: 500,
    rates: fourSeaterRates,
  },
  {
    id: "six-seater",
    roadClass: "golf-cart",
    title: "6 Seater",
    description: "Room for the whole group at weddings, reunions and festivals.",
    badge: "Best for groups",
    deposit: 750,
    rates: [
      { period: "daily", price: 295, savingsPercent: null, renewalPerDay: 295 },
      { period: "three-day", price: 735, savingsPercent: 16.9, renewalPerDay: 245 },
      { period: "weekly", price: 1400, savingsPercent: 32.2, renewalPerDay: 200 },
      { period: "monthly", price: 3500, savingsPercent: 60.4, renewalPerDay: 116.67 },
    ],
  },
  {
    id: "utility",
    roadClass: "golf-cart",
    title: "Utility",
    description: "A cargo-bed workhorse for farms, job sites and grounds crews.",
    badge: "Work ready",
    deposit: 600,
    rates: fourSeaterRates,
  },
];

export const rentalTerms = {
  minimumAge: 18,
  /**
   * What a renter shows: the rental policy, the terms, the booking form and the day-before reminder
   * read it. A driver's license, as the policy's refusal of suspended or revoked licenses assumes
   * (issue 55: the terms said licence, the policy "ID").
   */
  renterShows: "a valid driver's license and a credit card",
  /** Said with `renterShows` wherever a renter's requirements are listed. */
  licenseRefused: "Suspended or revoked driver's licenses are not accepted.",
  minimumHours: 24,
  maximumDays: 30,
  /** Rentals run in 24-hour increments; returning early refunds nothing. */
  incrementHours: 24,
  lateFeePerHour: 25,
  additionalDriverFee: 25,
  maximumAdditionalDrivers: 2,
  deliveryFreeMiles: 10,
  deliveryPerMile: 6,
  /** Same-day delivery is taken until this time of day ("HH:MM", the dealer's clock). */
  sameDayCutoff: "14:00",
  rushFee: 50,
  liabilityPerPerson: 100_000,
  liabilityPerAccident: 300_000,
  liabilityPropertyDamage: 50_000,
  minorDamageAdminFee: 75,
  fees: {
    cleaningMin: 50,
    cleaningMax: 150,
    uncharged: 35,
    smokeOdor: 200,
    petHair: 75,
    missingAccessorySurcharge: 25,
  },
  cancellation: {
    freeUntilHoursBefore: 24,
    lateRefundPercent: 50,
  },
} as const;

export function periodLabel(id: RentalPeriod["id"]): string {
  return rentalPeriods.find((period) => period.id === id)?.label ?? id;
}
