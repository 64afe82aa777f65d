import { formatMoney } from "~/lib/format";

export interface QuoteTableProps {
  lines: readonly { label: string; amount: number }[];
  total: number;
  /** What a screen reader announces the table as. */
  caption?: string;
}

/** A price line by line with its total: a rental quote, a cart's out-the-door price. */
export function QuoteTable({ lines, total, caption = "Price breakdown" }: QuoteTableProps) {
  return (
    <table className="data-table quote-table">
      <caption className="visually-hidden">{caption}</caption>
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
