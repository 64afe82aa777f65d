import { visibleText } from "~/lib/visible-text";
import type { StaffTradeInLine } from "./staff-trade-ins.server";

/** Every trade-in for staff on a phone, newest first, answered or not, with how long each waited. */
export function StaffTradeInsPage({ lines, title }: { lines: StaffTradeInLine[]; title: string }) {
  const waiting = lines.filter((line) => !line.answered).length;
  return (
    <div className="container page-section staff-page">
      <h1>{title}</h1>
      <p>
        {lines.length} trade-ins · {waiting} waiting for a value
      </p>
      {lines.length === 0 ? <p>No trade-ins yet.</p> : null}
      <ul className="staff-week__list">
        {lines.map((line) => (
          <li key={line.id} data-testid="staff-trade-in-line">
            <a href={line.href}>
              <strong>{visibleText(line.cart)}</strong>
            </a>{" "}
            · {visibleText(line.name)}
            <br />
            <span data-testid="staff-trade-in-status">{line.answered ? "Answered" : "Waiting"}</span> · {line.waited} ·
            received {line.received}
          </li>
        ))}
      </ul>
    </div>
  );
}
