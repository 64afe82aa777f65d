import { describe, expect, it } from "vitest";
import { rentalPlans, type RentalPlan } from "~/config/rental-plans";
import { towns } from "~/config/towns";
import { rentalTaxTerms } from "~/config/taxes";
import { rentalDeliveryTo } from "~/lib/delivery";
import { rentalTaxLines } from "~/features/rentals/rental-taxes";
import { findPolicy } from "~/features/policies/documents";
import { quoteRental, rentalDateProblems, rentCharge, type RentalRequest } from "~/features/rentals/rental-quote";

/**
 * The rent for every class and every length the policy allows, worked out by hand from the
 * published rates: the cheapest of each plan's rate plus extra days at its renewal figure, or a
 * longer plan outright. Index 0 is one day.
 */
const fourSeaterAndUtility = [
  245, 490, 685, 913.34, 1050, 1050, 1050, 1200, 1350, 1500, 1650, 1800, 1950, 2100, 2250, 2400, 2550, 2700, 2800, 2800,
  2800, 2800, 2800, 2800, 2800, 2800, 2800, 2800, 2800, 2800,
];
const sixSeater = [
  295, 590, 735, 980, 1225, 1400, 1400, 1600, 1800, 2000, 2200, 2400, 2600, 2800, 3000, 3200, 3400, 3500, 3500, 3500,
  3500, 3500, 3500, 3500, 3500, 3500, 3500, 3500, 3500, 3500,
];
const expectedRent: Record<RentalPlan["id"], number[]> = {
  "four-seater": fourSeaterAndUtility,
  "six-seater": sixSeater,
  utility: fourSeaterAndUtility,
};

// Monday 2026-11-23, 10:00 in Montrose (EST, UTC-5).
const mondayMorning = new Date("2026-11-23T15:00:00Z");
const mondayAfternoon = new Date("2026-11-23T19:30:00Z");

function request(overrides: Partial<RentalRequest> = {}): RentalRequest {
  return { plan: "four-seater", start: "2026-12-01", days: 5, delivery: { type: "pickup" }, drivers: 0, ...overrides };
}

describe("rent", () => {
  for (const plan of rentalPlans) {
    it(`${plan.title}: every length from 1 to 30 days costs what the rates allow at the cheapest`, () => {
      const charged = Array.from({ length: 30 }, (_, index) => rentCharge(plan, index + 1).cents / 100);
      expect(charged).toEqual(expectedRent[plan.id]);
    });
  }

  it("5 days of a 4 seater is the weekly rate, and says so", () => {
    const quote = quoteRental(request({ days: 5 }), mondayMorning);
    expect(quote.rent).toBe(1050);
    expect(quote.lines[0]!.label).toBe("4 Seater, 5 days (Weekly rate)");
  });

  it("adds renewal days in whole cents: 685 + 4 x 228.34 is exactly 1598.36", () => {
    const threeDayOnly: RentalPlan = { ...rentalPlans[0]!, rates: [rentalPlans[0]!.rates[1]!] };
    expect(rentCharge(threeDayOnly, 7)).toEqual({
      cents: 159_836,
      basis: "3 Day rate + 4 extra days at $228.34",
    });
  });
});

describe("the whole quote", () => {
  it("a golf cart's rental: the rent, then the 6% sales tax on its own line and no PTA fee or rental tax; the deposit apart", () => {
    const quote = quoteRental(request({ plan: "six-seater", days: 3 }), mondayMorning);
    expect(quote).toMatchObject({ rent: 735, delivery: 0, rushFee: 0, driversFee: 0, deposit: 750 });
    expect(quote.lines.slice(2)).toEqual([{ label: "Pennsylvania sales tax (6%)", amount: 44.1 }]);
    expect(quote).toMatchObject({ taxes: 44.1, total: 779.1 });
    expect(quote.returnDay).toBe("2026-12-04");
  });

  it("a 4 seater for 3 days picked up is $685.00 and $41.10 sales tax, the total what the renter pays", () => {
    const quote = quoteRental(request({ plan: "four-seater", days: 3 }), mondayMorning);
    expect(quote.lines[0]).toEqual({ label: "4 Seater, 3 days (3 Day rate)", amount: 685 });
    expect(quote.lines).toContainEqual({ label: "Pennsylvania sales tax (6%)", amount: 41.1 });
    expect(quote.total).toBe(726.1);
  });

  it("every class rents golf carts today, and the fees follow the road class, not the plan", () => {
    expect(rentalPlans.map((plan) => plan.roadClass)).toEqual(["golf-cart", "golf-cart", "golf-cart"]);
    expect(rentalTaxTerms.motorVehicleFeesOnGolfCarts).toBe(false);
  });

  it("a street-legal LSV's rental keeps the PTA fee and, for a fleet of five or more, the vehicle rental tax", () => {
    const lsvFleet = { ...rentalTaxTerms, rentalVehicles: { "golf-cart": 0, lsv: 6 } };
    expect(rentalTaxLines(68_500, 3, "lsv", lsvFleet)).toEqual([
      { label: "Pennsylvania sales tax (6%)", cents: 4110 },
      { label: "Public Transportation Assistance fee (3 x $2.00)", cents: 600 },
      { label: "Vehicle rental tax (2%)", cents: 1370 },
    ]);
    // Golf carts do not count toward the five while they carry no motor-vehicle fees.
    const fewLsvs = { ...rentalTaxTerms, rentalVehicles: { "golf-cart": 12, lsv: 4 } };
    expect(rentalTaxLines(68_500, 3, "lsv", fewLsvs).map((line) => line.label)).toEqual([
      "Pennsylvania sales tax (6%)",
      "Public Transportation Assistance fee (3 x $2.00)",
    ]);
    expect(rentalTaxLines(68_500, 3, "golf-cart", lsvFleet)).toEqual([
      { label: "Pennsylvania sales tax (6%)", cents: 4110 },
    ]);
  });

  it("the dealer's switch puts both on a golf cart's rental, counting the carts toward the five", () => {
    const switchedOn = { ...rentalTaxTerms, motorVehicleFeesOnGolfCarts: true };
    expect(rentalTaxLines(68_500, 3, "golf-cart", switchedOn).map((line) => line.label)).toEqual([
      "Pennsylvania sales tax (6%)",
      "Public Transportation Assistance fee (3 x $2.00)",
      "Vehicle rental tax (2%)",
    ]);
  });

  it("a golf cart's 30-day rental carries sales tax only (an LSV's is a lease: rental-taxes.test.ts)", () => {
    const quote = quoteRental(request({ plan: "four-seater", days: 30 }), mondayMorning);
    expect(quote.lines.map((line) => line.label).slice(2)).toEqual(["Pennsylvania sales tax (6%)"]);
    expect(quote.total).toBe(2800 + 168);
  });

  it("each fee can be switched off; sales tax follows the bracket schedule on the cents", () => {
    const off = { ...rentalTaxTerms, ptaFeePerDay: null, vehicleRentalTaxPercent: null };
    expect(rentalTaxLines(68_500, 3, "lsv", off)).toEqual([{ label: "Pennsylvania sales tax (6%)", cents: 4110 }]);
    // $913.34: 6 cents on each of 913 dollars and 2 on 34 cents (61 Pa. Code § 31.2), not 54.80 rounded.
    expect(rentalTaxLines(91_334, 4, "golf-cart")[0]!.cents).toBe(913 * 6 + 2);
  });

  it("delivery costs what the town page says, drivers $25 each, and the lines add up to the total", () => {
    const far = towns.find((town) => rentalDeliveryTo(town.coordinates).charge > 0)!;
    const quote = quoteRental(
      request({ plan: "utility", days: 1, delivery: { type: "delivery", town: far.slug }, drivers: 2 }),
      mondayMorning,
    );
    expect(quote.delivery).toBe(rentalDeliveryTo(far.coordinates).charge);
    expect(quote.driversFee).toBe(50);
    expect(quote.deposit).toBe(600);
    expect(quote.total).toBe(245 + quote.delivery + 50 + quote.taxes);
    const cents = quote.lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
    expect(cents / 100).toBe(quote.total);
  });

  it("same-day delivery adds the $50 rush fee; same-day pickup does not", () => {
    const delivered = quoteRental(
      request({ start: "2026-11-23", delivery: { type: "delivery", town: towns[0]!.slug } }),
      mondayMorning,
    );
    expect(delivered.rushFee).toBe(50);
    expect(delivered.lines.map((line) => line.label)).toContain("Same-day delivery rush fee");
    expect(quoteRental(request({ start: "2026-11-23" }), mondayMorning).rushFee).toBe(0);
    expect(
      quoteRental(request({ start: "2026-11-24", delivery: { type: "delivery", town: towns[0]!.slug } }), mondayMorning)
        .rushFee,
    ).toBe(0);
  });
});

describe("dates a booking can start", () => {
  const delivery = { type: "delivery", town: towns[0]!.slug } as const;

  it("takes today and later, up to twelve months ahead", () => {
    expect(rentalDateProblems({ start: "2026-11-23", delivery }, mondayMorning)).toEqual({});
    expect(rentalDateProblems({ start: "2027-11-23", delivery }, mondayMorning)).toEqual({});
  });

  it("refuses a day that has passed, a day past the horizon and a date that does not exist", () => {
    expect(rentalDateProblems({ start: "2026-11-22", delivery }, mondayMorning).start).toMatch(/has passed/);
    expect(rentalDateProblems({ start: "2027-11-24", delivery }, mondayMorning).start).toBe(
      "Bookings open up to 12 months ahead. Choose a start on or before Tuesday, November 23, 2027.",
    );
    expect(rentalDateProblems({ start: "2026-02-30", delivery }, mondayMorning).start).toBe("Choose a start date.");
  });

  it("takes same-day delivery only before 2:00 PM on the dealer's clock; pickup any time", () => {
    expect(rentalDateProblems({ start: "2026-11-23", delivery }, mondayAfternoon).start).toBe(
      "Same-day delivery is booked before 2:00 PM. Choose pickup at the showroom or a later start.",
    );
    expect(rentalDateProblems({ start: "2026-11-23", delivery: { type: "pickup" } }, mondayAfternoon)).toEqual({});
    // 13:59 in July is 17:59 UTC (EDT): still in time.
    expect(rentalDateProblems({ start: "2027-07-01", delivery }, new Date("2027-07-01T17:59:00Z"))).toEqual({});
  });

  it("knows the dealer's today, not the server's: 11 PM in Montrose is already tomorrow in UTC", () => {
    const lateMonday = new Date("2026-11-24T04:00:00Z");
    expect(rentalDateProblems({ start: "2026-11-23", delivery: { type: "pickup" } }, lateMonday)).toEqual({});
  });
});

describe("what the policies say of tax (issue 47)", () => {
  const wordsOf = (slug: string) => {
    const policy = findPolicy(slug)!;
    return policy.sections.flatMap((section) => [...(section.paragraphs ?? []), ...(section.list ?? [])]).join(" ");
  };

  it("the rental policy says sales tax is added to its late-return and other fees, and names the law", () => {
    const words = wordsOf("rental-policy");
    expect(words).toContain(
      "Pennsylvania sales tax (6%) is added to the late-return, cleaning, returned-uncharged, smoke-odor and pet-hair fees",
    );
    expect(words).toContain("61 Pa. Code § 31.2(1); Tax Reform Code § 201(g)(4)");
    expect(words).toContain("Late returns: $25 per hour, plus 6% Pennsylvania sales tax.");
    // Every class rents golf carts: no PTA fee, rental tax or lease tax is named.
    expect(words).not.toMatch(/Public Transportation Assistance|vehicle rental tax|lease tax/i);
  });

  it("the storage policy promises no separate access to a locked space, and maintenance names § 31.1(4)(i)", () => {
    const words = wordsOf("storage-policy");
    expect(words).toContain("you get no separate access to a locked space");
    expect(words).toContain("61 Pa. Code § 60.12(a)");
    expect(words).toContain("61 Pa. Code §§ 31.1(4)(i), 31.5, 60.12");
  });
});
