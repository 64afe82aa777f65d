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
   * The Public Transportation Assistance fee: $2 a day on each rental of a motor vehicle for fewer
   * than 30 days (72 P.S. § 9301(e); 61 Pa. Code § 47.19; Department of Revenue, REV-717 "Retailers'
   * Information"). A golf cart is a motor vehicle: a self-propelled vehicle (75 Pa.C.S. § 102). It
   * is not itself subject to sales tax (61 Pa. Code § 47.19(a)(5)).
   */
  ptaFeePerDay: 2 as number | null,
  /**
   * Vehicle rental tax: 2% of the rental payment (without sales tax and PTA fees) on a rental of 29
   * days or fewer by a company renting five or more rental vehicles in Pennsylvania, a rental
   * vehicle being a motor vehicle designed to carry 15 or fewer passengers rented without a driver
   * (72 P.S. §§ 8601-A–8604-A; 61 Pa. Code § 47.20).
   */
  vehicleRentalTaxPercent: 2 as number | null,
  /** Rental vehicles from which a company collects the vehicle rental tax (61 Pa. Code § 47.20(a)). */
  vehicleRentalCompanyFrom: 5,
  /** The carts the dealer rents out: the fleet its booking calendar holds (`site.rentalFleet`). */
  rentalVehicles: Object.values(site.rentalFleet).reduce((sum, carts) => sum + carts, 0),
  /**
   * From 30 days a rental is a lease (61 Pa. Code § 47.20(a), "rental contract"): instead of the
   * fee and the rental tax, the PTA motor vehicle lease tax, 3% of the lease price (72 P.S. § 9301(d)).
   */
  leaseFromDays: 30,
  leaseTaxPercent: 3 as number | null,
};

/**
 * Storing a cart is not taxed: sales tax reaches storage only as "self-storage service", a space
 * in a building with separate access for each customer (61 Pa. Code § 60.12(a)); the dealer keeps
 * carts in its own building or yard and moves them itself, as a warehouse does, which that section
 * leaves out. Battery and tyre maintenance and pre-season preparation are maintenance of the cart,
 * a taxable service (72 P.S. § 7201(k)(4); 61 Pa. Code § 31.5), so they carry sales tax.
 */
export const storageTaxNote = `Storage itself is not taxed; Pennsylvania sales tax (${purchaseTerms.salesTaxPercent}%) is added to maintenance and pre-season preparation, which are service to the cart (72 P.S. § 7201(k)(4); 61 Pa. Code §§ 31.5, 60.12).`;

const dollars = (amount: number) => `$${amount.toFixed(2)}`;

const charges = [
  `Pennsylvania sales tax (${rentalTaxTerms.salesTaxPercent}%)`,
  rentalTaxTerms.ptaFeePerDay === null
    ? null
    : `the state's Public Transportation Assistance fee of ${dollars(rentalTaxTerms.ptaFeePerDay)} a day`,
  rentalTaxTerms.vehicleRentalTaxPercent === null ||
  rentalTaxTerms.rentalVehicles < rentalTaxTerms.vehicleRentalCompanyFrom
    ? null
    : `the ${rentalTaxTerms.vehicleRentalTaxPercent}% vehicle rental tax`,
].filter((charge): charge is string => charge !== null);

const lease =
  rentalTaxTerms.leaseTaxPercent === null
    ? ""
    : ` (from ${rentalTaxTerms.leaseFromDays} days, a ${rentalTaxTerms.leaseTaxPercent}% lease tax instead of the daily fee and the rental tax)`;

/** Said beside the rental rates, so no rate reads as the whole price: each charge the quote adds. */
export const rentalTaxNote = `Rates are before ${new Intl.ListFormat("en-US").format(charges)}${lease}; every quote shows each on its own line.`;
