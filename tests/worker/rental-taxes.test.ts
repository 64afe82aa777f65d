import { describe, expect, it } from "vitest";
import { rentalPlans, type RentalPlan } from "~/config/rental-plans";
import { accountantDecidedCharges, decidedChargeTaxNotes, rentalTaxTerms } from "~/config/taxes";
import { quoteRental, type RentalRequest } from "~/features/rentals/rental-quote";

/**
 * Issue 55: a street-legal LSV rented under a contract of 30 days or more is leased, so it carries
 * the 3% Public Transportation Assistance tax on the lease price (72 P.S. § 9301(d)) and neither the
 * $2-a-day fee nor the vehicle rental tax, which 61 Pa. Code § 47.20(a) keeps for a "rental
 * contract" of 29 days or fewer. No plan rents an LSV yet, so the quote is asked of one.
 */

const mondayMorning = new Date("2026-11-23T15:00:00Z");
const lsvPlans: readonly RentalPlan[] = rentalPlans.map((plan) => ({ ...plan, roadClass: "lsv" }));
// Six LSVs: enough for the vehicle rental tax's five, so its absence from a lease is the rule's doing.
const lsvTerms = { ...rentalTaxTerms, rentalVehicles: { "golf-cart": 0, lsv: 6 } };

function quote(days: number, plans = lsvPlans, taxTerms = lsvTerms) {
  const request: RentalRequest = {
    plan: "four-seater",
    start: "2026-12-01",
    days,
    delivery: { type: "pickup" },
    drivers: 0,
  };
  return quoteRental(request, mondayMorning, { plans, taxTerms });
}

const taxLines = (days: number, plans = lsvPlans, taxTerms = lsvTerms) => quote(days, plans, taxTerms).lines.slice(2);

describe("an LSV's rental of 30 days or more is a lease", () => {
  it("30 days: sales tax and the 3% PTA lease tax on the lease price, no daily fee and no rental tax", () => {
    const lease = quote(30);
    expect(lease.rent).toBe(2800);
    expect(lease.lines.slice(2)).toEqual([
      { label: "Pennsylvania sales tax (6%)", amount: 168 },
      { label: "Public Transportation Assistance lease tax (3% of the lease price)", amount: 84 },
    ]);
    expect(lease.taxes).toBe(252);
    expect(lease.total).toBe(3052);
  });

  it("the lease tax is 3% of every charge made with the lease, delivery and drivers included", () => {
    const request: RentalRequest = {
      plan: "four-seater",
      start: "2026-12-01",
      days: 30,
      delivery: { type: "pickup" },
      drivers: 2,
    };
    const lease = quoteRental(request, mondayMorning, { plans: lsvPlans, taxTerms: lsvTerms });
    // $2,800 rent and 2 x $25 drivers: 3% of $2,850.00 is $85.50.
    expect(lease.lines.at(-1)).toEqual({
      label: "Public Transportation Assistance lease tax (3% of the lease price)",
      amount: 85.5,
    });
  });

  it("29 days is still a rental: the $2-a-day fee and the 2% vehicle rental tax, no lease tax", () => {
    expect(taxLines(29)).toEqual([
      { label: "Pennsylvania sales tax (6%)", amount: 168 },
      { label: "Public Transportation Assistance fee (29 x $2.00)", amount: 58 },
      { label: "Vehicle rental tax (2%)", amount: 56 },
    ]);
  });

  it("a golf cart's 30 days carries sales tax only while the dealer keeps motor-vehicle fees off golf carts", () => {
    expect(rentalTaxTerms.motorVehicleFeesOnGolfCarts).toBe(false);
    expect(taxLines(30, rentalPlans, rentalTaxTerms)).toEqual([{ label: "Pennsylvania sales tax (6%)", amount: 168 }]);
    const switchedOn = { ...rentalTaxTerms, motorVehicleFeesOnGolfCarts: true };
    expect(taxLines(30, rentalPlans, switchedOn).map((line) => line.label)).toEqual([
      "Pennsylvania sales tax (6%)",
      "Public Transportation Assistance lease tax (3% of the lease price)",
    ]);
  });

  it("the lease tax can be switched off like the other fees, leaving no fee in its place", () => {
    expect(taxLines(30, lsvPlans, { ...lsvTerms, ptaLeaseTaxPercent: null })).toEqual([
      { label: "Pennsylvania sales tax (6%)", amount: 168 },
    ]);
  });
});

describe("charges whose sales tax the dealer's accountant decides", () => {
  it("say nothing of their tax until the accountant has decided", () => {
    expect(Object.values(accountantDecidedCharges).every((treatment) => treatment === null)).toBe(true);
    expect(decidedChargeTaxNotes()).toEqual([]);
  });

  it("once decided, the rental policy says how each is taxed and on what authority", () => {
    const decided = {
      ...accountantDecidedCharges,
      damageAdministrationFee: { salesTax: "added", source: "Revenue ruling SUT-00-000" },
      keptCancellationCharge: { salesTax: "not-charged", source: "72 P.S. § 7201(k)" },
    } as const;
    expect(decidedChargeTaxNotes(decided)).toEqual([
      "The minor-damage administration fee carries Pennsylvania sales tax (6%) (Revenue ruling SUT-00-000).",
      "The part of the rental charges we keep when you cancel late carries no sales tax (72 P.S. § 7201(k)).",
    ]);
  });
});
