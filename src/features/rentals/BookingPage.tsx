import type { ReactNode } from "react";
import { DeliveryOptions } from "~/ui/DeliveryOptions";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import { rentalPlans, rentalTerms } from "~/config/rental-plans";
import { formatMoney } from "~/lib/format";
import { Link } from "~/ui/links";
import { PageHero } from "~/ui/PageHero";
import type { RenterProblems } from "./booking-form-schema";
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
import { rentalBookingPath } from "./rental-paths";
import { addDays, longDate } from "~/lib/calendar-days";
import { QuoteTable } from "~/ui/QuoteTable";
import { RentalTermsList } from "./RentalTerms";

/** What the route action sends back when the server refused a booking. */
export interface BookingRefusal {
  error: string;
  fields: Record<string, string>;
  values: Partial<Record<PersonField, string>>;
}

export function BookingPage({
  page,
  refusal,
  robotCheckKey,
  waitingList,
}: {
  page: BookingPageData;
  refusal?: BookingRefusal;
  robotCheckKey?: string;
  /** The waiting list's link for a trip with a full day, which the route supplies (the alerts feature). */
  waitingList?: ReactNode;
}) {
  const { search, problems, quote } = page;
  const renterCheck = useRenterCheck();
  const fields: Record<string, string | undefined> = { ...problems, ...refusal?.fields, ...renterCheck.errors };
  const planTitle = rentalPlans.find((plan) => plan.id === page.plan)?.title;
  const here = rentalBookingPath(search);
  const liveQuote = useLiveQuote();
  return (
    <>
      <PageHero
        title={<>Book a rental cart</>}
        lead={
          <>
            See which days each cart is free, get the exact price, and hold a cart. Nothing is charged online: our staff
            call to confirm.
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
            <Form
              method="get"
              action="/rentals/book"
              noValidate
              preventScrollReset
              className="booking-form"
              onChange={liveQuote.onChange}
              onSubmit={liveQuote.cancel}
            >
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
            </Form>
          </section>
          <RentalTermsList headingId="booking-terms-title" />
        </div>

        <div aria-live="polite">
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
            </section>
          ) : null}
        </div>
        {quote ? (
          <>
            <section aria-labelledby="booking-renter-title" className="booking__step">
              <h2 id="booking-renter-title">4. Your details</h2>
              <Form
                method="post"
                action={here}
                noValidate
                className="booking-form"
                onFocus={renterCheck.onFocus}
                onSubmit={(event) => {
                  liveQuote.cancel();
                  renterCheck.onSubmit(event);
                }}
              >
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
              </Form>
            </section>
          </>
        ) : null}
      </div>
    </>
  );
}

/**
 * With JavaScript, the renter's details are checked before the booking is sent: a missing name or
 * the unticked age box is named at once, with the focus on it. The check's code is fetched when the
 * renter reaches the form, so the calendar does not wait for it; the server checks everything again.
 */
function useRenterCheck() {
  const submit = useSubmit();
  const [errors, setErrors] = useState<RenterProblems>({});
  const loadCheck = () => import("./booking-form-schema");
  return {
    errors,
    onFocus: () => void loadCheck(),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      loadCheck().then(
        ({ renterProblems }) => {
          const problems = renterProblems(new FormData(form));
          setErrors(problems);
          const firstInvalid = Object.keys(problems)[0];
          if (firstInvalid) form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
          else void submit(form);
        },
        // The check could not be fetched (a dropped connection): the server's check is enough.
        () => form.submit(),
      );
    },
  };
}

/** Fields whose change reprices the trip at once; the start waits for its own submit. */
const livePricedFields = new Set(["days", "delivery", "drivers"]);

/**
 * With JavaScript, a change of length, delivery or drivers asks the page again (its loader, the
 * same checks as "Show price") a moment after the renter stops typing, so the quote and the booking
 * form's hidden fields never disagree. Without JavaScript, "Show price" does the same.
 *
 * A re-pricing still waiting when the renter sends either form is dropped: "Show price" asks the
 * same, and a late one would start a navigation that cancels the booking on its way (seen on a
 * busy machine, where the timer fired after the booking was sent).
 */
function useLiveQuote() {
  const submit = useSubmit();
  const timer = useRef<number | undefined>(undefined);
  const cancel = () => window.clearTimeout(timer.current);
  useEffect(() => cancel, []);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    const form = event.currentTarget;
    const start = form.elements.namedItem("start") as HTMLInputElement | null;
    if (!livePricedFields.has(field.name) || !start?.value) return;
    cancel();
    timer.current = window.setTimeout(() => {
      void submit(form, { preventScrollReset: true, replace: true });
    }, 400);
  };
  return { onChange, cancel };
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
