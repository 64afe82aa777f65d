import type { PaymentState } from "~/db/schema";
import { formatMoney } from "~/lib/format";

/**
 * A booking's deposit money in, money out and what is held, in the same words on the customer's
 * page, the staff booking page, the day view and `npm run bookings -- list`.
 */
export interface MoneyRow {
  state: PaymentState;
  amountCents: number;
  refundCents: number;
}

const money = (cents: number) => formatMoney(cents / 100);
const arrived = (row: MoneyRow) => row.state !== "open" && row.state !== "expired";

export function moneyTotals(rows: readonly MoneyRow[]) {
  const paidIn = rows.filter(arrived).reduce((sum, row) => sum + row.amountCents, 0);
  const refunded = rows.filter((row) => row.state === "refunded").reduce((sum, row) => sum + row.refundCents, 0);
  const owed = rows.filter((row) => row.state === "refunding").reduce((sum, row) => sum + row.refundCents, 0);
  return { paidIn, refunded, owed, balance: paidIn - refunded - owed };
}

/** "Paid in $500.00", "Refunded $500.00", "Refund on its way", "Balance held": none while nothing came in. */
export function moneyLines(rows: readonly MoneyRow[]): { label: string; amount: string }[] {
  const totals = moneyTotals(rows);
  if (totals.paidIn === 0) return [];
  return [
    { label: "Paid in", amount: money(totals.paidIn) },
    { label: "Refunded", amount: money(totals.refunded) },
    ...(totals.owed > 0 ? [{ label: "Refund on its way", amount: money(totals.owed) }] : []),
    { label: "Balance held", amount: money(totals.balance) },
  ];
}

/** "deposit paid: in $500.00, out $0.00, balance $500.00" for a line of a list; "" while nothing came in. */
export function moneyWords(rows: readonly MoneyRow[]): string {
  const totals = moneyTotals(rows);
  if (totals.paidIn === 0) return "";
  const state = totals.owed > 0 ? "deposit being refunded" : totals.refunded > 0 ? "deposit refunded" : "deposit paid";
  return `${state}: in ${money(totals.paidIn)}, out ${money(totals.refunded)}, balance ${money(totals.balance)}`;
}
