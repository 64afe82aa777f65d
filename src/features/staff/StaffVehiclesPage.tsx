import { formatMoney } from "~/lib/format";
import { visibleText } from "~/lib/visible-text";
import type { StaffVehicleList } from "./staff-vehicles.server";
import { statusWords } from "./vehicle-status-words";

export interface StaffVehiclesPageProps {
  list: StaffVehicleList;
  title: string;
}

/**
 * Every vehicle for staff on a phone: what needs doing first (drafts, carts without photos), a
 * search, and each vehicle a block with its photo, price, stock and how long it took to go online.
 */
export function StaffVehiclesPage({ list, title }: StaffVehiclesPageProps) {
  return (
    <div className="container page-section staff-page">
      <h1>{title}</h1>
      <p className="staff-page__buttons">
        <a className="button button--primary" href="/staff/vehicles/new">
          Add a new arrival
        </a>{" "}
        <a className="button button--ghost" href="/staff/spreadsheet">
          Spreadsheet (CSV)
        </a>
      </p>
      <p>
        {list.total} vehicles · {list.drafts} {list.drafts === 1 ? "draft" : "drafts"} not on the site yet ·{" "}
        {list.withoutPhotos} without photos
      </p>
      <form method="get" role="search" className="staff-vehicles__search">
        <label htmlFor="vehicle-search">Search by name, stock number, colour or id</label>
        <input id="vehicle-search" name="q" type="search" defaultValue={list.query} maxLength={100} />
        <button type="submit" className="button button--ghost">
          Search
        </button>
      </form>
      {list.lines.length === 0 ? <p>No vehicle matches “{visibleText(list.query)}”.</p> : null}
      <ul className="staff-vehicles">
        {list.lines.map((line) => (
          <li key={line.id} className="staff-vehicles__item" data-testid="staff-vehicle-line">
            {line.thumbnail ? (
              <img
                src={line.thumbnail}
                alt=""
                width={96}
                height={64}
                loading="lazy"
                className="staff-vehicles__photo"
              />
            ) : (
              <span className="staff-vehicles__photo staff-vehicles__photo--none">no photos</span>
            )}
            <div>
              <a href={`/staff/vehicles/${encodeURIComponent(line.id)}`}>
                <strong>{visibleText(line.name)}</strong>
              </a>
              {line.stockNumber ? <> · stock {visibleText(line.stockNumber)}</> : null}
              <br />
              <span data-testid="staff-vehicle-status">{statusWords[line.status]}</span> · {formatMoney(line.price)} ·{" "}
              {line.units} on the lot{line.held > 0 ? `, ${line.held} held by buyers` : ""}
              <br />
              {line.unconfirmed > 0 ? `${line.unconfirmed} example values to confirm · ` : ""}
              {line.timeToLine ? `online ${line.timeToLine} after it was added` : "not on the site yet"}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
