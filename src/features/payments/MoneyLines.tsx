/** Money in, money out and the balance, as label and amount pairs: the customer's page and the staff page. */
export function MoneyLines({ lines, className }: { lines: { label: string; amount: string }[]; className: string }) {
  if (lines.length === 0) return null;
  return (
    <dl className={className}>
      {lines.map((line) => (
        <div key={line.label}>
          <dt>{line.label}</dt>
          <dd>{line.amount}</dd>
        </div>
      ))}
    </dl>
  );
}
