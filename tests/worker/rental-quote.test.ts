import { describe, expect, it } from "vitest";
import { rentalPlans, type RentalPlan } from "~/config/rental-plans";
import { towns } from "~/config/towns";
import { rentalTaxTerms } from "~/config/taxes";
import { rentalDeliveryTo } from "~/lib/delivery";
import { rentalTaxLines } from "~/features/rentals/rental-taxes";
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
  it("pickup: the rent, then each tax and fee on its own line; the deposit is stated apart from the total", () => {
    const quote = quoteRental(request({ plan: "six-seater", days: 3 }), mondayMorning);
    expect(quote).toMatchObject({ rent: 735, delivery: 0, rushFee: 0, driversFee: 0, deposit: 750 });
    expect(quote.lines.slice(2)).toEqual([
      { label: "Pennsylvania sales tax (6%)", amount: 44.1 },
      { label: "Public Transportation Assistance fee (3 x $2.00)", amount: 6 },
      { label: "Vehicle rental tax (2%)", amount: 14.7 },
    ]);
    expect(quote).toMatchObject({ taxes: 64.8, total: 799.8 });
    expect(quote.returnDay).toBe("2026-12-04");
  });

  it("a 4 seater for 3 days picked up is $685.00 and $41.10 sales tax, the total what the renter pays", () => {
    const quote = quoteRental(request({ plan: "four-seater", days: 3 }), mondayMorning);
    expect(quote.lines[0]).toEqual({ label: "4 Seater, 3 days (3 Day rate)", amount: 685 });
    expect(quote.lines).toContainEqual({ label: "Pennsylvania sales tax (6%)", amount: 41.1 });
    // $685.00 + $41.10 sales tax + $6.00 PTA fee (3 days) + $13.70 vehicle rental tax (2%).
    expect(quote.total).toBe(745.8);
  });

  it("30 days is a lease: sales tax and the 3% lease tax, no daily fee and no rental tax", () => {
    const quote = quoteRental(request({ plan: "four-seater", days: 30 }), mondayMorning);
    expect(quote.lines.map((line) => line.label).slice(2)).toEqual([
      "Pennsylvania sales tax (6%)",
      "Motor vehicle lease tax (3%)",
    ]);
    expect(quote.total).toBe(2800 + 168 + 84);
  });

  it("each fee can be switched off; sales tax follows the bracket schedule on the cents", () => {
    const off = { ...rentalTaxTerms, ptaFeePerDay: null, vehicleRentalTaxPercent: null };
    expect(rentalTaxLines(68_500, 3, off)).toEqual([{ label: "Pennsylvania sales tax (6%)", cents: 4110 }]);
    // $913.34: 6 cents on each of 913 dollars and 2 on 34 cents (61 Pa. Code § 31.2), not 54.80 rounded.
    expect(rentalTaxLines(91_334, 4, off)[0]!.cents).toBe(913 * 6 + 2);
    // A company with fewer than five rental vehicles collects no vehicle rental tax.
    const small = { ...rentalTaxTerms, rentalVehicles: 4 };
    expect(rentalTaxLines(68_500, 3, small).map((line) => line.label)).not.toContain("Vehicle rental tax (2%)");
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
