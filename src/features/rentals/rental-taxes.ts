import { rentalTaxTerms } from "~/config/taxes";
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
 * for `days` days, each on its own line: sales tax by the bracket schedule; under 30 days the PTA
 * fee per day and, for a company renting enough carts, the vehicle rental tax; from 30 days the
 * lease tax instead (src/config/taxes.ts gives each source).
 */
export function rentalTaxLines(chargesCents: number, days: number, terms = rentalTaxTerms): TaxLine[] {
  const lines: TaxLine[] = [
    {
      label: `Pennsylvania sales tax (${terms.salesTaxPercent}%)`,
      cents: salesTaxCents(chargesCents, terms.salesTaxPercent),
    },
  ];
  if (days >= terms.leaseFromDays) {
    if (terms.leaseTaxPercent !== null) {
      lines.push({
        label: `Motor vehicle lease tax (${terms.leaseTaxPercent}%)`,
        cents: percentOf(chargesCents, terms.leaseTaxPercent),
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
  if (terms.vehicleRentalTaxPercent !== null && terms.rentalVehicles >= terms.vehicleRentalCompanyFrom) {
    lines.push({
      label: `Vehicle rental tax (${terms.vehicleRentalTaxPercent}%)`,
      cents: percentOf(chargesCents, terms.vehicleRentalTaxPercent),
    });
  }
  return lines;
}
