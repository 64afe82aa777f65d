import {
  described,
  FieldError,
  personFields,
  TextFields,
  type TextField,
  BookingSubmit,
  CheckField,
} from "~/features/bookings/BookingFields";
import { storagePools, type StorageSpace } from "~/config/booking-pools";
import { storage } from "~/config/business-terms";
import { site, telHref } from "~/config/site";
import { formatPrice } from "~/lib/format";
import { Link } from "~/ui/links";
import { PageHero } from "~/ui/PageHero";
import { QuoteTable } from "~/ui/QuoteTable";
import type { StorageBookPageData } from "./storage-book-page.server";
import { storageMonthLimits, storageSpaceNames, storageVehicleMaxLength } from "./storage-content";
import { planValue, storageBookingPath, storageBookPath, storagePagePath } from "./storage-paths";
import { seasonText, stayDates, stayName } from "./storage-quote";
import { noPaymentOnline } from "./storage-view";
import { StorageTermsList } from "./StorageTerms";

/** What the route action hands back when the server refused a booking: the message, each field's, what was typed. */
export interface StorageBookingRefusal {
  error: string;
  fields: Record<string, string>;
  values: Record<string, string>;
}

const ownerFields: readonly TextField[] = [
  ...personFields,
  { name: "vehicle", label: "Your cart (make, model, year)", type: "text", maxLength: storageVehicleMaxLength },
];

const spaces = Object.keys(storagePools) as StorageSpace[];
const monthlyPrice: Record<StorageSpace, number> = { indoor: storage.indoorMonthly, outdoor: storage.outdoorMonthly };

const monthChoices = Array.from(
  { length: storageMonthLimits.max - storageMonthLimits.min + 1 },
  (_, index) => storageMonthLimits.min + index,
);

/**
 * Book a storage space: the stay (a GET form the server answers with the price, line by line), then
 * the owner's details (a POST the server answers with the booking's private page). Plain forms, so it
 * works the same with no script, and after a refusal every field shows what was typed.
 */
export function StorageBookingPage({
  page,
  refusal,
  robotCheckKey,
}: {
  page: StorageBookPageData;
  refusal?: StorageBookingRefusal;
  robotCheckKey?: string;
}) {
  const { search, quote, request } = page;
  const refused = refusal?.fields ?? {};
  const fields: Record<string, string | undefined> = {
    ...page.problems,
    ...refused,
    plan: refused.package ?? refused.months ?? page.problems.plan,
  };
  const sent = refusal?.values ?? {};
  const here = storageBookingPath(search);
  return (
    <>
      <PageHero
        title={<>Book golf cart storage</>}
        lead={
          <>
            Choose a space and a package, see the price line by line, and book: we hold a space for you and call to
            confirm. Nothing is paid online.
          </>
        }
      />
      <div className="container page-section booking storage-booking">
        <p>
          <Link to={storagePagePath}>← Storage prices and terms</Link>
        </p>
        {refusal ? (
          <p role="alert" className="field__error booking__alert">
            {refusal.error}
          </p>
        ) : null}

        <div className="booking__columns">
          <section aria-labelledby="storage-stay-title" className="booking__step">
            <h2 id="storage-stay-title">1. Your stay</h2>
            <form method="get" action={storageBookPath} noValidate className="booking-form storage-booking__form">
              <div className="field">
                <label htmlFor="storage-space">Space</label>
                <select {...described("storage", "space", fields.space)} required defaultValue={search.space}>
                  <option value="">Choose a space</option>
                  {spaces.map((space) => (
                    <option key={space} value={space}>
                      {storageSpaceNames[space]} ({formatPrice(monthlyPrice[space])} a month)
                    </option>
                  ))}
                </select>
                <FieldError prefix="storage" name="space" message={fields.space} />
              </div>
              <div className="field">
                <label htmlFor="storage-plan">Package</label>
                <select {...described("storage", "plan", fields.plan)} required defaultValue={search.plan}>
                  <option value="">Choose a package</option>
                  <option value="winter">Winter package ({seasonText("winter")})</option>
                  <option value="summer">Summer package ({seasonText("summer")})</option>
                  <optgroup label="Monthly storage">
                    {monthChoices.map((months) => (
                      <option key={months} value={planValue("monthly", months)}>
                        Monthly, {months} {months === 1 ? "month" : "months"}
                      </option>
                    ))}
                  </optgroup>
                </select>
                <FieldError prefix="storage" name="plan" message={fields.plan} />
              </div>
              <div className="field">
                <label htmlFor="storage-start">First day</label>
                <input
                  {...described("storage", "start", fields.start)}
                  type="date"
                  required
                  min={page.window.today}
                  max={page.window.lastStart}
                  defaultValue={search.start || page.suggestedStart}
                />
                <FieldError prefix="storage" name="start" message={fields.start} />
                <p className="muted">
                  A package holds your space from this day to the end of its season; monthly storage, for the months you
                  choose.
                </p>
              </div>
              <fieldset className="booking-fieldset">
                <legend>Add-ons</legend>
                <CheckField
                  prefix="storage"
                  name="maintenance"
                  message={fields.maintenance}
                  defaultChecked={search.maintenance !== ""}
                >
                  Battery and tyre maintenance while stored ({formatPrice(storage.maintenanceMonthly)} a month)
                </CheckField>
                <CheckField prefix="storage" name="prep" message={fields.prep} defaultChecked={search.prep !== ""}>
                  Pre-season preparation ({formatPrice(storage.preSeasonPrep)} once)
                </CheckField>
              </fieldset>
              <button type="submit" className="button button--primary">
                Show my price
              </button>
            </form>
          </section>
          <StorageTermsList headingId="storage-terms-title" as="h2" />
        </div>

        {quote && request ? (
          <>
            <section aria-labelledby="storage-quote-title" className="booking__step booking-quote">
              <h2 id="storage-quote-title">2. Your price</h2>
              <p>
                {stayName(quote)}, {stayDates(quote)}.
              </p>
              <QuoteTable lines={quote.lines} total={quote.total} caption="Storage price" />
              {quote.note ? <p className="storage-booking__note">{quote.note}</p> : null}
              {page.spacesLeft !== null ? (
                <p className="muted">
                  {page.spacesLeft === 1
                    ? `Only one ${storageSpaceNames[quote.space].toLowerCase()} space is left for these dates.`
                    : `${storageSpaceNames[quote.space]} spaces free for every day of these dates: ${page.spacesLeft}.`}
                </p>
              ) : null}
            </section>

            <section aria-labelledby="storage-owner-title" className="booking__step">
              <h2 id="storage-owner-title">3. Your details</h2>
              <form method="post" action={here} noValidate className="booking-form storage-booking__form">
                <input type="hidden" name="space" value={request.space} />
                <input type="hidden" name="package" value={request.package} />
                {request.months !== undefined ? (
                  <input type="hidden" name="months" value={String(request.months)} />
                ) : null}
                <input type="hidden" name="start" value={request.start} />
                {request.maintenance ? <input type="hidden" name="maintenance" value="yes" /> : null}
                {request.prep ? <input type="hidden" name="prep" value="yes" /> : null}
                <TextFields prefix="storage" fields={ownerFields} errors={fields} values={sent} />
                <BookingSubmit robotCheckKey={robotCheckKey} label="Book this space" note={noPaymentOnline} />
              </form>
            </section>
          </>
        ) : null}

        <p>
          Questions before you book? Call <a href={telHref()}>{site.phone.display}</a>.
        </p>
      </div>
    </>
  );
}
