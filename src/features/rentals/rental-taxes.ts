import type { RentalPlan } from "~/config/rental-plans";
import { carriesMotorVehicleFees, countedRentalVehicles, rentalTaxTerms } from "~/config/taxes";
import { formatMoney } from "~/lib/format";
import { salesTaxCents } from "~/lib/sales-tax";

/** One tax or fee line of a rental quote, in cents. */
export interface TaxLine {
  label: string;
  cents: number;
}

/** A percentage of an amount in cents, to the nearest cent (half a cent up): the rental and lease taxes. */
const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/**
 * What Pennsylvania adds to a rental's charges (`chargesCents`: rent, delivery, rush fee, drivers)
 * for `days` contracted days of a cart of `roadClass`, each on its own line: sales tax by the bracket
 * schedule; and, on a street-legal LSV's rental (a golf cart's only while the dealer switches them
 * on), either the PTA fee per day and, for a company renting enough of them, the vehicle rental tax,
 * or, contracted for 30 days or more, the 3% PTA lease tax alone: such a contract is a lease, not a
 * "rental contract" (src/config/taxes.ts gives each source).
 */
export function rentalTaxLines(
  chargesCents: number,
  days: number,
  roadClass: RentalPlan["roadClass"],
  terms = rentalTaxTerms,
): TaxLine[] {
  const lines: TaxLine[] = [
    {
      label: `Pennsylvania sales tax (${terms.salesTaxPercent}%)`,
      cents: salesTaxCents(chargesCents, terms.salesTaxPercent),
    },
  ];
  if (!carriesMotorVehicleFees(roadClass, terms)) return lines;
  if (days >= terms.leaseFromDays) {
    if (terms.ptaLeaseTaxPercent !== null) {
      lines.push({
        label: `Public Transportation Assistance lease tax (${terms.ptaLeaseTaxPercent}% of the lease price)`,
        cents: percentOf(chargesCents, terms.ptaLeaseTaxPercent),
      });
    }
    return lines;
  }
  if (terms.ptaFeePerDay !== null) {
    lines.push({
      label: `Public Transportation Assistance fee (${days} x ${formatMoney(terms.ptaFeePerDay)})`,
      cents: days * Math.round(terms.ptaFeePerDay * 100),
    });
  }
  if (terms.vehicleRentalTaxPercent !== null && countedRentalVehicles(terms) >= terms.vehicleRentalCompanyFrom) {
    lines.push({
      label: `Vehicle rental tax (${terms.vehicleRentalTaxPercent}%)`,
      cents: percentOf(chargesCents, terms.vehicleRentalTaxPercent),
    });
  }
  return lines;
}
