import { Link } from "~/ui/links";
import { site, telHref } from "~/config/site";
import { formatPrice } from "~/lib/format";
import { periodLabel, rentalPlans, rentalTerms, type RentalPlan } from "~/config/rental-plans";
import { rentalTaxNote } from "~/config/taxes";
import { PageHero } from "~/ui/PageHero";
import { rentalFleetOrigin } from "~/lib/delivery";
import { rentalBookingPath } from "./rental-paths";
import { rentalBenefits, rentalPromise } from "./rentals-content";

const perDay = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

export function RentalsPage() {
  return (
    <>
      <PageHero
        title={<>Golf Cart Rentals</>}
        lead={
          <>
            4-seat, 6-seat and utility carts for events, vacations, camps and job sites, delivered across {site.county}.
            {rentalPromise}
          </>
        }
      >
        <a href={telHref()} className="button button--accent">
          Call {site.phone.display}
        </a>
      </PageHero>
      <section className="container page-section">
        <h2>Why rent from us</h2>
        <ul className="check-list grid">
          {rentalBenefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>
      <section className="section-alt page-section" aria-labelledby="rental-plans">
        <div className="container">
          <h2 id="rental-plans" className="section-heading">
            Rental plans
          </h2>
          <div className="grid grid--wide">
            {rentalPlans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </div>
        </div>
      </section>
      <section className="container page-section">
        <h2>Delivery and rental terms</h2>
        <ul className="check-list">
          <li>
            Delivery is free within {rentalTerms.deliveryFreeMiles} miles of {rentalFleetOrigin.name}, then{" "}
            {formatPrice(rentalTerms.deliveryPerMile)} per mile beyond {rentalTerms.deliveryFreeMiles} miles, charged
            once per rental (it covers delivery and pickup). Each town page shows its own charge.
          </li>
          <li>Rental periods run in {rentalTerms.incrementHours}-hour increments; early returns are not refunded.</li>
          <li>{rentalTaxNote}</li>
          <li>
            Renters must be {rentalTerms.minimumAge}+ with {rentalTerms.renterShows}. Refundable deposit:{" "}
            {rentalPlans.map((plan) => `${plan.title} ${formatPrice(plan.deposit)}`).join(", ")}.
          </li>
          <li>
            See the full <Link to="/policies/rental-policy">rental policy</Link> for fees and cancellations.
          </li>
        </ul>
      </section>
      <section className="section-alt page-section">
        <div className="container">
          <h2>Need help choosing?</h2>
          <p>Tell us the date, the place and how many riders; we will suggest the right cart and plan.</p>
          <a href={telHref()} className="button button--primary">
            Call {site.phone.display}
          </a>
        </div>
      </section>
    </>
  );
}

function PlanCard({ plan }: { plan: RentalPlan }) {
  return (
    <article className="card" aria-labelledby={`plan-${plan.id}`}>
      <span className="badge badge--new">{plan.badge}</span>
      <h3 id={`plan-${plan.id}`}>{plan.title}</h3>
      <p>{plan.description}</p>
      <div className="table-wrap" role="region" aria-label={`${plan.title} rates`} tabIndex={0}>
        <table className="data-table data-table--stack">
          <caption className="visually-hidden">{plan.title} rates</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Price</th>
              <th scope="col">Savings</th>
              <th scope="col">Renewal per day</th>
            </tr>
          </thead>
          <tbody>
            {plan.rates.map((rate) => (
              <tr key={rate.period}>
                <th scope="row">{periodLabel(rate.period)}</th>
                <td data-label="Price">{formatPrice(rate.price)}</td>
                <td data-label="Savings">{rate.savingsPercent === null ? "—" : `Save ${rate.savingsPercent}%`}</td>
                <td data-label="Renewal per day">{perDay.format(rate.renewalPerDay)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        Delivery: free within {rentalTerms.deliveryFreeMiles} miles, {formatPrice(rentalTerms.deliveryPerMile)}/mile
        beyond, once per rental. Deposit {formatPrice(plan.deposit)}.
      </p>
      {/* Booking online leads; the spec's RESERVE TODAY call stays beside it for those who would rather phone. */}
      <div className="card__footer button-row">
        <Link
          to={rentalBookingPath({}, { plan: plan.id })}
          className="button button--primary"
          aria-label={`Book online: ${plan.title}`}
        >
          Book online
        </Link>
        <a
          href={telHref()}
          className="button button--ghost"
          aria-label={`Reserve today by phone: ${plan.title}, call ${site.phone.display}`}
        >
          Reserve today by phone
        </a>
      </div>
    </article>
  );
}
