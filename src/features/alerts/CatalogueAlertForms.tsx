import { alertWords } from "~/config/alert-terms";
import { filtersToSearch, type InventoryFilters } from "~/features/catalogue/filters";
import type { ReservableState } from "~/features/catalogue/vehicle-status";
import { AlertForm } from "./AlertForm";

/** The inventory's form: "E-mail me when a cart like this arrives", for the search on the page. */
export function SearchAlertForm({ filters }: { filters: InventoryFilters }) {
  const fields = Object.fromEntries(new URLSearchParams(filtersToSearch({ ...filters, sort: "featured" })));
  return (
    <section className="card page-section" aria-labelledby="search-alert-title">
      <h2 id="search-alert-title">{alertWords.searchButton}</h2>
      <AlertForm kind="search" fields={fields} button={alertWords.searchButton} idPrefix="search-alert" />
    </section>
  );
}

/** The vehicle page's forms: a price drop always; its return when it is reserved or sold out. */
export function VehicleAlertForms({ vehicleId, reservable }: { vehicleId: string; reservable: ReservableState }) {
  return (
    <section className="card page-section" aria-labelledby="vehicle-alert-title">
      <h2 id="vehicle-alert-title">{alertWords.vehicleHeading}</h2>
      <AlertForm kind="price" fields={{ vehicleId }} button={alertWords.priceButton} idPrefix="price-alert" />
      {reservable === "open" ? null : (
        <AlertForm kind="back" fields={{ vehicleId }} button={alertWords.backButton} idPrefix="back-alert" />
      )}
    </section>
  );
}
