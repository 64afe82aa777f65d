import { vehicleTextLimits as limits } from "~/features/catalogue-upkeep/vehicle-edits";
import { visibleLines, visibleText } from "~/lib/visible-text";
import type { StaffVehicleOutcome } from "./staff-vehicle.server";
import type { NewArrivalChoices } from "./staff-vehicles.server";
import { StaffField, StaffInput, fieldError } from "./StaffVehicleFields";

export interface StaffNewArrivalPageProps {
  choices: NewArrivalChoices;
  title: string;
  outcome?: StaffVehicleOutcome;
  /** The form filled from a trade-in ("Start a new arrival from it"), and the customer's account of its condition. */
  fromTradeIn?: { values: Record<string, string>; conditionNotes: string } | null;
}

/**
 * A new arrival from the lot: start from a model the brand pages list, a copy of a vehicle in the
 * catalogue, or blank (a pre-owned trade-in), and type what differs. It is a draft only staff see
 * until it has a price and a photo.
 */
export function StaffNewArrivalPage({ choices, title, outcome, fromTradeIn }: StaffNewArrivalPageProps) {
  const values = outcome?.values ?? fromTradeIn?.values ?? {};
  const refusals = outcome?.refusals ?? [];
  const error = (field: string) => fieldError(refusals, field);
  return (
    <div className="container page-section staff-page">
      <h1>{title}</h1>
      {outcome ? (
        <p role="alert" className="field__error">
          {visibleLines(outcome.message)}
        </p>
      ) : null}
      <p>
        It stays a draft, seen only by staff, until it has a price and at least one photo; then “Put it on the site” on
        its page publishes it.
      </p>
      {fromTradeIn ? (
        <p data-testid="new-arrival-from-trade-in">
          Filled from a trade-in. Its condition, as the customer told it: “{visibleText(fromTradeIn.conditionNotes)}”
        </p>
      ) : null}
      <form method="post" className="staff-form">
        <StaffField
          name="from"
          label="Start from"
          error={error("from")}
          hint="Its description, features and specifications are copied; its photos are not."
        >
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              name="from"
              defaultValue={values.from ?? ""}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              <option value="">Blank (a pre-owned trade-in)</option>
              {choices.models.map((model) => (
                <optgroup key={model.brand} label={`${model.brand} models`}>
                  {model.vehicles.map((vehicle) => (
                    <option key={vehicle.id} value={vehicle.id}>
                      {visibleText(vehicle.name)}
                    </option>
                  ))}
                </optgroup>
              ))}
              {choices.others.length > 0 ? (
                <optgroup label="A copy of another vehicle">
                  {choices.others.map((vehicle) => (
                    <option key={vehicle.id} value={vehicle.id}>
                      {visibleText(vehicle.name)} ({vehicle.id})
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          )}
        </StaffField>
        <StaffInput
          name="name"
          label="Name"
          error={error("name")}
          hint="As buyers see it; the address is made from it."
          required
          maxLength={limits.name}
          defaultValue={values.name}
        />
        <StaffInput
          name="price"
          label="Price (US dollars)"
          error={error("price")}
          hint="Leave empty until it is priced."
          inputMode="decimal"
          defaultValue={values.price}
        />
        <StaffInput
          name="unitsInStock"
          label="Units on the lot"
          error={error("unitsInStock")}
          inputMode="numeric"
          defaultValue={values.unitsInStock ?? "1"}
        />
        <StaffField name="condition" label="Condition" error={error("isNew")}>
          {({ id, describedBy }) => (
            <select id={id} name="condition" defaultValue={values.condition ?? "new"} aria-describedby={describedBy}>
              <option value="new">New</option>
              <option value="pre-owned">Pre-owned</option>
            </select>
          )}
        </StaffField>
        <StaffField
          name="roadClass"
          label="Road class"
          error={error("roadClass")}
          hint="Street-legal (LSV) only when its maker certifies it under FMVSS No. 500."
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              name="roadClass"
              defaultValue={values.roadClass ?? "golf-cart"}
              aria-describedby={describedBy}
            >
              <option value="golf-cart">Golf cart</option>
              <option value="lsv">Street-legal (LSV)</option>
            </select>
          )}
        </StaffField>
        <StaffInput
          name="seats"
          label="Seats"
          error={error("specifications.seatingCapacity")}
          inputMode="numeric"
          defaultValue={values.seats}
        />
        <StaffInput
          name="colour"
          label="Colour"
          error={error("colour")}
          maxLength={limits.colour}
          defaultValue={values.colour}
        />
        <StaffInput
          name="stockNumber"
          label="Stock or serial number"
          error={error("stockNumber")}
          hint="Only staff see it."
          maxLength={limits.stockNumber}
          defaultValue={values.stockNumber}
        />
        <p className="staff-page__buttons">
          <button type="submit" className="button button--primary">
            Add the draft
          </button>
        </p>
      </form>
    </div>
  );
}
