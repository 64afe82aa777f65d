import { tradeInDraftPhotoPath, tradeInPathFor } from "~/config/pages";
import { tradeInPhotoLabels, tradeInTextLimits } from "~/config/trade-in-options";
import { tradeInBatteryLabels, tradeInPowerLabels } from "~/config/trade-in-options";
import { fieldLimits, honeypotField } from "~/lib/visitor-fields";
import { RobotCheck } from "~/ui/RobotCheck";
import {
  draftField,
  fromDraftField,
  photoFieldNames,
  tradeInBatteries,
  type PhotoField,
  tradeInMakes,
  tradeInPowers,
  tradeInSeats,
  type TradeInFieldErrors,
  type TradeInText,
  type TradeInTextField,
} from "./trade-in-fields";
import { tradeInPageWords } from "./trade-in-words";

export interface TradeInFormProps {
  errors?: TradeInFieldErrors;
  values?: Partial<TradeInText>;
  /** After a refusal: the draft holding the photos sent, and the places whose photo it keeps. */
  draft?: string;
  kept?: readonly PhotoField[];
  wanted: { id: string; name: string } | null;
  turnstileSiteKey?: string;
}

const personFields: { name: TradeInTextField; label: string; type: string; autoComplete: string; max?: number }[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name", max: fieldLimits.nameMax },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name", max: fieldLimits.nameMax },
  { name: "email", label: "E-mail", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
];

/**
 * The trade-in as one plain multipart form: it works with no script at all, at any width. The
 * server answers a refusal with the page again, each error beside its field and every typed value
 * kept. No browser lets a page refill a file input, so the photos sent are kept on the server under
 * the form's draft, each offered again as a ticked box (untick to leave it out, choose another to
 * replace it).
 */
export function TradeInForm({
  errors = {},
  values = {},
  draft,
  kept = [],
  wanted,
  turnstileSiteKey,
}: TradeInFormProps) {
  const props = (name: keyof TradeInFieldErrors) => ({
    id: `trade-in-${name}`,
    name,
    "aria-invalid": errors[name] ? ("true" as const) : undefined,
    "aria-describedby": errors[name] ? `trade-in-${name}-error` : undefined,
  });
  const error = (name: keyof TradeInFieldErrors) =>
    errors[name] ? (
      <p id={`trade-in-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;
  const label = (name: keyof TradeInFieldErrors, text: string) => <label htmlFor={`trade-in-${name}`}>{text}</label>;
  const yesNo = (name: "lifted" | "streetLegal", text: string) => (
    <div className="field">
      {label(name, text)}
      <select {...props(name)} defaultValue={values[name] ?? "no"}>
        <option value="no">No</option>
        <option value="yes">Yes</option>
      </select>
      {error(name)}
    </div>
  );
  const photoErrors = photoFieldNames.some((name) => errors[name]);
  return (
    <form
      method="post"
      // The cart they want stays in the address, so a refusal shows the form again still about it.
      action={tradeInPathFor(wanted?.id)}
      encType="multipart/form-data"
      noValidate
      className="contact-form"
      aria-labelledby="trade-in-form-title"
      // With the island, each photo chosen goes smaller and on its own to this address, a line for each.
      data-photo-travel={tradeInDraftPhotoPath}
    >
      <h2 id="trade-in-form-title">Your cart</h2>
      {wanted ? (
        <p className="muted">
          {tradeInPageWords.wanted}: <strong>{wanted.name}</strong>
          <input type="hidden" name="vehicle" value={wanted.id} />
        </p>
      ) : null}
      <div className="contact-form__grid">
        <div className="field">
          {label("year", "Model year")}
          <input {...props("year")} type="text" inputMode="numeric" maxLength={4} defaultValue={values.year} />
          {error("year")}
        </div>
        <div className="field">
          {label("make", "Make")}
          <select {...props("make")} defaultValue={values.make ?? ""}>
            <option value="">Choose…</option>
            {tradeInMakes.map((make) => (
              <option key={make}>{make}</option>
            ))}
          </select>
          {error("make")}
        </div>
        <div className="field">
          {label("model", "Model")}
          <input {...props("model")} maxLength={tradeInTextLimits.model} defaultValue={values.model} />
          {error("model")}
        </div>
        <div className="field">
          {label("serial", "Serial number or VIN")}
          <input {...props("serial")} maxLength={tradeInTextLimits.serial} defaultValue={values.serial} />
          {error("serial")}
        </div>
        <div className="field">
          {label("power", "Gas or electric")}
          <select {...props("power")} defaultValue={values.power ?? "electric"}>
            {tradeInPowers.map((power) => (
              <option key={power} value={power}>
                {tradeInPowerLabels[power]}
              </option>
            ))}
          </select>
          {error("power")}
        </div>
        <div className="field">
          {label("battery", "Battery type")}
          <select {...props("battery")} defaultValue={values.battery ?? "unknown"}>
            {tradeInBatteries.map((battery) => (
              <option key={battery} value={battery}>
                {tradeInBatteryLabels[battery]}
              </option>
            ))}
          </select>
          {error("battery")}
        </div>
        <div className="field">
          {label("batteryYear", "Year the batteries were installed (if you know)")}
          <input {...props("batteryYear")} inputMode="numeric" defaultValue={values.batteryYear} />
          {error("batteryYear")}
        </div>
        <div className="field">
          {label("seats", "Seats")}
          <select {...props("seats")} defaultValue={values.seats ?? "4"}>
            {tradeInSeats.map((seats) => (
              <option key={seats}>{seats}</option>
            ))}
          </select>
          {error("seats")}
        </div>
        {yesNo("lifted", "Lifted")}
        {yesNo("streetLegal", "Street-legal (titled as an LSV)")}
      </div>
      <div className="field">
        {label("conditionNotes", "Condition")}
        <textarea
          {...props("conditionNotes")}
          rows={5}
          maxLength={tradeInTextLimits.conditionNotes}
          defaultValue={values.conditionNotes}
        />
        {error("conditionNotes")}
      </div>
      <fieldset className="field">
        <legend>Photos</legend>
        <p className="muted">{tradeInPageWords.photosHint}</p>
        {kept.length > 0 ? (
          <p className="muted">{tradeInPageWords.photosKept}</p>
        ) : photoErrors || Object.keys(errors).length > 0 ? (
          <p className="muted">{tradeInPageWords.photosAgain}</p>
        ) : null}
        {draft ? <input type="hidden" name={draftField} value={draft} /> : null}
        {photoFieldNames.map((name, index) => (
          <div className="field" key={name}>
            {label(name, tradeInPhotoLabels[index]!)}
            <input {...props(name)} type="file" accept="image/jpeg,image/png,image/webp,image/heic" />
            {kept.includes(name) ? (
              <label>
                <input type="checkbox" name={fromDraftField} value={name} defaultChecked /> {tradeInPageWords.keptPhoto}
              </label>
            ) : null}
            {error(name)}
          </div>
        ))}
        <ol className="contact-form__progress" aria-live="polite" data-photo-travel-progress="" />
      </fieldset>
      <h2>How we reach you</h2>
      <div className="contact-form__grid">
        {personFields.map((field) => (
          <div className="field" key={field.name}>
            {label(field.name, field.label)}
            <input
              {...props(field.name)}
              type={field.type}
              autoComplete={field.autoComplete}
              maxLength={field.max}
              defaultValue={values[field.name]}
            />
            {error(field.name)}
          </div>
        ))}
      </div>
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="trade-in-website">Leave this empty</label>
        <input id="trade-in-website" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <RobotCheck siteKey={turnstileSiteKey} />
      <button type="submit" className="button button--primary">
        {tradeInPageWords.submit}
      </button>
    </form>
  );
}
