import { rentalPlans, type RentalPlan } from "./rental-plans";
import { purchaseTerms, site } from "./site";

/**
 * What Pennsylvania adds to a rental's or a stay's charges, so that every total the site shows is
 * what the customer pays, each tax and fee on its own line. Each fee is a figure the dealer (or
 * their accountant) can switch off with null; docs/decisions.md gives the reading of each source.
 */
export const rentalTaxTerms = {
  /**
   * Renting a cart is a sale at retail (72 P.S. § 7201(k)(1): a transfer of possession for a
   * consideration), taxed at the sales tax rate on every charge made with it (delivery, rush,
   * additional drivers: 61 Pa. Code § 54.1(a)) and stated apart on the quote (61 Pa. Code § 31.2).
   * The refundable deposit is security, not a charge, so it is not taxed.
   */
  salesTaxPercent: purchaseTerms.salesTaxPercent,
  /**
   * The Public Transportation Assistance fee: $2 a day on each rental of a motor vehicle (72 P.S.
   * § 9301; 61 Pa. Code § 47.19; Department of Revenue, REV-717 "Retailers' Information"). It is not
   * itself subject to sales tax (61 Pa. Code § 47.19(a)(5)).
   */
  ptaFeePerDay: 2 as number | null,
  /**
   * Vehicle rental tax: 2% of the rental payment (without sales tax and PTA fees) by a company
   * renting five or more rental vehicles in Pennsylvania, a rental vehicle being a motor vehicle
   * designed to carry 15 or fewer passengers rented without a driver (72 P.S. §§ 8601-A–8604-A;
   * 61 Pa. Code § 47.20).
   */
  vehicleRentalTaxPercent: 2 as number | null,
  /**
   * The Public Transportation Assistance tax on a lease: 3% of the lease price of a motor vehicle
   * (72 P.S. § 9301(d)). A rental contracted for `leaseFromDays` or more is such a lease, and then
   * carries neither the $2-a-day fee nor the vehicle rental tax: both are levied on rentals, and a
   * "rental contract" is one for 29 or fewer consecutive days (61 Pa. Code § 47.20(a)). An extended
   * rental contracted for 29 days or fewer stays a rental (same definition), so only the contracted
   * length counts.
   */
  ptaLeaseTaxPercent: 3 as number | null,
  /** The contracted length from which a rental is a lease (the day after § 47.20(a)'s 29). */
  leaseFromDays: 30,
  /** Rental vehicles from which a company collects the vehicle rental tax (61 Pa. Code § 47.20(a)). */
  vehicleRentalCompanyFrom: 5,
  /** The carts the dealer rents out by road class: the fleet its booking calendar holds (`site.rentalFleet`). */
  rentalVehicles: {
    "golf-cart": fleetOf("golf-cart"),
    lsv: fleetOf("lsv"),
  } satisfies Record<RentalPlan["roadClass"], number>,
  /**
   * Whether a golf cart's rental carries the PTA fee and the vehicle rental tax. Off: both statutes
   * speak of motor vehicles, no Revenue ruling applies either to golf carts, and the rental tax's
   * own definitions (72 P.S. § 8601-A; 61 Pa. Code § 47.20) lean toward titled, registered highway
   * vehicles, which a golf cart is not (75 Pa.C.S. § 1102(2)); collecting a fee that is not due
   * takes the renter's money. Switch it on only with the dealer's accountant's or the Department of
   * Revenue's answer, and with the dealer's PTA and vehicle-rental-tax registrations (README,
   * Deploying). A street-legal LSV, a registered motor vehicle, carries both whatever this says.
   */
  motorVehicleFeesOnGolfCarts: false as boolean,
};

function fleetOf(roadClass: RentalPlan["roadClass"]): number {
  return rentalPlans
    .filter((plan) => plan.roadClass === roadClass)
    .reduce((sum, plan) => sum + site.rentalFleet[plan.id], 0);
}

/** Whether a rental of `roadClass` carries the PTA fee and the vehicle rental tax, by `terms`. */
export function carriesMotorVehicleFees(
  roadClass: RentalPlan["roadClass"],
  terms: Pick<typeof rentalTaxTerms, "motorVehicleFeesOnGolfCarts"> = rentalTaxTerms,
): boolean {
  return roadClass === "lsv" || terms.motorVehicleFeesOnGolfCarts;
}

/**
 * The rental vehicles that count toward the vehicle rental tax's five: the LSVs, and the golf carts
 * only while the dealer charges motor-vehicle fees on them.
 */
export function countedRentalVehicles(terms: typeof rentalTaxTerms = rentalTaxTerms): number {
  return terms.rentalVehicles.lsv + (terms.motorVehicleFeesOnGolfCarts ? terms.rentalVehicles["golf-cart"] : 0);
}

/**
 * Storing a cart is not taxed: sales tax reaches storage only as "self-storage service", a space
 * in a building with separate access for each customer (61 Pa. Code § 60.12(a)); the dealer keeps
 * carts in its own building or yard and moves them itself, as a warehouse does, which that section
 * leaves out. Battery and tyre maintenance and pre-season preparation are maintenance of the cart,
 * a taxable service (72 P.S. § 7201(k)(4); 61 Pa. Code §§ 31.1(4)(i), 31.5), so they carry sales tax.
 * Storage stays untaxed only while no customer has separate access to a locked space, which the
 * storage policy promises (`storageAccessNote`).
 */
export const storageTaxNote = `Storage itself is not taxed; Pennsylvania sales tax (${purchaseTerms.salesTaxPercent}%) is added to maintenance and pre-season preparation, which are service to the cart (72 P.S. § 7201(k)(4); 61 Pa. Code §§ 31.1(4)(i), 31.5, 60.12).`;

/**
 * The storage policy's promise that keeps storage a warehouse's service rather than taxable
 * "self-storage service", a space with separate access for each customer (61 Pa. Code § 60.12(a)).
 */
export const storageAccessNote =
  "Your cart is kept in our building or yard and moved only by our staff: you get no separate access to a locked space, and a visit to your cart is made with us (which is why storage itself is not taxed, 61 Pa. Code § 60.12(a)).";

const dollars = (amount: number) => `$${amount.toFixed(2)}`;
const list = (items: string[]) => new Intl.ListFormat("en-US").format(items);

/**
 * The rental policy's own fees charged with the rental carry sales tax like the rent: the price of a
 * rental includes every charge made with it (61 Pa. Code § 31.2(1); Tax Reform Code § 201(g)(4),
 * 72 P.S. § 7201(g)(4)). Said wherever those fees are named.
 */
export const rentalFeesTaxNote = `Pennsylvania sales tax (${rentalTaxTerms.salesTaxPercent}%) is added to the late-return, cleaning, returned-uncharged, smoke-odor and pet-hair fees, as to the rent (61 Pa. Code § 31.2(1); Tax Reform Code § 201(g)(4)).`;

/** Said after a rental fee's figure wherever one is named on its own, as the late-return fee is. */
export const plusSalesTax = `plus ${rentalTaxTerms.salesTaxPercent}% Pennsylvania sales tax`;

const feeRoadClasses = [...new Set(rentalPlans.map((plan) => plan.roadClass))].filter((roadClass) =>
  carriesMotorVehicleFees(roadClass),
);

const leaseSentence =
  rentalTaxTerms.ptaLeaseTaxPercent === null
    ? ""
    : ` A rental contracted for ${rentalTaxTerms.leaseFromDays} days or more is a lease: it carries the ${rentalTaxTerms.ptaLeaseTaxPercent}% Public Transportation Assistance tax on the lease price instead of those (72 P.S. § 9301(d); 61 Pa. Code § 47.20(a)).`;

const motorVehicleFees = [
  rentalTaxTerms.ptaFeePerDay === null
    ? null
    : `the state's Public Transportation Assistance fee of ${dollars(rentalTaxTerms.ptaFeePerDay)} a day`,
  rentalTaxTerms.vehicleRentalTaxPercent === null || countedRentalVehicles() < rentalTaxTerms.vehicleRentalCompanyFrom
    ? null
    : `the ${rentalTaxTerms.vehicleRentalTaxPercent}% vehicle rental tax`,
].filter((charge): charge is string => charge !== null);

// Only when a rented class carries them: a fee named beside rates no rental pays would mislead.
const motorVehicleSentence =
  feeRoadClasses.length === 0 || motorVehicleFees.length === 0
    ? ""
    : ` ${feeRoadClasses.length === 1 && feeRoadClasses[0] === "lsv" ? "A street-legal LSV's rental also carries" : "A rental also carries"} ${list(motorVehicleFees)}, which the law puts on the rental of a motor vehicle, in the Vehicle Code's words "a vehicle which is self-propelled" (75 Pa.C.S. § 102; 72 P.S. §§ 9301, 8601-A).${leaseSentence}`;

/** Said beside the rental rates, so no rate reads as the whole price: each charge the quote adds. */
export const rentalTaxNote = `Rates are before Pennsylvania sales tax (${rentalTaxTerms.salesTaxPercent}%), which every quote shows on its own line.${motorVehicleSentence}`;

/** How sales tax treats a charge, once the dealer's accountant has said, with what they relied on. */
export interface ChargeTaxTreatment {
  salesTax: "added" | "not-charged";
  /** The statute, regulation or Revenue ruling the accountant relied on, as the page cites it. */
  source: string;
}

/**
 * The rental charges whose sales tax the dealer's accountant decides (issue 55): a charge for harm
 * to the cart or for a lost accessory may be compensation rather than part of the rental's price
 * (72 P.S. § 7201(g)), and a charge kept on a cancellation may be for no transfer of the cart at all
 * (§ 7201(k)); no Revenue ruling we found settles either. Each is null until the accountant decides,
 * and while it is null the pages say nothing of its tax: neither that tax is added nor that it is not.
 */
export const accountantDecidedCharges: Record<
  "damageAdministrationFee" | "missingAccessorySurcharge" | "keptCancellationCharge",
  ChargeTaxTreatment | null
> = {
  damageAdministrationFee: null,
  missingAccessorySurcharge: null,
  keptCancellationCharge: null,
};

const decidedChargeNames: Record<keyof typeof accountantDecidedCharges, string> = {
  damageAdministrationFee: "The minor-damage administration fee",
  missingAccessorySurcharge: "The missing-accessory surcharge",
  keptCancellationCharge: "The part of the rental charges we keep when you cancel late",
};

/** The rental policy's sentence on each decided charge's tax, in the policy's order; none while undecided. */
export function decidedChargeTaxNotes(decided = accountantDecidedCharges): string[] {
  return (Object.keys(decidedChargeNames) as (keyof typeof decidedChargeNames)[]).flatMap((charge) => {
    const treatment = decided[charge];
    if (!treatment) return [];
    const tax =
      treatment.salesTax === "added"
        ? `carries Pennsylvania sales tax (${rentalTaxTerms.salesTaxPercent}%)`
        : "carries no sales tax";
    return [`${decidedChargeNames[charge]} ${tax} (${treatment.source}).`];
  });
}
