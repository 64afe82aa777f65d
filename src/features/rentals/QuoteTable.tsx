import { formatMoney } from "~/lib/format";

/** A quote line by line with its total, as the booking page and a booking's status page show it. */
export function QuoteTable({ lines, total }: { lines: readonly { label: string; amount: number }[]; total: number }) {
  return (
    <table className="data-table quote-table">
      <caption className="visually-hidden">Price breakdown</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label}>
            <th scope="row">{line.label}</th>
            <td>{formatMoney(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{formatMoney(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
