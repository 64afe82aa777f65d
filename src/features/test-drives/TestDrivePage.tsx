import { site, telHref } from "~/config/site";
import { testDrivePlaces } from "~/config/test-drives";
import { BookingSubmit, described, FieldError, personFields, TextFields } from "~/features/bookings/BookingFields";
import type { FormRefusal } from "~/features/bookings/booking-flow.server";
import { canonicalVehiclePath, vehicleTestDrivePath } from "~/features/catalogue/vehicle-address";
import { weekdayDate } from "~/lib/calendar-days";
import { formatTimeOfDay } from "~/lib/format";
import { Link } from "~/ui/links";
import { placeWords, testDriveCopy } from "./test-drive-content";
import type { TestDrivePageData } from "./test-drive-page.server";
import { homeTowns } from "./test-drive-rules";

/**
 * Book a test drive of this cart: where (a GET form, so the times shown are that place's), then
 * the time, the town for a drive at home, and the driver (a POST the server answers with the
 * booking's private page). Plain forms: the same with or without a script.
 */
export function TestDrivePage({
  page,
  refusal,
  robotCheckKey,
}: {
  page: TestDrivePageData;
  refusal?: FormRefusal;
  robotCheckKey?: string;
}) {
  const { vehicle, where, days } = page;
  const fields = refusal?.fields ?? {};
  const values = refusal?.values ?? {};
  const slotError = fields.time ?? fields.date;
  return (
    <div className="container page-section reserve test-drive">
      <p>
        <Link to={canonicalVehiclePath(vehicle.id)}>← Back to the {vehicle.name}</Link>
      </p>
      <h1>{testDriveCopy.title(vehicle.name)}</h1>
      {vehicle.inStock ? (
        <p>{testDriveCopy.lead}</p>
      ) : (
        <p role="status" className="field__error">
          {testDriveCopy.notInStock} <a href={telHref()}>{site.phone.display}</a>
        </p>
      )}
      {vehicle.inStock ? (
        <>
          <section aria-labelledby="test-drive-where-title">
            <h2 id="test-drive-where-title">{testDriveCopy.whereTitle}</h2>
            <form method="get" action={vehicleTestDrivePath(vehicle.id)}>
              <fieldset>
                <legend className="visually-hidden">{testDriveCopy.whereTitle}</legend>
                {testDrivePlaces.map((place) => (
                  <label key={place} className="choice">
                    <input type="radio" name="where" value={place} defaultChecked={place === where} />{" "}
                    {placeWords[place].choice}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="button button--ghost">
                {testDriveCopy.showTimes}
              </button>
            </form>
          </section>
          <section aria-labelledby="test-drive-when-title">
            <h2 id="test-drive-when-title">{testDriveCopy.whenTitle}</h2>
            <p>{placeWords[where].fact}.</p>
            {refusal ? (
              <p role="alert" className="field__error">
                {refusal.error}
              </p>
            ) : null}
            {days.length === 0 ? <p role="status">{testDriveCopy.noSlots}</p> : null}
            <form method="post" action={vehicleTestDrivePath(vehicle.id, where)} noValidate className="reserve-form">
              <input type="hidden" name="vehicleId" value={vehicle.id} />
              <input type="hidden" name="where" value={where} />
              <div className="field">
                <label htmlFor="test-drive-slot">{testDriveCopy.slotLabel}</label>
                <select
                  {...described("test-drive", "slot", slotError, { required: true })}
                  defaultValue={values.slot ?? ""}
                >
                  <option value="">{testDriveCopy.chooseSlot}</option>
                  {days.map((day) => (
                    <optgroup key={day.date} label={weekdayDate(day.date)}>
                      {day.slots.map((slot) => (
                        <option key={slot.time} value={`${day.date}T${slot.time}`}>
                          {weekdayDate(day.date)}, {formatTimeOfDay(slot.time)}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                <FieldError prefix="test-drive" name="slot" message={slotError} />
              </div>
              {where === "home" ? (
                <div className="field">
                  <label htmlFor="test-drive-town">{testDriveCopy.townLabel}</label>
                  <select
                    {...described("test-drive", "town", fields.town, { required: true })}
                    defaultValue={values.town ?? ""}
                  >
                    <option value="">{testDriveCopy.chooseTown}</option>
                    {homeTowns.map(({ town, distance }) => (
                      <option key={town.slug} value={town.slug}>
                        {town.name} ({distance})
                      </option>
                    ))}
                  </select>
                  <FieldError prefix="test-drive" name="town" message={fields.town} />
                </div>
              ) : null}
              <TextFields prefix="test-drive" fields={personFields} errors={fields} values={values} required />
              <FieldError prefix="test-drive" name="where" message={fields.where ?? fields.vehicleId} />
              <BookingSubmit
                robotCheckKey={robotCheckKey}
                label={testDriveCopy.submit}
                note={testDriveCopy.afterSubmit}
              />
            </form>
          </section>
        </>
      ) : null}
    </div>
  );
}
