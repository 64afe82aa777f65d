import { Link } from "~/ui/links";
import { mailtoHref, site, telHref } from "~/config/site";
import { BusinessHours } from "~/ui/BusinessHours";
import { serviceOffers, serviceReasons, serviceTaxNote } from "./services";
import { InfoCards } from "~/ui/InfoCards";
import { PageHero } from "~/ui/PageHero";

export function ServicesPage() {
  return (
    <>
      <PageHero
        title={<>Golf Cart Service &amp; Repair</>}
        lead={<>Maintenance, batteries, custom builds and warranty work by technicians who know your cart.</>}
      >
        <Link to="/services/book" className="button button--on-dark">
          Book a service
        </Link>
        <a href={telHref()} className="button button--accent">
          Book service: {site.phone.display}
        </a>
      </PageHero>
      <section className="container page-section">
        <div className="grid">
          {serviceOffers.map((offer) => (
            <article key={offer.id} className="card">
              <p className="service-icon" aria-hidden="true">
                {offer.icon}
              </p>
              <h2>{offer.title}</h2>
              <p>{offer.description}</p>
              <ul className="check-list">
                {offer.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <p className="price card__footer">{offer.priceText}</p>
            </article>
          ))}
        </div>
        <p className="muted" data-testid="service-tax">
          {serviceTaxNote}
        </p>
      </section>
      <section className="section-alt page-section">
        <div className="container">
          <h2 className="section-heading">Why choose our service department</h2>
          <InfoCards items={serviceReasons} />
        </div>
      </section>
      <section className="container page-section grid grid--wide">
        <div className="card">
          <h2>Call the service desk</h2>
          <p>
            <a href={telHref()}>{site.phone.display}</a> · <a href={mailtoHref("service")}>{site.emails.service}</a>
          </p>
          <BusinessHours departments={[site.serviceHours]} />
        </div>
        <div className="card">
          <h2>Send the details</h2>
          <p>Describe the problem and we will call back with an estimate and a time.</p>
          <Link to="/contact" className="button button--primary">
            Request service
          </Link>
        </div>
      </section>
    </>
  );
}
