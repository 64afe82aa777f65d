import type { ReactNode } from "react";
import { Link } from "~/ui/links";
import { tradeInPath } from "~/config/pages";
import { tradeInInvite } from "~/config/trade-in-options";
import { site, telHref } from "~/config/site";
import {
  activeFilterLabels,
  categoryWords,
  conditions,
  hasActiveFilters,
  streetLegalLabel,
  priceBands,
  seatOptions,
  sortOrders,
  type InventoryFilters,
} from "./filters";
import { ExampleNote } from "./ExampleMark";
import { compareLimit, comparePath } from "./compare";
import { VehicleCard } from "./VehicleCard";
import type { VehicleSummary } from "./vehicle-summary";
import { PageHero } from "~/ui/PageHero";

const compareFormId = "compare-carts";

export interface InventoryPageProps {
  vehicles: VehicleSummary[];
  total: number;
  filters: InventoryFilters;
  brands: string[];
  /** The "tell me when a cart like this arrives" form, which the route supplies. */
  alertForm?: ReactNode;
}

export function InventoryPage({ vehicles, total, filters, brands, alertForm }: InventoryPageProps) {
  return (
    <>
      <PageHero
        title={<>Golf Cart Inventory</>}
        lead={<>New DENAGO and EVOLUTION carts and inspected pre-owned carts, ready to test drive at our showroom.</>}
      />
      <section className="container page-section" aria-labelledby="inventory-results">
        <details className="filters-disclosure">
          <summary>
            Filter and sort
            <span className="filters-disclosure__active">
              {activeFilterLabels(filters).join(", ") || "no filters"} · {vehicles.length}{" "}
              {vehicles.length === 1 ? "cart" : "carts"}
            </span>
          </summary>
          <FilterForm filters={filters} brands={brands} />
        </details>
        <div className="inventory-summary">
          <h2 id="inventory-results" className="visually-hidden">
            Vehicles
          </h2>
          <p aria-live="polite">
            <strong>{vehicles.length}</strong> {vehicles.length === 1 ? "cart" : "carts"} available
            {hasActiveFilters(filters) ? ` (of ${total})` : ""}
          </p>
          {hasActiveFilters(filters) ? (
            <Link to="/inventory" className="button button--ghost">
              Clear all filters
            </Link>
          ) : null}
        </div>
        {vehicles.length === 0 ? (
          <EmptyResults total={total} />
        ) : (
          <>
            {/* The cards' Compare boxes belong to this form by its id: a form cannot hold the cards' links. */}
            <form id={compareFormId} method="get" action={comparePath} className="compare-bar">
              <p className="muted">Tick Compare on up to {compareLimit} carts to see them side by side.</p>
              <button type="submit" className="button button--ghost">
                Compare selected carts
              </button>
            </form>
            <div className="grid">
              {vehicles.map((vehicle, index) => (
                <VehicleCard key={vehicle.id} vehicle={vehicle} eagerImage={index < 3} compareForm={compareFormId} />
              ))}
            </div>
            {vehicles.some((vehicle) => vehicle.exampleFields?.length) ? <ExampleNote /> : null}
          </>
        )}
        {alertForm}
      </section>
      <InventoryCallsToAction />
    </>
  );
}

function FilterForm({ filters, brands }: { filters: InventoryFilters; brands: string[] }) {
  return (
    <form method="get" action="/inventory" className="filters" aria-label="Filter vehicles">
      <div className="field filters__search">
        <label htmlFor="filter-search">Search</label>
        <input
          id="filter-search"
          name="q"
          type="search"
          defaultValue={filters.search}
          placeholder="Name or description"
        />
      </div>
      <div className="field">
        <label htmlFor="filter-brand">Brand</label>
        <select id="filter-brand" name="brand" defaultValue={filters.brand.toLowerCase()}>
          <option value="">All brands</option>
          {brands.map((brand) => (
            <option key={brand} value={brand.toLowerCase()}>
              {brand}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-category">Category</label>
        <select id="filter-category" name="category" defaultValue={filters.category}>
          <option value="">All categories</option>
          {categoryWords.map((word) => (
            <option key={word} value={word}>
              {word.charAt(0).toUpperCase() + word.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-price">Price</label>
        <select id="filter-price" name="price" defaultValue={filters.price}>
          <option value="">Any price</option>
          {Object.entries(priceBands).map(([value, band]) => (
            <option key={value} value={value}>
              {band.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-seats">Seats</label>
        <select id="filter-seats" name="seats" defaultValue={filters.seats ?? ""}>
          <option value="">Any</option>
          {seatOptions.map((seats) => (
            <option key={seats} value={seats}>
              {seats} seats
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-condition">Condition</label>
        <select id="filter-condition" name="condition" defaultValue={filters.condition}>
          <option value="">New and pre-owned</option>
          {Object.entries(conditions).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--check filters__check">
        <input id="filter-lsv" name="lsv" type="checkbox" value="1" defaultChecked={filters.streetLegal} />
        <label htmlFor="filter-lsv">{streetLegalLabel}</label>
      </div>
      <div className="field">
        <label htmlFor="filter-sort">Sort by</label>
        <select id="filter-sort" name="sort" defaultValue={filters.sort}>
          {Object.entries(sortOrders).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="filters__actions">
        <button type="submit" className="button button--primary">
          Apply Filters
        </button>
      </div>
    </form>
  );
}

function EmptyResults({ total }: { total: number }) {
  return (
    <div className="empty-state">
      <p>
        <strong>No vehicles match your current filters.</strong>
      </p>
      <p className="muted">Showing 0 of {total} total vehicles</p>
      <h3>No vehicles found</h3>
      <p>Try adjusting your search criteria or filters.</p>
      <Link to="/inventory" className="button button--primary">
        Clear Filters
      </Link>
    </div>
  );
}

function InventoryCallsToAction() {
  return (
    <section className="section-alt page-section" aria-labelledby="inventory-help">
      <div className="container grid grid--wide">
        <div className="card">
          <h2 id="inventory-help">Don't see the cart you want?</h2>
          <p>We order any DENAGO or EVOLUTION model and set it up the way you like. Tell us what you need.</p>
          <div className="card__footer button-row">
            <Link to="/contact" className="button button--primary">
              Ask about a cart
            </Link>
            <Link to={tradeInPath} className="button button--ghost">
              {tradeInInvite}
            </Link>
            <a href={telHref()} className="button button--ghost">
              Call {site.phone.display}
            </a>
          </div>
        </div>
        <div className="card">
          <h2>Financing available</h2>
          <p>Spread the cost with one of our lending partners. Check your options before you visit.</p>
          <div className="card__footer">
            <Link to="/financing" className="button button--ghost">
              Explore financing
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

export function InventoryError() {
  return (
    <section className="container page-section">
      <h1>Golf Cart Inventory</h1>
      <p role="alert">
        Error loading vehicles: the catalogue could not be loaded just now. Please try again in a moment.
      </p>
      <Link to="/inventory" className="button button--primary">
        Try again
      </Link>
    </section>
  );
}
