import { Link } from "~/ui/links";
import { formatAddress, site } from "~/config/site";
import { PageHero } from "~/ui/PageHero";
import { nextSteps } from "./thank-you-content";

export function ThankYouPage() {
  const { typicalMin, typicalMax, longest } = site.responseTimeHours;
  return (
    <>
      <PageHero
        title={<>Thank you for your message!</>}
        lead={
          <>
            Please allow up to {longest} hours for a response. We typically reply within {typicalMin}-{typicalMax} hours
            during business hours.
          </>
        }
      />
      <section className="container page-section">
        <h2>What Happens Next</h2>
        <ol className="steps grid">
          {nextSteps.map((step, index) => (
            <li key={step.title} className="card">
              <h3>
                {index + 1}. {step.title}
              </h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="section-alt page-section">
        <div className="container">
          <h2>Visit a partner showroom</h2>
          <div className="grid">
            {site.partnerShowrooms.map((partner) => (
              <div key={partner.name} className="card">
                <h3>{partner.name}</h3>
                <p>{formatAddress(partner.address)}</p>
              </div>
            ))}
          </div>
          <div className="button-row page-section">
            <Link to="/inventory" className="button button--primary">
              Browse inventory
            </Link>
            <Link to="/rentals" className="button button--ghost">
              Rentals
            </Link>
            <Link to="/services" className="button button--ghost">
              Services
            </Link>
            <Link to="/" className="button button--ghost">
              Home
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
