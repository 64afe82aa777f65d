import { depositTerms } from "~/config/deposits";
import type { ReactNode } from "react";
import { DeliveryOptions } from "~/ui/DeliveryOptions";
import { rentalPlans, rentalTerms } from "~/config/rental-plans";
import { formatMoney } from "~/lib/format";
import { Link } from "~/ui/links";
import { PageHero } from "~/ui/PageHero";
import type { BookingPageData } from "./booking-page.server";
import type { CalendarDay } from "~/features/bookings/availability-calendar";
import { BookingCalendar } from "~/features/bookings/BookingCalendar";
import {
  described,
  FieldError,
  personFields,
  TextFields,
  type PersonField,
  BookingSubmit,
  CheckField,
} from "~/features/bookings/BookingFields";
import { rentalBookingPagePath, rentalBookingPath } from "./rental-paths";
import { addDays, longDate } from "~/lib/calendar-days";
import { QuoteTable } from "~/ui/QuoteTable";
import { RentalTermsList } from "./RentalTerms";

/** What the route action sends back when the server refused a booking. */
export interface BookingRefusal {
  error: string;
  fields: Record<string, string>;
  values: Partial<Record<PersonField, string>>;
}

/**
 * The booking page as the server renders it: without JavaScript every step is a link or a form
 * the server answers. With JavaScript rental-booking.island.ts makes it live: the calendar, the
 * cart buttons and "Show price" change the page in place, a change of length, delivery or drivers
 * reprices at once, and the renter's details are checked before the booking is sent. It finds the
 * parts by the classes and ids below.
 */
export function BookingPage({
  page,
  refusal,
  robotCheckKey,
  waitingList,
}: {
  page: BookingPageData & { onlineDeposit: number | null };
  refusal?: BookingRefusal;
  robotCheckKey?: string;
  /** The waiting list's link for a trip with a full day, which the route supplies (the alerts feature). */
  waitingList?: ReactNode;
}) {
  const { search, problems, quote } = page;
  const fields: Record<string, string | undefined> = { ...problems, ...refusal?.fields };
  const planTitle = rentalPlans.find((plan) => plan.id === page.plan)?.title;
  const here = rentalBookingPath(search);
  return (
    <>
      <PageHero
        title={<>Book a rental cart</>}
        lead={
          <>
            See which days each cart is free, get the exact price, and hold a cart. Nothing is charged to book: our
            staff call to confirm.
          </>
        }
      />
      <div className="container page-section booking">
        {refusal ? (
          <p role="alert" className="field__error booking__alert">
            {refusal.error}
          </p>
        ) : null}
        {waitingList}

        <section aria-labelledby="booking-class-title" className="booking__step">
          <h2 id="booking-class-title">1. Choose a cart</h2>
          <ul className="booking-classes">
            {rentalPlans.map((plan) => (
              <li key={plan.id}>
                <Link
                  to={`${rentalBookingPath(search, { plan: plan.id })}#calendar`}
                  rel="nofollow"
                  className={plan.id === page.plan ? "button button--primary" : "button button--ghost"}
                  aria-current={plan.id === page.plan ? "true" : undefined}
                >
                  {plan.title}
                </Link>
              </li>
            ))}
          </ul>
          <FieldError prefix="booking" name="plan" message={fields.plan} />
        </section>

        {page.plan ? (
          <section id="calendar" aria-labelledby="booking-calendar-title" className="booking__step">
            <h2 id="booking-calendar-title">2. Pick a start day: {planTitle} availability</h2>
            <p className="muted">
              Each day says whether a {planTitle} is free, only 1 is left, or all are booked. Rentals start from today
              to {longDate(page.window.lastStart)}.
            </p>
            <BookingCalendar
              months={page.months}
              previousHref={page.previousMonth ? rentalBookingPath(search, { month: page.previousMonth }) : null}
              nextHref={page.nextMonth ? rentalBookingPath(search, { month: page.nextMonth }) : null}
              hrefOf={(day) => `${rentalBookingPath(page.search, { start: day.date })}#trip`}
              isChosen={(day) => inTrip(page, day)}
              chosenLabel="in your rental"
              current={page.search.start}
            />
          </section>
        ) : null}

        <div className="booking__columns">
          <section id="trip" aria-labelledby="booking-trip-title" className="booking__step">
            <h2 id="booking-trip-title">3. Your rental</h2>
            <form method="get" action={rentalBookingPagePath} noValidate className="booking-form booking-trip-form">
              <input type="hidden" name="plan" value={search.plan} />
              <input type="hidden" name="month" value={search.month} />
              <div className="field">
                <label htmlFor="booking-start">Start day</label>
                <input
                  {...described("booking", "start", fields.start)}
                  type="date"
                  min={page.window.today}
                  max={page.window.lastStart}
                  defaultValue={search.start}
                  key={`start-${search.start}`}
                />
                <FieldError prefix="booking" name="start" message={fields.start} />
                {search.start ? null : <p className="muted">Pick a day in the calendar or type one here.</p>}
              </div>
              <div className="field">
                <label htmlFor="booking-days">Days (1 to {rentalTerms.maximumDays})</label>
                <input
                  {...described("booking", "days", fields.days)}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={rentalTerms.maximumDays}
                  defaultValue={search.days}
                />
                <FieldError prefix="booking" name="days" message={fields.days} />
              </div>
              <div className="field">
                <label htmlFor="booking-delivery">Pickup or delivery</label>
                <select {...described("booking", "delivery", fields.delivery)} defaultValue={search.delivery}>
                  <DeliveryOptions />
                </select>
                <FieldError prefix="booking" name="delivery" message={fields.delivery} />
              </div>
              <div className="field">
                <label htmlFor="booking-drivers">Additional drivers</label>
                <select {...described("booking", "drivers", fields.drivers)} defaultValue={search.drivers}>
                  {Array.from({ length: rentalTerms.maximumAdditionalDrivers + 1 }, (_, count) => (
                    <option key={count} value={String(count)}>
                      {count === 0 ? "None" : `${count} (${formatMoney(count * rentalTerms.additionalDriverFee)})`}
                    </option>
                  ))}
                </select>
                <FieldError prefix="booking" name="drivers" message={fields.drivers} />
              </div>
              <button type="submit" className="button button--primary">
                Show price
              </button>
            </form>
          </section>
          <RentalTermsList headingId="booking-terms-title" />
        </div>

        <div aria-live="polite" className="booking-live">
          {quote ? (
            <section aria-labelledby="booking-quote-title" className="booking__step booking-quote">
              <h2 id="booking-quote-title">Your price</h2>
              <p>
                {planTitle}, {longDate(quote.start)} to {longDate(quote.returnDay)}.
              </p>
              <QuoteTable lines={quote.lines} total={quote.total} />
              <p className="booking-quote__deposit">
                Refundable deposit, held on your card and not part of the total:{" "}
                <strong>{formatMoney(quote.deposit)}</strong>
              </p>
              {page.onlineDeposit === null ? null : (
                <p className="booking-quote__deposit">
                  Once it is booked, secure it from its page with {depositTerms.rental.sharePercent}% of this total paid
                  online: <strong>{formatMoney(page.onlineDeposit / 100)}</strong>; the balance at pickup.
                </p>
              )}
            </section>
          ) : null}
        </div>
        {quote ? (
          <>
            <section aria-labelledby="booking-renter-title" className="booking__step">
              <h2 id="booking-renter-title">4. Your details</h2>
              <form method="post" action={here} noValidate className="booking-form booking-renter-form">
                <input type="hidden" name="plan" value={quote.plan} />
                <input type="hidden" name="start" value={quote.start} />
                <input type="hidden" name="days" value={String(quote.days)} />
                <input type="hidden" name="delivery" value={search.delivery} />
                <input type="hidden" name="drivers" value={search.drivers} />
                <TextFields prefix="booking" fields={personFields} errors={fields} values={refusal?.values ?? {}} />
                <CheckField prefix="booking" name="ageConfirmed" message={fields.ageConfirmed}>
                  The renter is {rentalTerms.minimumAge} or older and will show {rentalTerms.renterShows}
                </CheckField>
                <BookingSubmit
                  robotCheckKey={robotCheckKey}
                  label="Request this booking"
                  note="Nothing is charged now. We hold the cart and call you to confirm."
                />
              </form>
            </section>
          </>
        ) : null}
      </div>
    </>
  );
}

/** Whether a day falls in the rental the page shows (as quoted, or as asked). */
function inTrip(page: BookingPageData, day: CalendarDay): boolean {
  const days = Number(page.search.days);
  const tripEnd = page.quote
    ? addDays(page.quote.start, page.quote.days)
    : Number.isInteger(days) && days > 0 && page.search.start
      ? addDays(page.search.start, days)
      : "";
  return Boolean(tripEnd) && day.date >= page.search.start && day.date < tripEnd;
}
