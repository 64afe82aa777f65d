import { RobotCheck } from "~/ui/RobotCheck";
import { site, telHref } from "~/config/site";
import { AvailabilityMonth } from "~/features/bookings/AvailabilityMonth";
import { contactLimits } from "~/features/contact/contact-rules";
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

type OwnerField = "firstName" | "lastName" | "email" | "phone";
type ServiceField = "date" | "service" | "vehicle" | "message" | OwnerField;

const ownerFields: { name: OwnerField; label: string; type: string; autoComplete: string }[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "E-mail", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
];

const idOf = (name: string) => `service-${name}`;
const errorIdOf = (name: string) => `service-${name}-error`;

function FieldError({ name, message }: { name: string; message: string | undefined }) {
  return message ? (
    <p id={errorIdOf(name)} className="field__error">
      {message}
    </p>
  ) : null;
}

/** Props for a field whose server message, and any hint, sit right below it. */
function described(name: string, message: string | undefined, hintId?: string) {
  const describedBy = [message ? errorIdOf(name) : null, hintId ?? null].filter(Boolean).join(" ");
  return {
    id: idOf(name),
    name,
    required: true,
    "aria-invalid": message ? ("true" as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

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
          <nav className="calendar-nav" aria-label="Calendar months">
            {page.previousMonth ? (
              <Link
                to={`${serviceBookingPath(search, { month: page.previousMonth })}#calendar`}
                rel="nofollow"
                preventScrollReset
              >
                Previous month
              </Link>
            ) : (
              <span className="muted">Previous month</span>
            )}
            {page.nextMonth ? (
              <Link
                to={`${serviceBookingPath(search, { month: page.nextMonth })}#calendar`}
                rel="nofollow"
                preventScrollReset
              >
                Next month
              </Link>
            ) : (
              <span className="muted">Next month</span>
            )}
          </nav>
          <div className="calendar-months">
            {page.months.map((month) => (
              <AvailabilityMonth
                key={month.month}
                month={month}
                hrefOf={(day) => `${serviceBookingPath(search, { date: day.date })}#details`}
                isChosen={(day) => day.date === search.date}
                chosenLabel="your drop-off day"
                current={search.date}
              />
            ))}
          </div>
        </section>

        <div className="booking__columns">
          <section id="details" aria-labelledby="service-details-title" className="booking__step">
            <h2 id="service-details-title">{serviceBookingCopy.formTitle}</h2>
            <form method="post" action={here} noValidate className="booking-form service-booking__form">
              <div className="field">
                <label htmlFor={idOf("date")}>Drop-off day</label>
                <input
                  {...described("date", fields.date, date ? undefined : "service-date-hint")}
                  type="date"
                  min={page.window.first}
                  max={page.window.last}
                  // A date field holds a date or nothing: text sent by hand is named by the error instead.
                  defaultValue={isCalendarDay(date ?? "") ? date : ""}
                />
                <FieldError name="date" message={fields.date} />
                {date ? (
                  <p className="muted">{longDate(date)}</p>
                ) : (
                  <p id="service-date-hint" className="muted">
                    Pick a day in the calendar above or type one here.
                  </p>
                )}
              </div>
              <div className="field">
                <label htmlFor={idOf("service")}>Service</label>
                <select
                  {...described("service", fields.service, chosenService ? "service-rate" : undefined)}
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
                <FieldError name="service" message={fields.service} />
                {chosenService ? (
                  <p id="service-rate" className="muted">
                    {rateSentence(chosenService)}
                  </p>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor={idOf("vehicle")}>Your cart: make, model and year</label>
                <input
                  {...described("vehicle", fields.vehicle)}
                  type="text"
                  maxLength={vehicleMax}
                  autoComplete="off"
                  defaultValue={values.vehicle}
                />
                <FieldError name="vehicle" message={fields.vehicle} />
              </div>
              <div className="field">
                <label htmlFor={idOf("message")}>What is wrong?</label>
                <textarea
                  {...described("message", fields.message, "service-message-hint")}
                  rows={6}
                  maxLength={contactLimits.messageMax}
                  defaultValue={values.message}
                />
                <FieldError name="message" message={fields.message} />
                <p id="service-message-hint" className="muted">
                  What happens, since when, and anything you have tried: at least {contactLimits.messageMin} characters.
                </p>
              </div>
              <fieldset className="service-booking__owner">
                <legend>How we reach you</legend>
                <div className="field-grid">
                  {ownerFields.map((field) => (
                    <div className="field" key={field.name}>
                      <label htmlFor={idOf(field.name)}>{field.label}</label>
                      <input
                        {...described(field.name, fields[field.name])}
                        type={field.type}
                        autoComplete={field.autoComplete}
                        defaultValue={values[field.name]}
                      />
                      <FieldError name={field.name} message={fields[field.name]} />
                    </div>
                  ))}
                </div>
              </fieldset>
              <RobotCheck siteKey={robotCheckKey} />
              <button type="submit" className="button button--accent">
                {serviceBookingCopy.submit}
              </button>
              <p className="muted">{serviceBookingCopy.afterSubmit}</p>
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
