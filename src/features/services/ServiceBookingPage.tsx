import { site, telHref } from "~/config/site";
import { BookingCalendar } from "~/features/bookings/BookingCalendar";
import {
  described,
  FieldError,
  fieldId,
  personFields,
  TextFields,
  type PersonField,
  BookingSubmit,
} from "~/features/bookings/BookingFields";
import { fieldLimits } from "~/lib/visitor-fields";
import { isCalendarDay, longDate } from "~/lib/calendar-days";
import { BusinessHours } from "~/ui/BusinessHours";
import { Link } from "~/ui/links";
import { PageHero } from "~/ui/PageHero";
import { serviceBookingCopy } from "./service-booking-content";
import type { ServiceBookingPageData } from "./service-booking-page.server";
import { rateSentence, serviceIds, serviceOfferOf, vehicleMax, type ServiceId } from "./service-booking-rules";
import { serviceBookingPath } from "./service-paths";

/** What the route action sends back when the server refused a request: the message, each field's, what was typed. */
export interface ServiceBookingRefusal {
  error: string;
  fields: Record<string, string>;
  values: Partial<Record<ServiceField, string>>;
}

type ServiceField = "date" | "service" | "vehicle" | "message" | PersonField;

/**
 * Book a service drop-off: a calendar of the service department's free slots whose days are plain
 * links, then one form (the day, the work, the cart, what is wrong, the owner) posted to the page
 * itself. A plain document: it works the same with no script at all.
 */
export function ServiceBookingPage({
  page,
  refusal,
  robotCheckKey,
}: {
  page: ServiceBookingPageData;
  refusal?: ServiceBookingRefusal;
  robotCheckKey?: string;
}) {
  const { search } = page;
  const fields: Record<string, string | undefined> = {
    ...(page.dateProblem ? { date: page.dateProblem } : {}),
    ...refusal?.fields,
  };
  const values = refusal?.values ?? {};
  const asked = values.date ?? search.date;
  // A date field holds a real day or nothing (a browser could not show "soon" in it either).
  const date = isCalendarDay(asked) ? asked : "";
  const chosenService = (serviceIds as readonly string[]).includes(values.service ?? "")
    ? (values.service as ServiceId)
    : page.service;
  const here = serviceBookingPath(search);
  return (
    <>
      <PageHero title={serviceBookingCopy.title} lead={serviceBookingCopy.lead} />
      <div className="container page-section booking service-booking">
        {refusal ? (
          <p role="alert" className="field__error booking__alert">
            {refusal.error}
          </p>
        ) : null}

        <section id="calendar" aria-labelledby="service-calendar-title" className="booking__step">
          <h2 id="service-calendar-title">{serviceBookingCopy.calendarTitle}</h2>
          <p className="muted">
            {serviceBookingCopy.calendarHint} Drop-offs can be booked from {longDate(page.window.first)} to{" "}
            {longDate(page.window.last)}.
          </p>
          <BookingCalendar
            months={page.months}
            previousHref={page.previousMonth ? serviceBookingPath(search, { month: page.previousMonth }) : null}
            nextHref={page.nextMonth ? serviceBookingPath(search, { month: page.nextMonth }) : null}
            hrefOf={(day) => `${serviceBookingPath(search, { date: day.date })}#details`}
            isChosen={(day) => day.date === search.date}
            chosenLabel="your drop-off day"
            current={search.date}
          />
        </section>

        <div className="booking__columns">
          <section id="details" aria-labelledby="service-details-title" className="booking__step">
            <h2 id="service-details-title">{serviceBookingCopy.formTitle}</h2>
            <form method="post" action={here} noValidate className="booking-form service-booking__form">
              <div className="field">
                <label htmlFor={fieldId("service", "date")}>Drop-off day</label>
                <input
                  {...described("service", "date", fields.date, {
                    hintId: date ? undefined : "service-date-hint",
                    required: true,
                  })}
                  type="date"
                  min={page.window.first}
                  max={page.window.last}
                  // A date field holds a date or nothing: text sent by hand is named by the error instead.
                  defaultValue={isCalendarDay(date ?? "") ? date : ""}
                />
                <FieldError prefix="service" name="date" message={fields.date} />
                {date ? (
                  <p className="muted">{longDate(date)}</p>
                ) : (
                  <p id="service-date-hint" className="muted">
                    Pick a day in the calendar above or type one here.
                  </p>
                )}
              </div>
              <div className="field">
                <label htmlFor={fieldId("service", "service")}>Service</label>
                <select
                  {...described("service", "service", fields.service, {
                    hintId: chosenService ? "service-rate" : undefined,
                    required: true,
                  })}
                  defaultValue={chosenService ?? ""}
                >
                  <option value="">Choose a service</option>
                  {serviceIds.map((id) => {
                    const offer = serviceOfferOf(id);
                    return (
                      <option key={id} value={id}>
                        {offer.title} ({offer.priceText})
                      </option>
                    );
                  })}
                </select>
                <FieldError prefix="service" name="service" message={fields.service} />
                {chosenService ? (
                  <p id="service-rate" className="muted">
                    {rateSentence(chosenService)}
                  </p>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor={fieldId("service", "vehicle")}>Your cart: make, model and year</label>
                <input
                  {...described("service", "vehicle", fields.vehicle, { required: true })}
                  type="text"
                  maxLength={vehicleMax}
                  autoComplete="off"
                  defaultValue={values.vehicle}
                />
                <FieldError prefix="service" name="vehicle" message={fields.vehicle} />
              </div>
              <div className="field">
                <label htmlFor={fieldId("service", "message")}>What is wrong?</label>
                <textarea
                  {...described("service", "message", fields.message, {
                    hintId: "service-message-hint",
                    required: true,
                  })}
                  rows={6}
                  maxLength={fieldLimits.messageMax}
                  defaultValue={values.message}
                />
                <FieldError prefix="service" name="message" message={fields.message} />
                <p id="service-message-hint" className="muted">
                  What happens, since when, and anything you have tried: at least {fieldLimits.messageMin} characters.
                </p>
              </div>
              <fieldset className="booking-fieldset">
                <legend>How we reach you</legend>
                <TextFields prefix="service" fields={personFields} errors={fields} values={values} required />
              </fieldset>
              <BookingSubmit
                robotCheckKey={robotCheckKey}
                label={serviceBookingCopy.submit}
                note={serviceBookingCopy.afterSubmit}
              />
            </form>
          </section>

          <aside aria-labelledby="service-rates-title" className="booking-terms service-booking__rates">
            <h2 id="service-rates-title">What the work costs</h2>
            <dl className="facts-list">
              {serviceIds.map((id) => {
                const offer = serviceOfferOf(id);
                return (
                  <div key={id}>
                    <dt>{offer.title}</dt>
                    <dd>{offer.priceText}</dd>
                  </div>
                );
              })}
            </dl>
            <p>{serviceBookingCopy.noTotal}</p>
            <h3>When to bring the cart</h3>
            <BusinessHours departments={[site.serviceHours]} />
            <p>
              Questions first? <Link to="/services">See our services</Link> or call{" "}
              <a href={telHref()}>{site.phone.display}</a>.
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}
