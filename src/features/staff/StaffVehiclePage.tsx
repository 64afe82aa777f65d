import { staffVehiclePhotoPath } from "~/config/pages";
import { formatMoney } from "~/lib/format";
import { visibleLines, visibleText } from "~/lib/visible-text";
import { vehicleTextLimits as limits } from "~/features/catalogue-upkeep/vehicle-edits";
import { maxPhotosPerVehicle, photoSizeLimit } from "~/features/photos/photo-intake";
import type { StaffVehicleOutcome, StaffVehicleView } from "./staff-vehicle.server";
import { specificationPrefix } from "./vehicle-form-input";
import { StaffField, StaffInput, fieldError } from "./StaffVehicleFields";

export interface StaffVehiclePageProps {
  view: StaffVehicleView;
  staffEmail: string;
  outcome?: StaffVehicleOutcome;
}

/** What the phone offers for the photo field: its camera or library, in any format the Worker reads. */
const photoTypes = "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif";

const specificationLabels: Record<string, string> = {
  topSpeed: "Top speed",
  range: "Range",
  batteryType: "Battery",
  chargingTime: "Charging time",
  payload: "Payload",
  seatingCapacity: "Seats",
  driveType: "Drive",
};

/** Every feature line at its longest, with the line breaks between them (a textarea counts each as one). */
const featuresMaxLength = limits.features * (limits.feature + 1) - 1;

/** The current value of an example field, as the page shows it beside its Confirm button. */
function exampleValue(view: StaffVehicleView, path: string): string {
  const { vehicle } = view;
  if (path === "description") return vehicle.description;
  if (path === "features") return vehicle.features.join(", ");
  if (path === "roadClass") return vehicle.roadClass;
  const key = path.slice("specifications.".length);
  return String(vehicle.specifications[key] ?? "");
}

/**
 * One vehicle for staff on a phone, every part a plain form post (no JavaScript): the one-tap
 * changes first (put it on the site, sold one, hide or show), then its photos, the example values
 * to confirm, every field of the import file, and its history.
 */
export function StaffVehiclePage({ view, staffEmail, outcome }: StaffVehiclePageProps) {
  const { vehicle } = view;
  const refused = outcome && !outcome.changed;
  const values = refused ? outcome.values : {};
  const refusals = outcome?.refusals ?? [];
  const error = (field: string) => fieldError(refusals, field);
  const valueOf = (name: string, current: string) => values[name] ?? current;
  const version = <input type="hidden" name="version" value={vehicle.version} />;
  const specKeys = Object.keys(vehicle.specifications);
  return (
    <div className="container page-section staff-page">
      <h1>{visibleText(vehicle.name)}</h1>
      {outcome ? (
        <p
          role={outcome.changed ? "status" : "alert"}
          className={outcome.changed ? "staff-page__done" : "field__error"}
        >
          {visibleLines(outcome.message)}
        </p>
      ) : null}
      {outcome && outcome.conflicts.length > 0 ? (
        <table className="data-table" data-testid="staff-vehicle-conflicts">
          <caption>Someone else saved first. Your values and theirs:</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Yours (not saved)</th>
              <th scope="col">Now on file</th>
            </tr>
          </thead>
          <tbody>
            {outcome.conflicts.map((conflict) => (
              <tr key={conflict.field}>
                <th scope="row">{conflict.field}</th>
                <td>{conflict.yours}</td>
                <td>{conflict.theirs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="staff-page__status">
        Status: <strong data-testid="staff-vehicle-status">{view.statusWords}</strong> · {formatMoney(vehicle.price)} ·{" "}
        {vehicle.inStock ? vehicle.unitsInStock : 0} on the lot
        {vehicle.heldBy.length > 0 ? `, held by ${vehicle.heldBy.join(", ")}` : ""}
        {vehicle.stockNumber ? ` · stock ${visibleText(vehicle.stockNumber)}` : ""} · version {vehicle.version}
      </p>
      {view.publicPath ? (
        <p>
          <a href={view.publicPath}>Its page on the site</a>
        </p>
      ) : null}

      <form method="post" className="staff-page__buttons">
        {version}
        {vehicle.status === "draft" ? (
          <button type="submit" name="intent" value="publish" className="button button--primary">
            Put it on the site
          </button>
        ) : null}
        {vehicle.status !== "draft" && vehicle.inStock && vehicle.unitsInStock > 0 ? (
          <button type="submit" name="intent" value="sold-one" className="button button--primary">
            Sold one
          </button>
        ) : null}
        {vehicle.status === "for-sale" || vehicle.status === "sold" ? (
          <button type="submit" name="intent" value="hide" className="button button--ghost">
            Hide from the site
          </button>
        ) : null}
        {vehicle.status === "hidden" ? (
          <button type="submit" name="intent" value="show" className="button button--ghost">
            Show on the site
          </button>
        ) : null}
      </form>

      <section aria-labelledby="staff-photos">
        <h2 id="staff-photos">Photos</h2>
        {view.photos.length === 0 ? (
          <p className="staff-photos__none">No photos yet: a cart goes on the site with at least one.</p>
        ) : null}
        <ol className="staff-photos">
          {view.photos.map((photo) => (
            <li key={photo.path} className="staff-photos__item">
              {photo.thumbnail ? (
                <img src={photo.thumbnail} alt={`Photo ${photo.number}`} width={144} height={96} loading="lazy" />
              ) : null}
              {/* The photo's own name and the page's version: a repeated or stale tap changes nothing. */}
              <form method="post" className="staff-photos__buttons">
                <input type="hidden" name="photo" value={photo.path} />
                {version}
                {photo.number > 1 ? (
                  <>
                    <button type="submit" name="intent" value="photo-first" className="button button--ghost">
                      Make first
                    </button>
                    <button type="submit" name="intent" value="photo-up" className="button button--ghost">
                      Move up
                    </button>
                  </>
                ) : null}
                {photo.number < view.photos.length ? (
                  <button type="submit" name="intent" value="photo-down" className="button button--ghost">
                    Move down
                  </button>
                ) : null}
                <button type="submit" name="intent" value="photo-remove" className="button button--ghost">
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ol>
        {/* With the island, each photo goes smaller and on its own to data-photo-travel, a line for each. */}
        <form
          method="post"
          encType="multipart/form-data"
          className="staff-form"
          data-photo-travel={staffVehiclePhotoPath(vehicle.id)}
        >
          <StaffField
            name="photos"
            label="Add photos"
            error={error("photos")}
            hint={`Take them now or pick them from the library: JPEG, PNG, WebP or HEIC, ${photoSizeLimit} each, ${maxPhotosPerVehicle} photos a vehicle at most. Location and other hidden data are removed.`}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="photos"
                type="file"
                multiple
                accept={photoTypes}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            )}
          </StaffField>
          <button type="submit" name="intent" value="add-photos" className="button button--primary">
            Upload
          </button>
          <ol className="staff-photos__progress" aria-live="polite" data-photo-travel-progress="" />
        </form>
      </section>

      {vehicle.exampleFields.length > 0 ? (
        <section aria-labelledby="staff-examples">
          <h2 id="staff-examples">Example values to confirm</h2>
          <p>The site marks these “(example)” until staff confirm them. Change a wrong one in the form below first.</p>
          <ul className="staff-examples">
            {vehicle.exampleFields.map((path) => (
              <li key={path}>
                <form method="post" className="staff-examples__item">
                  {version}
                  <input type="hidden" name="path" value={path} />
                  <span>
                    <strong>{path}</strong>: {visibleText(exampleValue(view, path))}
                  </span>
                  <button type="submit" name="intent" value="confirm" className="button button--ghost">
                    Confirm
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="staff-edit">
        <h2 id="staff-edit">Details</h2>
        <form method="post" className="staff-form">
          {version}
          <input type="hidden" name="inStockShown" value="1" />
          {(
            [
              ["name", "Name", vehicle.name, limits.name],
              ["brand", "Brand", vehicle.brand, limits.brand],
              ["category", "Series", vehicle.category, limits.category],
              ["price", "Price (US dollars)", String(vehicle.price), undefined],
              ["unitsInStock", "Units on the lot", String(vehicle.unitsInStock), undefined],
              ["colour", "Colour", vehicle.colour ?? "", limits.colour],
              ["stockNumber", "Stock or serial number (staff only)", vehicle.stockNumber ?? "", limits.stockNumber],
              ["externalUrl", "Maker's page (https)", vehicle.externalUrl ?? "", limits.externalUrl],
            ] as const
          ).map(([name, label, current, maxLength]) => (
            <StaffInput
              key={name}
              name={name}
              label={label}
              error={error(name)}
              defaultValue={valueOf(name, current)}
              inputMode={name === "price" || name === "unitsInStock" ? "decimal" : undefined}
              maxLength={maxLength}
            />
          ))}
          <div className="field field--check">
            <input
              id="field-inStock"
              name="inStock"
              type="checkbox"
              defaultChecked={values.inStockShown ? values.inStock !== undefined : vehicle.inStock}
            />
            <label htmlFor="field-inStock">In stock (for sale on the lot)</label>
            {error("inStock") ? <p className="field__error">{error("inStock")}</p> : null}
          </div>
          <StaffField name="condition" label="Condition" error={error("isNew")}>
            {({ id, describedBy }) => (
              <select
                id={id}
                name="condition"
                defaultValue={valueOf("condition", vehicle.isNew ? "new" : "pre-owned")}
                aria-describedby={describedBy}
              >
                <option value="new">New</option>
                <option value="pre-owned">Pre-owned</option>
              </select>
            )}
          </StaffField>
          <StaffField name="roadClass" label="Road class" error={error("roadClass")}>
            {({ id, describedBy }) => (
              <select
                id={id}
                name="roadClass"
                defaultValue={valueOf("roadClass", vehicle.roadClass)}
                aria-describedby={describedBy}
              >
                <option value="golf-cart">Golf cart</option>
                <option value="lsv">Street-legal (LSV)</option>
              </select>
            )}
          </StaffField>
          <StaffField name="description" label="Description" error={error("description")}>
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                name="description"
                rows={4}
                maxLength={limits.description}
                defaultValue={valueOf("description", vehicle.description)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            )}
          </StaffField>
          <StaffField
            name="features"
            label="Features"
            hint={`One a line: at most ${limits.features} lines of ${limits.feature} characters.`}
            error={error("features")}
          >
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                name="features"
                rows={5}
                maxLength={featuresMaxLength}
                defaultValue={valueOf("features", vehicle.features.join("\n"))}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            )}
          </StaffField>
          <fieldset className="staff-form__group">
            <legend>Specifications</legend>
            {specKeys.map((key) => (
              <StaffInput
                key={key}
                name={`${specificationPrefix}${key}`}
                label={specificationLabels[key] ?? key}
                error={error(`specifications.${key}`)}
                defaultValue={valueOf(`${specificationPrefix}${key}`, String(vehicle.specifications[key] ?? ""))}
                maxLength={limits.specificationValue}
              />
            ))}
            <StaffInput
              name="newSpecName"
              label="Another specification's name"
              hint="Such as wheelSize; empty adds none."
              error={error("newSpecName")}
              defaultValue={values.newSpecName}
              maxLength={limits.specificationName}
            />
            <StaffInput
              name="newSpecValue"
              label="Its value"
              defaultValue={values.newSpecValue}
              maxLength={limits.specificationValue}
            />
          </fieldset>
          <p className="staff-page__buttons">
            <button type="submit" name="intent" value="save" className="button button--primary">
              Save
            </button>
          </p>
        </form>
      </section>

      <section aria-labelledby="staff-vehicle-history">
        <h2 id="staff-vehicle-history">History</h2>
        <p>
          You are signed in as <strong>{staffEmail}</strong>, which each change you make records.
        </p>
        <ol className="staff-page__history" data-testid="staff-vehicle-history">
          {view.history.map((change) => (
            <li key={`${change.version} ${change.changedBy} ${change.changedAt}`}>
              <time>{change.changedAt}</time> {visibleText(change.changedBy)} (version {change.version})
              <ul>
                {change.fields.map((field) => (
                  <li key={field.field}>
                    {field.field}: {field.before} → {field.after}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
